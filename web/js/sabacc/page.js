// The Contract Sabacc page: #sabacc[/deal=12345&players=5&...]
//
// You sit at seat 0 (the bottom); the other seats are computer players who choose in
// the engine's worker (engine.botAction on their own seat's view), so the page never
// freezes. Every move goes to the engine; the page shows what the engine answers:
// legal cards and bids, the reasons a card may not go (view.refusals), the events of
// each move, and the count. The game is saved after every action (store.js).

import { AdvicePanel, alternativeLines, hintText, pointAt } from "../ui/advice.js";
import { openDialog } from "../ui/dialog.js";
import { iconButton } from "../ui/icons.js";
import { announce } from "../ui/live.js";
import { reducedMotion } from "../ui/motion.js";
import { toast } from "../ui/toast.js";
import { safeNow, playable } from "../pwa/pwa.js";
import { roundBody, roundEnd, roundTitle } from "./count.js";
import { askNewGame, showHelp, showLastTrick, showLedger, SPEEDS } from "./dialogs.js";
import { exportGame, finishRound, pickGameFile, showHistory, startRound } from "./history.js";
import { bidName, describe, seatName, winnersLine } from "./messages.js";
import { HUMAN, SabaccSession } from "./session.js";
import { recordGame, recordRound, showStats } from "./stats.js";
import { clearSaved, loadPrefs, loadSaved, save, savePrefs } from "./store.js";
import { SabaccTable } from "./table.js";

const GAME = "sabacc";
const HINT_LEVEL = "strong";
// A hint's values are hundredths of a chip for the round (sabacc/bots/hints.py).
const chipValue = (v) => `${v > 0 ? "+" : ""}${(v / 100).toFixed(2)} chips`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function mount(container, params, ctx) {
  const page = new SabaccPage(container, ctx);
  // the first deal may wait for the options dialog, and routing must not wait with it
  page.open(params).catch((error) => ctx.fault(error, page));
  return page;
}

function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return (values[0] % 999999) + 1;
}

class SabaccPage {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.game = ctx.games.find((g) => g.id === GAME) || { options: {}, levels: ["basic"], seats: [3, 5], name: "Contract Sabacc" };
    this.session = null;
    this.history = [];
    this.current = null; // this round's history entry so far
    this.pending = null; // events of a round's end not yet looked at
    this.displayTrick = null;
    this.thinking = null;
    this.busy = false; // a move is being made or shown
    this.looping = false;
    this.generation = 0; // bumps when a new game replaces the current one
    this.prefs = loadPrefs();
    this.build(container);
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
  }

  get speed() {
    if (reducedMotion()) return 0;
    return SPEEDS[this.prefs.speed] ?? 1;
  }

  // ---- the page ---------------------------------------------------------------------

  build(container) {
    const section = document.createElement("section");
    section.className = "sabacc";
    section.setAttribute("aria-labelledby", "sb-title");
    section.innerHTML = `
      <div class="sb-bar">
        <div class="sb-heading">
          <h1 id="sb-title" tabindex="-1" data-skip-target></h1>
          <p class="sb-status"></p>
        </div>
        <div class="sb-actions" role="toolbar" aria-label="Game"></div>
      </div>
      <div class="sb-board">
        <div class="sb-centre">
          <div class="sb-trick" role="group" aria-label="Trick"></div>
          <p class="sb-centre-info"></p>
          <div class="sb-talon" hidden>
            <p class="sb-talon-label"></p>
            <div class="sb-talon-cards" role="img"></div>
          </div>
        </div>
      </div>
      <div class="sb-prompt" aria-label="Table talk"></div>
      <div class="sb-me">
        <div class="sb-me-top">
          <div class="sb-me-plate"></div>
          <div class="sb-aside" hidden><p class="sb-aside-label"></p><div class="sb-aside-cards" role="img"></div></div>
        </div>
        <div class="sb-hand"></div>
        <p class="sb-hint" aria-live="off"></p>
      </div>`;
    section.querySelector("#sb-title").textContent = this.game.name;
    container.append(section);
    this.el = section;
    this.status = section.querySelector(".sb-status");
    const bar = section.querySelector(".sb-actions");
    const b = (icon, label, shortcut, run) => {
      const button = iconButton(icon, label, { shortcut, className: "quiet" });
      button.addEventListener("click", run);
      return button;
    };
    this.buttons = {
      hint: b("hint", "Hint", "", () => this.hint()),
      last: b("undo", "Last trick", "L", () => this.lastTrick()),
      ledger: b("keyboard", "Ledger", "G", () => this.ledger()),
      history: b("redeal", "History", "", () => this.showHistory()),
      stats: b("check", "Statistics", "", () => showStats()),
      newGame: b("deal", "New game", "N", () => this.newGame()),
      help: b("help", "How to play", "Shift+?", () => showHelp()),
    };
    bar.append(...Object.values(this.buttons));
    this.table = new SabaccTable(section, {
      card: (code, button) => this.onCard(code, button),
      bid: (bid) => this.act({ type: "bid", bid }),
    });
    this.advice = new AdvicePanel({ label: "Hint" });
    this.adviceView = null; // the view the advice is for: a new view clears it
    section.querySelector(".sb-me").append(this.advice.el);
  }

  unmount() {
    this.unmounted = true;
    this.generation += 1;
    document.removeEventListener("keydown", this.onKey);
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  }

  // ---- opening a game ---------------------------------------------------------------

  readParams(params) {
    const deal = params.get("deal");
    const options = {};
    for (const [name, spec] of Object.entries(this.game.options)) {
      if (!params.has(name)) continue;
      const text = params.get(name);
      options[name] = /^-?\d+$/.test(text) ? Number(text) : text;
      if (spec.choices && !spec.choices.includes(options[name])) delete options[name];
    }
    if (deal === null && !Object.keys(options).length) return null;
    const seed = deal !== null && /^\d{1,15}$/.test(deal) ? Number(deal) : null;
    return { seed, options };
  }

  matches(wanted) {
    if (!this.session || !wanted) return false;
    if (wanted.seed !== null && wanted.seed !== this.session.seed) return false;
    return Object.entries(wanted.options).every(([k, v]) => this.session.options[k] === v);
  }

  async open(params) {
    const wanted = this.readParams(params);
    const found = loadSaved();
    if (found.status === "unreadable") {
      clearSaved();
      await this.offerFresh(found.reason, wanted);
      return;
    }
    if (found.status === "ok") {
      try {
        await this.resume(found.saved);
      } catch (error) {
        if (!error || (error.kind !== "malformed" && error.kind !== "illegal")) throw error;
        clearSaved();
        await this.offerFresh(`Its moves did not replay: ${error.message}`, wanted);
        return;
      }
      if (!wanted || this.matches(wanted)) return;
    }
    if (wanted) {
      await this.start(wanted.options, wanted.seed ?? randomSeed(), this.prefs.levels);
      return;
    }
    if (found.status === "none") {
      // first visit: the options, then the deal (cancelling deals with the last choices)
      await this.newGame({ first: true });
    }
  }

  async update(params) {
    const wanted = this.readParams(params);
    if (!wanted || this.matches(wanted)) {
      if (this.session) this.ctx.replaceHash(this.hash());
      return;
    }
    await this.start(wanted.options, wanted.seed ?? randomSeed(), this.prefs.levels);
  }

  hash() {
    const parts = [`deal=${this.session.seed}`];
    for (const [name, spec] of Object.entries(this.game.options)) {
      const value = this.session.options[name];
      if (value !== undefined && value !== spec.default) parts.push(`${name}=${encodeURIComponent(value)}`);
    }
    return `#${GAME}/${parts.join("&")}`;
  }

  async offerFresh(reason, wanted) {
    const body = document.createElement("div");
    const p1 = document.createElement("p");
    p1.textContent = reason;
    const p2 = document.createElement("p");
    p2.textContent = "Sorry about that. A new game starts now, and it will be saved as usual.";
    body.append(p1, p2);
    await openDialog({
      title: "Your last game could not be picked up",
      body,
      actions: [{ label: "Start a new game", value: "new", primary: true }],
    });
    if (this.unmounted) return;
    await this.start(wanted ? wanted.options : this.prefs.options || {}, wanted && wanted.seed !== null ? wanted.seed : randomSeed(), this.prefs.levels);
  }

  async resume(saved) {
    const session = await SabaccSession.resume(this.engine, saved);
    if (this.unmounted) return;
    this.use(session, {
      history: Array.isArray(saved.history) ? saved.history : [],
      current: saved.current && typeof saved.current === "object" ? saved.current : startRound(session.view),
      pending: Array.isArray(saved.pending) ? saved.pending : null,
    });
    announce(`Game resumed. ${this.statusText()}`);
  }

  async start(options, seed, levels) {
    const session = await SabaccSession.start(this.engine, options, seed, levels);
    if (this.unmounted) return;
    this.use(session, { history: [], current: startRound(session.view), pending: null });
    this.save();
    announce(`New game, ${session.players} players. ${this.statusText()}`);
  }

  use(session, { history, current, pending }) {
    this.generation += 1;
    this.session = session;
    this.history = history;
    this.current = current;
    this.pending = pending;
    this.displayTrick = null;
    this.thinking = null;
    this.busy = false;
    this.ctx.replaceHash(this.hash());
    this.ctx.setTitle(`${this.game.name}, deal ${session.seed}`);
    this.render();
    this.loop();
  }

  saved() {
    return {
      version: 1,
      record: this.session.record,
      levels: this.session.levels,
      pending: this.pending,
      history: this.history,
      current: this.current,
    };
  }

  save() {
    if (save(this.saved()) || this.saveWarned) return;
    this.saveWarned = true;
    toast("This browser is not letting the card room save, so the game will not be kept after you leave.", { tone: "error" });
  }

  // ---- drawing ----------------------------------------------------------------------

  statusText() {
    const v = this.session.view;
    const parts = [`Round ${Math.min(v.round + 1, v.rounds)} of ${v.rounds}`, `dealer ${v.dealer === 0 ? "you" : seatName(v.dealer)}`];
    if (v.contract) parts.push(`${bidName(v.contract)} by ${v.declarer === 0 ? "you" : seatName(v.declarer)}`);
    if (v.over) parts.push("game over");
    return parts.join(" · ");
  }

  render(view = this.session.view, legal = this.session.legal) {
    const acting = !this.busy && !this.pending;
    if (view !== this.adviceView) this.advice.clear();
    this.table.render(view, legal, { thinking: this.thinking, trick: this.displayTrick, acting });
    this.status.textContent = this.statusText();
    this.buttons.last.disabled = !view.last_trick;
    // whose move it is, for the page's look and for tests: you, wait, count or over
    this.el.dataset.turn = this.pending
      ? "count"
      : view.over
        ? "over"
        : !acting || this.looping || view.to_act !== HUMAN
          ? "wait"
          : "you";
    if (view.over && !this.pending) this.showOver(view);
    playable();
  }

  showOver(view) {
    const box = this.table.prompt;
    box.replaceChildren();
    const p = document.createElement("p");
    p.className = "sb-say-line strong";
    p.textContent = `Game over. ${winnersLine(view.winners)} Chips: ${view.chips.map((c, s) => `${s === 0 ? "you" : seatName(s)} ${c}`).join(", ")}.`;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "btn primary";
    again.textContent = "New game";
    again.addEventListener("click", () => this.newGame());
    box.append(p, again);
  }

  // ---- the flow ---------------------------------------------------------------------

  /** Let computer players move until it is the person's turn, a count, or game over. */
  async loop() {
    if (this.looping) return;
    this.looping = true;
    const generation = this.generation;
    try {
      while (!this.unmounted && generation === this.generation) {
        if (this.pending) {
          await this.showRoundEnd();
          continue;
        }
        const state = this.session.state;
        if (state.over || state.to_act === HUMAN) break;
        this.thinking = state.to_act;
        this.render();
        const started = performance.now();
        const choice = await this.session.botChoice();
        const wait = 450 * this.speed - (performance.now() - started);
        if (wait > 0) await sleep(wait);
        if (this.unmounted || generation !== this.generation) return;
        this.thinking = null;
        await this.perform(choice.action, choice.seat);
      }
    } catch (error) {
      this.fault(error);
    } finally {
      this.looping = false;
    }
    if (!this.unmounted && generation === this.generation) {
      this.render();
      if (this.session.state.to_act === HUMAN && !this.session.state.over) this.announceTurn();
    }
  }

  announceTurn() {
    const v = this.session.view;
    if (v.phase === "bidding") announce(`Your bid${v.highest_bid ? `: the highest so far is ${bidName(v.highest_bid)}` : ""}.`);
    else if (v.phase === "aside") announce(`Set aside ${v.aside_needed - v.aside_size} more card${v.aside_needed - v.aside_size === 1 ? "" : "s"}.`);
    else announce(v.trick.length ? "Your turn." : "Your lead.");
  }

  /** Apply `action` for `seat`, show its events, save. */
  async perform(action, seat) {
    const before = this.session.view;
    const generation = this.generation;
    const from = action.card !== undefined ? this.table.sourceRect(seat, action.card) : null;
    this.busy = true;
    if (seat === HUMAN) this.render(); // the bids and cards stop taking clicks at once
    let events;
    try {
      events = await this.session.apply(action, seat);
    } finally {
      this.busy = false;
    }
    const end = roundEnd(events);
    if (end) {
      this.history.push(finishRound(this.current, before, events, end));
      this.pending = events;
      if (end.counted) recordRound(end.counted);
      if (end.over) recordGame(end.over, this.session.options.start_chips);
    }
    const dealt = events.find((e) => e.type === "deal");
    if (dealt) this.current = startRound(this.session.view);
    this.save();
    safeNow();
    this.busy = true;
    try {
      await this.present(events, before, from, end, generation);
    } finally {
      this.busy = false;
    }
  }

  /** Show the events one by one: bids, the talon, cards flying in, the trick's winner. */
  async present(events, before, from, end, generation) {
    const f = this.speed;
    // While the last trick of a round is shown, the table keeps the round's own view.
    const shown = end ? { ...before, trick: [], to_act: null, refusals: {} } : this.session.view;
    const legal = end ? [] : this.session.legal;
    let trick = before.trick.length && before.trick.length < before.options.players ? [...before.trick] : [];
    const said = [];
    for (const event of events) {
      if (this.unmounted || generation !== this.generation) return;
      if (event.type === "play") {
        trick = [...trick, { seat: event.seat, card: event.card }];
        this.displayTrick = trick;
        if (end && event.seat === HUMAN) shown.hand = shown.hand.filter((c) => c !== event.card);
        this.render(shown, legal);
        announce(describe(event));
        await this.table.flyToTrick(event.seat, from, 320 * f);
      } else if (event.type === "trick_won") {
        this.displayTrick = event.plays;
        this.render(shown, legal);
        this.table.markWinner(event.seat);
        announce(describe(event));
        await sleep(1000 * f);
        await this.table.sweepTrick(event.seat, 380 * f);
        this.table.markWinner(null);
        this.displayTrick = null;
      } else if (event.type === "talon_shown") {
        this.render(shown, legal);
        said.push(describe(event));
        if (this.session.view.declarer !== HUMAN) await sleep(900 * f);
      } else {
        const text = describe(event);
        if (text) said.push(text);
      }
    }
    this.displayTrick = null;
    if (said.length) announce(said.join(" "));
    this.render();
  }

  async showRoundEnd() {
    const events = this.pending;
    const end = roundEnd(events);
    if (!end) {
      this.pending = null;
      return;
    }
    const view = this.session.view;
    const chipsAfter = end.over ? end.over.chips : view.last_round ? view.last_round.chips : view.chips;
    const body = roundBody(end, { players: view.options.players, chipsAfter });
    this.render();
    announce(`${roundTitle(end)}. ${end.counted ? `${(end.counted.points / 2).toString().replace(".5", " and a half")} points.` : ""}`);
    await openDialog({
      title: roundTitle(end),
      body,
      className: "sb-wide sb-count-dialog",
      actions: [{ label: end.over ? "See the final table" : "Next round", value: "next", primary: true }],
    });
    this.pending = null;
    this.save();
    if (end.over) announce(`Game over. ${winnersLine(end.over.winners)}`);
    else announce(describe(events.find((e) => e.type === "deal") || {}) || "Next round.");
    this.render();
  }

  // ---- the person's moves -------------------------------------------------------------

  /** A move of the person: refused politely when it is not their turn. */
  async act(action) {
    if (!this.session || this.unmounted) return;
    const state = this.session.state;
    if (state.over) {
      toast("The game is over: start a new game to play again.", { tone: "info" });
      return;
    }
    if (this.busy || this.pending || state.to_act !== HUMAN || this.looping) {
      const who = state.to_act === HUMAN ? "the table" : seatName(state.to_act);
      toast(`Just a moment: it is ${who === "the table" ? "not quite your turn yet" : `${who}'s turn`}.`, { tone: "info" });
      return;
    }
    try {
      await this.perform(action, HUMAN);
    } catch (error) {
      this.refused(error);
      return;
    }
    this.loop();
  }

  onCard(code, button) {
    const view = this.session && this.session.view;
    if (!view) return;
    const reason = (view.refusals || {})[code];
    if (reason && view.to_act === HUMAN && !this.busy && !this.pending) {
      // the engine's own reason, shown and read out; nothing is sent
      toast(reason, { tone: "error", title: "Not that one." });
      announce(reason);
      button.classList.remove("shake");
      void button.offsetWidth;
      button.classList.add("shake");
      return;
    }
    const type = view.phase === "aside" ? "aside" : "play";
    if (view.phase === "bidding" && view.to_act === HUMAN) {
      toast("First the auction: choose a bid or pass.", { tone: "info" });
      return;
    }
    this.act({ type, card: code });
  }

  /** The strong player's advice for your turn, from your view alone, with its reasons. */
  async hint() {
    const s = this.session;
    if (!s || this.unmounted) return;
    const view = s.view;
    if (view.over) {
      toast("The game is over: start a new game to play again.", { tone: "info" });
      return;
    }
    if (this.busy || this.pending || this.looping || view.to_act !== HUMAN) {
      const other = view.to_act !== HUMAN && view.to_act !== null && view.to_act !== undefined;
      toast(`Hints are for your turn${other ? `: it is ${seatName(view.to_act)}'s` : ""}.`, { tone: "info" });
      return;
    }
    this.adviceView = view;
    try {
      await this.advice.ask(async () => {
        const hint = await this.engine.hint(view, HINT_LEVEL);
        if (this.session !== s || s.view !== view) return null;
        const action = hint.action;
        if (action.type === "play" || action.type === "aside") pointAt(this.table.hand.cards.get(action.card));
        if (action.type === "bid") pointAt(this.el.querySelector(`.sb-bid[data-bid="${action.bid}"]`));
        const label = (a) => (a.type === "bid" ? bidName(a.bid) : "");
        return { title: "Hint", text: hintText(hint, chipValue), items: alternativeLines(hint, { label, value: chipValue }) };
      }, this.buttons.hint);
    } catch (error) {
      toast(`No hint this time: ${error.message}`, { tone: "error" });
    }
  }

  refused(error) {
    if (!error || (error.kind !== "illegal" && error.kind !== "malformed")) {
      this.fault(error);
      return;
    }
    toast(error.message, { tone: "error", title: "Not that one." });
    announce(error.message);
    this.render();
  }

  fault(error) {
    console.error(error);
    toast(`The rules engine had a problem: ${error && error.message ? error.message : error}`, { tone: "error", title: "Sorry." });
  }

  // ---- dialogs and keys ---------------------------------------------------------------

  async newGame({ first = false } = {}) {
    if (this.unmounted || document.querySelector("dialog[open]")) return;
    const inProgress = this.session && !this.session.view.over && this.session.moves > 0 ? "The game in progress will be replaced (its statistics are not counted)." : "";
    const chosen = await askNewGame(this.game, this.prefs, { inProgress });
    if (this.unmounted) return;
    if (!chosen) {
      if (first && !this.session) await this.start(this.prefs.options || {}, randomSeed(), this.prefs.levels);
      return;
    }
    this.prefs = { ...this.prefs, options: chosen.options, levels: chosen.levels, speed: chosen.speed };
    savePrefs(this.prefs);
    await this.start(chosen.options, randomSeed(), chosen.levels);
    this.el.querySelector("#sb-title").focus({ preventScroll: true });
  }

  lastTrick() {
    if (this.session && !document.querySelector("dialog[open]")) showLastTrick(this.session.view);
  }

  ledger() {
    if (this.session && !document.querySelector("dialog[open]")) showLedger(this.session.view);
  }

  async showHistory() {
    if (!this.session || document.querySelector("dialog[open]")) return;
    const choice = await showHistory(this.history);
    if (choice === "export") exportGame(this.saved());
    if (choice === "import") {
      const picked = await pickGameFile();
      if (!picked) return;
      if (picked.problem) {
        toast(picked.problem, { tone: "error", title: "Not imported." });
        return;
      }
      try {
        await this.resume(picked.saved);
        this.save();
        toast("The game is imported and ready to go on.", { tone: "success" });
      } catch (error) {
        if (!error || (error.kind !== "malformed" && error.kind !== "illegal")) throw error;
        toast(`That record does not replay: ${error.message}`, { tone: "error", title: "Not imported." });
      }
    }
  }

  key(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const key = event.key;
    if (key === "h" || key === "H") this.table.hand.focus();
    else if (key === "b" || key === "B") this.el.querySelector(".sb-bid")?.focus();
    else if (key === "l" || key === "L") this.lastTrick();
    else if (key === "g" || key === "G") this.ledger();
    else if (key === "n" || key === "N") this.newGame();
    else if (key === "?") showHelp();
    else return;
    event.preventDefault();
  }
}
