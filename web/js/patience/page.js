// The patience page: #patience/deal=12345[&start=no-king][&redeals=1]
//
// Everything a table does (opening the deal a link names, keeping a game a link would
// replace, saving, the record's export and import, statistics, the tools and help) is
// table/page.js's; this page says what is the patience's own: the board (table.js),
// dragging the waste's card (drag.js), its keys (keys.js), the end panel (ending.js),
// the advice (advice.js), undo and redo. Every move is put to the engine; the page only
// shows what the engine answers.

import { cardName } from "../cards/card.js";
import { rankName } from "../cards/standard.js";
import { AdvicePanel, freeBand } from "../ui/advice.js";
import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { playable, safeNow } from "../pwa/pwa.js";
import { shareLink } from "../table/dialogs.js";
import { TablePage, isRefusal, mountPage } from "../table/page.js";
import { MoveQueue } from "../table/moves.js";
import { showRefusal, shake } from "../table/refusal.js";
import { common } from "../table/stats.js";
import { HINT_LEVEL, SOLVER_BUDGET, hintAdvice, hintTarget, solverAdvice } from "./advice.js";
import { enableDrag } from "./drag.js";
import { Ending } from "./ending.js";
import { KEY_HELP, handleKey } from "./keys.js";
import { builtCount, describeEvents, describePosition, optionsLine } from "./messages.js";
import { reviewDeal } from "./review.js";
import { store } from "./store.js";
import { PatienceTable } from "./table.js";
import { messageOf } from "../engine/errors.js";

const GAME = "patience";
// The board's piles that a hint on a phone must leave in view (it lies over the rest of
// the board's foot: the progress line)
const KEEP_CLEAR = ".pt-foundations, .pt-stock-area, .pt-waste";
// the most room the board gives a hint (px)
const MOST_ROOM = 400;

export async function mount(container, params, ctx) {
  return mountPage(PatiencePage, container, params, ctx, { game: GAME, store });
}

class PatiencePage extends TablePage {
  toolDefs() {
    return [
      { name: "undo", label: "Undo", icon: "undo", shortcut: "Control+Z" },
      { name: "redo", label: "Redo", icon: "redo", shortcut: "Control+Y", narrowMore: true },
      { name: "restart", label: "Restart", icon: "restart", narrowMore: true },
      { name: "new", label: "New deal", icon: "deal", shortcut: "N" },
      { name: "hint", label: "Hint", icon: "hint", shortcut: "H" },
      { name: "solve", label: "Winnable?", icon: "solve", shortcut: "W", narrowMore: true },
      { name: "share", label: "Share", icon: "share", narrowMore: true },
      ...this.commonTools().filter((tool) => tool.more),
    ];
  }

  buildTable(root) {
    // the person's moves (clicks, key repeats) in order, each shown before the next
    this.moves = new MoveQueue({ limit: 32 });
    this.choosing = null; // foundations offered for the waste's top card
    this.choiceToast = null;
    this.infoLine.classList.add("pt-deal");
    this.dealNumber = h("span", { class: "pt-deal-number" });
    this.optionsText = h("span", { class: "pt-options" });
    this.stateChip = h("span", { class: "pt-state", hidden: true });
    this.infoLine.append(this.dealNumber, this.optionsText);
    // the deal's end beside the title, where there is room: in the line under it, "Dead
    // end" cut the deal's options short ("A King to start · 2 red…"; audit 11)
    this.heading.after(this.stateChip);
    const board = h("div", { class: "pt-board" });
    this.advice = new AdvicePanel({ label: "Hint", compact: true });
    this.placeAdvice(root);
    root.append(
      board,
      h("div", { class: "pt-advice" }, this.advice.el),
      h(
        "p",
        { class: "pt-keyhint", "aria-hidden": "true" },
        h("kbd", { text: "D" }),
        " deal ",
        h("kbd", { text: "1" }),
        "–",
        h("kbd", { text: "8" }),
        " build ",
        h("kbd", { text: "U" }),
        " undo ",
        h("kbd", { text: "H" }),
        " hint ",
        h("kbd", { text: "?" }),
        " all keys",
      ),
    );
    this.table = new PatienceTable(board, {
      stock: () => this.onStock(),
      wasteCard: () => this.onWasteCard(),
      foundation: (k) => this.onFoundation(k),
    });
    this.redealButton = h("button", {
      type: "button",
      class: "btn small pt-redeal",
      text: "Redeal",
      onclick: () => this.act({ type: "redeal" }),
    });
    this.table.el.querySelector(".pt-stock-area").append(this.redealButton);
    /** The game (session) in which the hint was last asked for. */
    this.hintedSession = null;
    this.ending = new Ending(this.table.el, {
      newDeal: () => this.runTool("new"),
      restart: () => this.restart(),
      undo: () => this.undo(),
      review: () => this.review(),
    });
    enableDrag(this.table.wasteTop, {
      canStart: () =>
        Boolean(this.session && !this.session.view.over && this.session.view.waste.length),
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

  seatName() {
    return "You";
  }

  async tool(name) {
    if (name === "undo") return this.undo();
    if (name === "redo") return this.redo();
    if (name === "restart") return this.restart();
    if (name === "hint") return this.hint();
    if (name === "solve") return this.solve();
    if (name === "share" && this.session)
      return shareLink(
        `${location.origin}${location.pathname}${this.hash()}`,
        this.session.record.seed,
      );
    return super.tool(name);
  }

  ownKey(event) {
    return handleKey(event, {
      stock: () => this.onStock(),
      build: () => this.onWasteCard(),
      foundation: (k) => this.onFoundation(k),
      undo: () => this.undo(),
      redo: () => this.redo(),
      newDeal: () => this.runTool("new"),
      hint: () => this.hint(),
      solve: () => this.solve(),
      help: () => this.runTool("help"),
      escape: () => this.cancelChoice(true),
      move: (step, from) => this.moveFocus(step, from),
    });
  }

  // ---- opening ------------------------------------------------------------------------

  optionsAsk() {
    return { title: "New deal", dealField: true };
  }

  afterUse() {
    this.endChoice();
    this.ending.hide();
  }

  resumeFlow() {
    announce(`Deal ${this.session.record.seed}. ${describePosition(this.session.view)}`);
    if (this.session.view.over) {
      this.countEnd();
      this.showEnding(null);
    }
  }

  /** A deal's end in the statistics, once: a win, or a dead end as soon as it is met
   * (undoing it does not take it back). */
  countEnd() {
    const { view } = this.session;
    if (this.counted || !view.over) return;
    this.counted = true;
    const moves = view.moves;
    this.stats.game(view.won, (data) => {
      if (view.won) data.fewest = data.fewest ? Math.min(data.fewest, moves) : moves;
    });
    this.save();
  }

  /** A deal left unfinished for another counts as a game not won. */
  leaving() {
    const s = this.session;
    if (s && !this.counted && s.record.actions.length && !s.view.won) this.stats.game(false);
  }

  turnLine() {
    return this.session ? describePosition(this.session.view) : "";
  }

  // ---- drawing ----------------------------------------------------------------------

  render(before = null, from = null) {
    const s = this.session;
    if (!s) return;
    const { view, legal } = s;
    this.showing(view);
    this.advice.clear(); // advice is for the position it was asked in
    this.table.render(view, { legal, candidates: this.choosing }, before, from);
    playable(); // the first legal actions are on screen (the start-up benchmark's end)
    this.table.setCandidates(this.choosing);
    this.dealNumber.textContent = `Deal ${s.record.seed}`;
    this.optionsText.textContent = optionsLine(this.info, s.record.options);
    this.optionsText.title = this.optionsText.textContent; // (cut short on a phone)
    const tool = (name) => this.toolButton(name);
    tool("undo").disabled = !s.canUndo;
    tool("redo").disabled = !s.canRedo;
    tool("restart").disabled = !s.canUndo;
    tool("hint").disabled = view.over;
    tool("solve").disabled = view.over;
    const canRedeal = legal.some((a) => a.type === "redeal");
    // the button is there while the stock is empty and a redeal may still be allowed
    this.redealButton.hidden = view.stock_count > 0 || view.redeals_left === 0;
    this.redealButton.disabled = !canRedeal;
    this.stateChip.hidden = !view.over;
    this.stateChip.textContent = view.won ? "Won" : view.lost ? "Dead end" : "";
    this.stateChip.className = `pt-state ${view.won ? "won" : "lost"}`;
    this.root.dataset.turn = view.over ? "over" : "you";
    if (!view.over) this.ending.hide();
  }

  summaryLine() {
    const s = this.session;
    const n = s.position;
    if (s.view.won) return `Deal ${s.record.seed}, won`;
    return n === 0
      ? `Deal ${s.record.seed}, just dealt`
      : `Deal ${s.record.seed}, ${n} move${n === 1 ? "" : "s"} in`;
  }

  // ---- moves ------------------------------------------------------------------------

  /** Run `task` after the moves before it (table/moves.js); key repeats queue up (up to
   * 32 moves). */
  queue(task) {
    if (!this.session) return Promise.resolve(false);
    return this.moves.add(task, false).catch((error) => {
      this.trouble(error);
      return false;
    });
  }

  /** Put `action` to the engine; resolves with whether it was played. */
  act(action, { from = null } = {}) {
    return this.queue(async () => {
      if (this.session.view.over) {
        // a key or click after the end: no refusal, the way on
        toast("This deal is over: New game deals another.", { fleeting: true });
        return false;
      }
      const before = this.table.snapshot();
      let events;
      try {
        events = await this.session.play(action);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        showRefusal(messageOf(error), {
          shake: this.table.pile(action.type === "build" ? action.to : "stock"),
        });
        return false;
      }
      this.endChoice();
      this.render(before, from);
      this.countEnd();
      this.save();
      safeNow(); // the game is saved: a new build may be offered now
      announce(describeEvents(events, this.session.view));
      if (this.session.view.over) await this.showEnding(events);
      return true;
    });
  }

  onStock() {
    if (!this.session) return;
    this.cancelChoice(false);
    const canDeal = this.session.legal.some((a) => a.type === "deal");
    // with no deal possible, ask for a redeal: the engine says why not if it is not allowed
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
      // let the engine say what is wrong (an empty waste, a finished game)
      this.act({ type: "build", to: 0 });
      return;
    }
    const targets = this.buildTargets();
    if (targets.length === 0) {
      toast(`The ${cardName(top)} does not fit on any foundation yet.`, { fleeting: true });
      announce(`The ${cardName(top)} does not fit on any foundation yet.`);
      shake(this.table.pile("waste"));
    } else if (targets.length === 1) {
      this.act({ type: "build", to: targets[0] });
    } else {
      this.choosing = targets;
      this.table.setCandidates(targets);
      // the foundations named by their bases, as the table shows them
      const list = targets.map((k) => `the ${rankName(view.foundation_info[k].base)}`);
      const names = `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]} foundation`;
      announce(`The ${cardName(top)} fits ${names}. Choose one, or press Escape.`);
      this.choiceToast = toast(`Choose where the ${cardName(top)} goes: ${names}.`, {
        fleeting: true,
      });
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
    const stops = [
      this.table.stock,
      this.table.wasteTop,
      ...this.table.foundations.map((f) => f.button),
    ].filter((el) => el.isConnected && !el.hidden);
    const at = stops.indexOf(from);
    if (at >= 0) {
      stops[(at + step + stops.length) % stops.length].focus();
      return true;
    }
    // with the focus on no pile (the page itself, after a deal by key), the arrows start
    // at the stock (Right) or the last foundation (Left) rather than doing nothing
    const nowhere = !from || from === document.body || from === document.documentElement;
    if (!nowhere || !stops.length) return false;
    stops[step > 0 ? 0 : stops.length - 1].focus();
    return true;
  }

  // ---- undo, redo, restart ------------------------------------------------------------

  travel(move, verb) {
    return this.queue(async () => {
      const before = this.table.snapshot();
      const moved = await move();
      if (!moved) return false;
      this.endChoice();
      this.render(before);
      this.countEnd();
      this.save();
      announce(`${verb}. ${describePosition(this.session.view)}`);
      if (this.session.view.over) await this.showEnding(null);
      return true;
    });
  }

  undo() {
    if (!this.session?.canUndo) return Promise.resolve(false);
    return this.travel(() => this.session.undo(), "Undone");
  }

  redo() {
    if (!this.session?.canRedo) return Promise.resolve(false);
    return this.travel(() => this.session.redo(), "Redone");
  }

  /** Back to the deal as dealt; the moves stay in the record, so redo replays them. */
  restart() {
    if (!this.session?.canUndo) return Promise.resolve(false);
    return this.travel(() => this.session.goto(0), "Deal restarted; Redo brings your moves back");
  }

  // ---- advice -------------------------------------------------------------------------

  /** On a phone, the hint lies over the foot of the board, its progress line, so that
   * opening and closing it leaves the cards as they were (audit 9: before, the board kept
   * 150 px for it, and every card shrank and grew with each hint). Only a hint too tall
   * for that room makes the board give it the rest (`--pt-advice-room`, patience.css).
   * Its other choices unfold as a sheet over the page in the tallest band that hides
   * neither the pile the hint points at, nor the waste's top card, nor the hint's own
   * strip (`--advice-sheet-top`, `--advice-sheet-bottom`, table.css). */
  placeAdvice(root) {
    const narrow = matchMedia("(max-width: 640px)");
    const advice = this.advice;
    const room = () => {
      root.style.removeProperty("--pt-advice-room");
      if (!narrow.matches || advice.el.hidden || !advice.el.isConnected) return;
      const over = (px) => {
        root.style.setProperty("--pt-advice-room", `${px}px`);
        const lowest = Math.max(
          0,
          ...[...root.querySelectorAll(KEEP_CLEAR)].map((el) => el.getBoundingClientRect().bottom),
        );
        return lowest + 6 > advice.el.getBoundingClientRect().top;
      };
      if (!over(0)) return;
      // the least room that clears the piles, found in a few layouts (the cards' size
      // follows the room in steps: it may be held by the screen's width instead)
      let [low, high] = [0, MOST_ROOM];
      while (high - low > 4) {
        const middle = Math.round((low + high) / 2);
        if (over(middle)) low = middle;
        else high = middle;
      }
      root.style.setProperty("--pt-advice-room", `${high}px`);
    };
    new ResizeObserver(room).observe(advice.el);
    advice.onFold = (folded) => {
      room();
      if (!narrow.matches) advice.fitInWindow();
      if (folded || !narrow.matches) return;
      const header = document.querySelector(".site-header");
      const avoid = [...root.querySelectorAll(".hinted"), this.table.wasteTop, advice.el];
      const band = freeBand(avoid, header ? header.getBoundingClientRect().bottom : 0, innerHeight);
      root.style.setProperty("--advice-sheet-top", `${Math.round(band.top + 4)}px`);
      root.style.setProperty(
        "--advice-sheet-bottom",
        `${Math.round(innerHeight - band.bottom + 4)}px`,
      );
    };
  }

  /** The strong player's move for this position, with its reason (from the view alone). */
  hint() {
    const session = this.session;
    if (!session || session.view.over) return Promise.resolve(false);
    const view = session.view;
    return this.advice
      .ask(
        async () => {
          const hint = await this.ask(() => this.engine.hint(view, HINT_LEVEL));
          if (this.session !== session || session.view !== view) return null;
          this.hintedSession = session; // (the dead end's box then says what the hint cannot see)
          this.table.point(hintTarget(hint.action));
          return hintAdvice(hint);
        },
        this.toolButton("hint"),
        { name: "hint", of: view },
      )
      .catch((error) => this.trouble(error));
  }

  /** "Still winnable?": the solver's verdict on the real stock, asked for by the player. */
  solve() {
    const session = this.session;
    if (!session || session.view.over) return Promise.resolve(false);
    const view = session.view;
    const state = session.state;
    return this.advice
      .ask(async () => {
        const result = await this.ask(() => this.engine.winnable(state, SOLVER_BUDGET));
        // cannot tell in the first pass: the hint's trial games give an idea of the chance
        const hint =
          result.status === "unknown" && view.pass === 1
            ? await this.ask(() => this.engine.hint(view, HINT_LEVEL))
            : null;
        if (this.session !== session || session.view !== view) return null;
        const chance = hint ? hint.alternatives[0].value : null;
        return solverAdvice(result, chance, view.moves === 0);
      }, this.toolButton("solve"))
      .catch((error) => this.trouble(error));
  }

  /** The review of the game to where it stands (patience/review.js); then its end again. */
  async review() {
    const s = this.session;
    try {
      await reviewDeal(this);
    } catch (error) {
      this.trouble(error);
    }
    if (!this.gone && this.session === s && s.view.over) await this.showEnding(null);
  }

  /** The end's panel, once the last card has landed (it once opened under the card
   * still flying, which passed over its title: audit 7 F15). */
  async showEnding(events) {
    const s = this.session;
    const { view } = s;
    await this.table.landed();
    if (this.gone || this.session !== s || s.view !== view) return;
    let reason = null;
    if (view.lost) {
      const found = (events || (await s.eventsOf(s.position))).find((e) => e.type === "lost");
      reason = found ? found.reason : null;
    }
    this.ending.show(view, {
      reason,
      built: builtCount(view),
      seed: s.record.seed,
      hinted: this.hintedSession === s,
    });
  }

  statsRows(data) {
    return [...common(data), ["Fewest moves in a win", data.fewest ? String(data.fewest) : "–"]];
  }

  help() {
    return {
      paragraphs: [
        "Build all 104 cards onto the eight foundations. Each foundation starts with its base rank (King, Queen, Jack, 10, 9, 8, 7, 6, left to right), and only after the one to its left has started. Foundations go down one rank at a time, in any suit, turning the corner from Ace to King, until each holds 13 cards.",
        "Deal from the stock to the waste one card at a time; the top card of the waste can be built. When the stock runs out, turn the waste over to deal again; the label under the stock shows which pass you are on.",
      ],
      keys: KEY_HELP,
    };
  }
}
