// The patience page: #patience/deal=12345[&start=no-king][&redeals=1]
//
// Wires the table (table.js), the game record (session.js), saving (store.js), drag
// and drop (drag.js), keys (keys.js) and the dialogs together. Every move is put to
// the engine; the page only shows what the engine answers.

import { cardName } from "../cards/card.js";
import "../cards/standard.js";
import { openDialog } from "../ui/dialog.js";
import { iconButton } from "../ui/icons.js";
import { playable, safeNow } from "../pwa/pwa.js";
import { AdvicePanel } from "../ui/advice.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { HINT_LEVEL, SOLVER_BUDGET, hintAdvice, hintTarget, solverAdvice } from "./advice.js";
import { askNewDeal, optionsLine, randomDeal, shareLink, showHelp } from "./dialogs.js";
import { enableDrag } from "./drag.js";
import { Ending } from "./ending.js";
import { bindKeys } from "./keys.js";
import { builtCount, describeEvents, describePosition } from "./messages.js";
import { Session } from "./session.js";
import { clearSaved, loadSaved, save } from "./store.js";
import { PatienceTable } from "./table.js";

const GAME = "patience";

export async function mount(container, params, ctx) {
  const page = new PatiencePage(container, ctx);
  // opening may wait on a dialog (a save that cannot be read, a game already over), and
  // routing must not wait with it
  page.open(params).catch((error) => ctx.fault(error, page));
  return page;
}

class PatiencePage {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    const game = ctx.games.find((g) => g.id === GAME);
    this.specs = game ? game.options : {};
    this.title = game ? game.name : "Patience";
    this.session = null;
    this.choosing = null; // foundations offered for the waste's top card
    this.choiceToast = null; // dismisses the "choose a foundation" toast
    this.chain = Promise.resolve();
    this.pending = 0;
    this.saveWarned = false;
    this.buildPage(container);
    this.unbindKeys = bindKeys({
      stock: () => this.onStock(),
      build: () => this.onWasteCard(),
      foundation: (k) => this.onFoundation(k),
      undo: () => this.undo(),
      redo: () => this.redo(),
      newDeal: () => this.newDeal(),
      hint: () => this.hint(),
      solve: () => this.solve(),
      help: () => showHelp(),
      escape: () => this.cancelChoice(true),
      move: (step, from) => this.moveFocus(step, from),
    });
  }

  // ---- the page ---------------------------------------------------------------------

  buildPage(container) {
    const section = document.createElement("section");
    section.className = "patience";
    section.setAttribute("aria-labelledby", "pt-title");
    section.innerHTML = `
      <div class="pt-bar">
        <div class="pt-heading">
          <h1 id="pt-title" tabindex="-1" data-skip-target></h1>
          <p class="pt-deal"><span class="pt-deal-number"></span><span class="pt-options"></span><span class="pt-state" hidden></span></p>
        </div>
        <div class="pt-actions" role="toolbar" aria-label="Game"></div>
      </div>
      <div class="pt-board"></div>
      <div class="pt-advice"></div>
      <p class="pt-keyhint" aria-hidden="true">
        <kbd>D</kbd> deal <kbd>1</kbd>–<kbd>8</kbd> build <kbd>U</kbd> undo <kbd>H</kbd> hint <kbd>?</kbd> all keys
      </p>`;
    section.querySelector("#pt-title").textContent = this.title;
    container.append(section);
    this.el = section;
    this.dealNumber = section.querySelector(".pt-deal-number");
    this.optionsText = section.querySelector(".pt-options");
    this.stateChip = section.querySelector(".pt-state");

    const bar = section.querySelector(".pt-actions");
    this.buttons = {
      undo: iconButton("undo", "Undo", { shortcut: "Control+Z", className: "quiet" }),
      redo: iconButton("redo", "Redo", { shortcut: "Control+Y", className: "quiet" }),
      restart: iconButton("restart", "Restart", { className: "quiet" }),
      newDeal: iconButton("deal", "New deal", { shortcut: "N", className: "quiet" }),
      share: iconButton("share", "Share", { className: "quiet" }),
      hint: iconButton("hint", "Hint", { shortcut: "H", className: "quiet" }),
      solve: iconButton("solve", "Winnable?", { shortcut: "W", className: "quiet" }),
      help: iconButton("help", "How to play", { shortcut: "Shift+?", className: "quiet" }),
    };
    this.buttons.restart.title = "Restart this deal (redo brings your moves back)";
    this.buttons.share.title = "Copy a link to this deal";
    this.buttons.hint.title = "Hint: the strong player's move and why, from what you can see (H)";
    this.buttons.solve.title = "Still winnable? Asks the solver, which reads the stock's hidden order (W)";
    this.buttons.hint.addEventListener("click", () => this.hint());
    this.buttons.solve.addEventListener("click", () => this.solve());
    this.buttons.undo.addEventListener("click", () => this.undo());
    this.buttons.redo.addEventListener("click", () => this.redo());
    this.buttons.restart.addEventListener("click", () => this.restart());
    this.buttons.newDeal.addEventListener("click", () => this.newDeal());
    this.buttons.share.addEventListener("click", () => this.share());
    this.buttons.help.addEventListener("click", () => showHelp());
    const group = (...items) => {
      const span = document.createElement("span");
      span.className = "btn-group";
      span.append(...items);
      return span;
    };
    bar.append(
      group(this.buttons.undo, this.buttons.redo),
      group(this.buttons.restart, this.buttons.newDeal),
      group(this.buttons.hint, this.buttons.solve),
      group(this.buttons.share, this.buttons.help),
    );

    this.advice = new AdvicePanel({ label: "Hint" });
    section.querySelector(".pt-advice").append(this.advice.el);

    const board = section.querySelector(".pt-board");
    this.table = new PatienceTable(board, {
      stock: () => this.onStock(),
      wasteCard: () => this.onWasteCard(),
      foundation: (k) => this.onFoundation(k),
    });
    this.redealButton = document.createElement("button");
    this.redealButton.type = "button";
    this.redealButton.className = "btn small pt-redeal";
    this.redealButton.textContent = "Redeal";
    this.redealButton.addEventListener("click", () => this.act({ type: "redeal" }));
    this.table.el.querySelector(".pt-stock-area").append(this.redealButton);

    this.ending = new Ending(this.table.el, {
      newDeal: () => this.newDeal(),
      restart: () => this.restart(),
      undo: () => this.undo(),
    });

    enableDrag(this.table.wasteTop, {
      canStart: () => Boolean(this.session && !this.session.view.over && this.session.view.waste.length),
      start: () => {
        this.cancelChoice(false);
        this.table.setCandidates(this.buildTargets());
      },
      over: (x, y, rect) => {
        const k = this.table.foundationAt(x, y, rect);
        this.table.setDropHover(k);
        return k;
      },
      drop: (k, rect) => this.act({ type: "build", to: k }, { from: rect }),
      scale: () => {
        const target = this.table.foundations[0].stack.getBoundingClientRect();
        const card = this.table.wasteTop.getBoundingClientRect();
        return card.width ? Math.max(0.5, Math.min(1, target.width / card.width)) : 1;
      },
      end: () => {
        this.table.setDropHover(null);
        this.table.setCandidates(this.choosing);
      },
    });
  }

  // ---- choosing the game ------------------------------------------------------------

  /** Open the deal the URL asks for, the saved game, or a new deal. */
  async open(params) {
    const wanted = this.readParams(params);
    const found = loadSaved();
    if (found.status === "unreadable") {
      clearSaved();
      await this.offerFresh(found.reason, found.seed, wanted);
      return;
    }
    const saved = found.status === "ok" ? found.saved : null;
    if (saved && (!wanted || this.sameDeal(saved.record, wanted))) {
      try {
        this.use(await Session.resume(this.engine, saved));
        announce(`Deal ${this.session.seed} resumed. ${describePosition(this.session.view)}`);
        if (this.session.view.over) await this.showEnding(null);
        return;
      } catch (error) {
        // Only the engine's verdict on the record condemns it; any other failure is
        // the engine's, and the save is kept for next time.
        if (!error || (error.kind !== "malformed" && error.kind !== "illegal")) throw error;
        clearSaved();
        await this.offerFresh(`Its moves did not replay: ${error.message}`, saved.record.seed, wanted);
        return;
      }
    }
    await this.startDeal(wanted ? wanted.seed : randomDeal(), wanted ? wanted.options : {});
  }

  /** The address changed while this page is showing. */
  async update(params) {
    const wanted = this.readParams(params);
    if (!wanted || (this.session && this.sameDeal(this.session.record, wanted))) {
      if (this.session) this.ctx.replaceHash(this.hash());
      return;
    }
    if (this.session) await this.run(() => this.startDeal(wanted.seed, wanted.options));
    else await this.startDeal(wanted.seed, wanted.options);
  }

  unmount() {
    this.unmounted = true;
    this.unbindKeys();
    // A dialog of this page must not outlive it (its answer would act on a page gone).
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    for (const ghost of document.querySelectorAll(".drag-ghost")) ghost.remove();
  }

  /** {seed, options} from the address, or null; a bad deal number is reported. */
  readParams(params) {
    const deal = params.get("deal");
    if (deal === null) return null;
    if (!/^\d{1,16}$/.test(deal) || !Number.isSafeInteger(Number(deal))) {
      toast(`“${deal}” is not a deal number, so here is a new deal.`, { tone: "error" });
      return null;
    }
    const options = {};
    for (const [name, spec] of Object.entries(this.specs)) {
      if (!params.has(name)) continue;
      const text = params.get(name);
      options[name] = spec.choices ? text : /^-?\d+$/.test(text) ? Number(text) : text;
    }
    return { seed: Number(deal), options };
  }

  resolved(options) {
    const full = {};
    for (const [name, spec] of Object.entries(this.specs)) full[name] = options[name] ?? spec.default;
    return full;
  }

  sameDeal(record, wanted) {
    if (record.seed !== wanted.seed) return false;
    const a = this.resolved(record.options || {});
    const b = this.resolved(wanted.options);
    return Object.keys(a).every((name) => a[name] === b[name]);
  }

  /** The address of this deal: options are written only when not the default. */
  hash() {
    const parts = [`deal=${this.session.seed}`];
    for (const [name, spec] of Object.entries(this.specs)) {
      const value = this.session.options[name];
      if (value !== undefined && value !== spec.default) parts.push(`${name}=${encodeURIComponent(value)}`);
    }
    return `#${GAME}/${parts.join("&")}`;
  }

  async startDeal(seed, options) {
    let session;
    try {
      session = await Session.deal(this.engine, seed, options);
    } catch (error) {
      if (error && (error.kind === "malformed" || error.kind === "illegal")) {
        toast(`That deal could not be dealt (${error.message}), so here is a new one.`, { tone: "error" });
        session = await Session.deal(this.engine, randomDeal(), {});
      } else {
        throw error;
      }
    }
    if (this.unmounted) return;
    this.use(session);
    this.save();
    announce(`Deal ${session.seed}. ${optionsLine(session.options)}. ${session.view.stock_count} cards in the stock.`);
  }

  /** A saved game could not be picked up: say why, and offer a fresh start. */
  async offerFresh(reason, seed, wanted) {
    const body = document.createElement("div");
    const p1 = document.createElement("p");
    p1.textContent = reason;
    const p2 = document.createElement("p");
    p2.textContent = "Sorry about that. Your next game will be saved as usual.";
    body.append(p1, p2);
    let actions;
    if (wanted) actions = [{ label: `Play deal ${wanted.seed}`, value: "wanted", primary: true }];
    else if (seed !== null && seed !== undefined) {
      actions = [
        { label: `Play deal ${seed} from the start`, value: "same" },
        { label: "Deal a new game", value: "new", primary: true },
      ];
    } else actions = [{ label: "Deal a new game", value: "new", primary: true }];
    const choice = await openDialog({ title: "Your last game could not be picked up", body, actions });
    if (wanted) await this.startDeal(wanted.seed, wanted.options);
    else if (choice === "same") await this.startDeal(seed, {});
    else await this.startDeal(randomDeal(), {});
  }

  use(session) {
    if (this.unmounted) return;
    this.session = session;
    this.endChoice();
    this.ending.hide();
    this.ctx.replaceHash(this.hash());
    this.ctx.setTitle(`${this.title}, deal ${session.seed}`);
    this.render();
  }

  // ---- drawing ----------------------------------------------------------------------

  render(before = null, from = null) {
    const { view, legal } = this.session;
    this.advice.clear(); // advice is for the position it was asked in
    this.table.render(view, { legal, candidates: this.choosing }, before, from);
    playable(); // the first legal actions are on screen (the start-up benchmark's end)
    this.table.setCandidates(this.choosing);
    this.dealNumber.textContent = `Deal ${this.session.seed}`;
    this.optionsText.textContent = optionsLine(this.session.options);
    this.buttons.undo.disabled = !this.session.canUndo;
    this.buttons.redo.disabled = !this.session.canRedo;
    this.buttons.restart.disabled = !this.session.canUndo;
    this.buttons.hint.disabled = view.over;
    this.buttons.solve.disabled = view.over;
    const canRedeal = legal.some((a) => a.type === "redeal");
    // The button is there while the stock is empty and a redeal may still be allowed.
    this.redealButton.hidden = view.stock_count > 0 || view.redeals_left === 0;
    this.redealButton.disabled = !canRedeal;
    this.stateChip.hidden = !view.over;
    this.stateChip.textContent = view.won ? "Won" : view.lost ? "Dead end" : "";
    this.stateChip.className = `pt-state ${view.won ? "won" : "lost"}`;
    if (!view.over) this.ending.hide();
  }

  save() {
    if (save(this.session.toSaved()) || this.saveWarned) return;
    this.saveWarned = true;
    toast("This browser is not letting the card room save, so the game will not be kept after you leave.", {
      tone: "error",
    });
  }

  // ---- moves ------------------------------------------------------------------------

  /** Run `task` after the moves before it; key repeats queue up (up to 32 moves). */
  run(task) {
    if (!this.session || this.pending >= 32) return Promise.resolve(false);
    this.pending += 1;
    const result = this.chain.then(task).finally(() => {
      this.pending -= 1;
    });
    this.chain = result.catch(() => {});
    return result.catch((error) => {
      this.fault(error);
      return false;
    });
  }

  /** Put `action` to the engine; resolves with whether it was played. */
  act(action, { from = null } = {}) {
    return this.run(async () => {
      const before = this.table.snapshot();
      let events;
      try {
        events = await this.session.act(action);
      } catch (error) {
        this.refused(error, action);
        return false;
      }
      this.endChoice();
      this.render(before, from);
      this.save();
      safeNow(); // the game is saved: a new build may be offered now
      announce(describeEvents(events, this.session.view));
      if (this.session.view.over) await this.showEnding(events);
      return true;
    });
  }

  refused(error, action) {
    if (!error || (error.kind !== "illegal" && error.kind !== "malformed")) throw error;
    toast(error.message, { tone: "error", title: "Not that one." });
    if (action.type === "build") this.table.shake(action.to);
    else this.table.shake("stock");
  }

  fault(error) {
    console.error(error);
    toast(`The rules engine had a problem: ${error && error.message ? error.message : error}`, {
      tone: "error",
      title: "Sorry.",
    });
  }

  onStock() {
    if (!this.session) return;
    this.cancelChoice(false);
    const canDeal = this.session.legal.some((a) => a.type === "deal");
    // With no deal possible, ask for a redeal: the engine says why not if it is not allowed.
    this.act(canDeal ? { type: "deal" } : { type: "redeal" });
  }

  buildTargets() {
    return this.session.legal.filter((a) => a.type === "build").map((a) => a.to);
  }

  onWasteCard() {
    if (!this.session) return;
    const { view } = this.session;
    const top = view.waste[view.waste.length - 1];
    if (!top || view.over) {
      // Let the engine say what is wrong (an empty waste, a finished game).
      this.act({ type: "build", to: 0 });
      return;
    }
    const targets = this.buildTargets();
    if (targets.length === 0) {
      toast(`The ${cardName(top)} does not fit on any foundation yet.`, { tone: "info" });
      announce(`The ${cardName(top)} does not fit on any foundation yet.`);
      this.table.shake("waste");
    } else if (targets.length === 1) {
      this.act({ type: "build", to: targets[0] });
    } else {
      this.choosing = targets;
      this.table.setCandidates(targets);
      const list = targets.map((k) => k + 1);
      const names = `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
      announce(`The ${cardName(top)} fits foundation ${names}. Choose one, or press Escape.`);
      this.choiceToast = toast(`Choose a foundation for the ${cardName(top)}: ${names}.`, { tone: "info" });
      this.table.foundations[targets[0]].button.focus({ preventScroll: true });
    }
  }

  onFoundation(k) {
    if (!this.session) return;
    this.endChoice();
    this.table.setCandidates(null);
    this.act({ type: "build", to: k });
  }

  endChoice() {
    this.choosing = null;
    if (this.choiceToast) this.choiceToast();
    this.choiceToast = null;
  }

  cancelChoice(spoken) {
    if (!this.choosing) return false;
    this.endChoice();
    this.table.setCandidates(null);
    if (spoken) {
      announce("Choice cancelled.");
      this.table.wasteTop.focus({ preventScroll: true });
    }
    return true;
  }

  moveFocus(step, from) {
    const stops = [this.table.stock, this.table.wasteTop, ...this.table.foundations.map((f) => f.button)].filter(
      (el) => el.isConnected && !el.hidden,
    );
    const at = stops.indexOf(from);
    if (at < 0) return false;
    stops[(at + step + stops.length) % stops.length].focus();
    return true;
  }

  // ---- undo, redo, restart, new deal ------------------------------------------------

  travel(move, verb) {
    return this.run(async () => {
      const before = this.table.snapshot();
      const moved = await move();
      if (!moved) return false;
      this.endChoice();
      this.render(before);
      this.save();
      announce(`${verb}. ${describePosition(this.session.view)}`);
      if (this.session.view.over) await this.showEnding(null);
      return true;
    });
  }

  undo() {
    if (!this.session || !this.session.canUndo) return Promise.resolve(false);
    return this.travel(() => this.session.undo(), "Undone");
  }

  redo() {
    if (!this.session || !this.session.canRedo) return Promise.resolve(false);
    return this.travel(() => this.session.redo(), "Redone");
  }

  /** Back to the deal as dealt; the moves stay in the record, so redo replays them. */
  restart() {
    if (!this.session || !this.session.canUndo) return Promise.resolve(false);
    return this.travel(() => this.session.goto(0), "Deal restarted; Redo brings your moves back");
  }

  async newDeal() {
    if (!this.session || this.unmounted || document.querySelector("dialog[open]")) return;
    const { view } = this.session;
    const inProgress =
      view.moves > 0 && !view.over
        ? `The game in progress (deal ${this.session.seed}) will be replaced.`
        : "";
    const chosen = await askNewDeal(this.specs, this.session.options, { inProgress });
    if (!chosen || this.unmounted) return;
    await this.run(() => this.startDeal(chosen.seed, chosen.options));
    this.el.querySelector("#pt-title").focus({ preventScroll: true });
  }

  // ---- advice ---------------------------------------------------------------------

  /** The strong player's move for this position, with its reason (from the view alone). */
  hint() {
    const session = this.session;
    if (!session || session.view.over) return Promise.resolve(false);
    const view = session.view;
    return this.advice.ask(async () => {
      const hint = await this.engine.hint(view, HINT_LEVEL);
      if (this.session !== session || session.view !== view) return null;
      this.table.point(hintTarget(hint.action));
      return hintAdvice(hint);
    }, this.buttons.hint).catch((error) => this.fault(error));
  }

  /** "Still winnable?": the solver's verdict on the real stock, asked for by the player. */
  solve() {
    const session = this.session;
    if (!session || session.view.over) return Promise.resolve(false);
    const view = session.view;
    return this.advice.ask(async () => {
      const result = await this.engine.winnable(session.state, SOLVER_BUDGET);
      if (this.session !== session || session.view !== view) return null;
      return solverAdvice(result);
    }, this.buttons.solve).catch((error) => this.fault(error));
  }

  share() {
    if (!this.session) return;
    const url = `${location.origin}${location.pathname}${this.hash()}`;
    shareLink(url, this.session.seed);
  }

  async showEnding(events) {
    const { view } = this.session;
    let reason = null;
    if (view.lost) {
      const found = (events || (await this.session.lastEvents())).find((e) => e.type === "lost");
      reason = found ? found.reason : null;
    }
    this.ending.show(view, { reason, built: builtCount(view), seed: this.session.seed });
  }
}
