// The Precedence page: #precedence
//
// You sit at seat 0 (the bottom) with North (seat 2) as your partner; West, North and
// East are computer players who choose in the engine's worker (engine.botPlay), so the
// page never freezes. Every move goes to the engine, and the page shows what it
// answers: the legal declarations, bids and cards, its refusals (a card that may not go
// is still sent, and the engine's own sentence is shown), the events of each move, the
// hand's scoring. The game is saved after every action (table/store.js) and picked up
// again on reload; a save the engine refuses is reported kindly.

import { AdvicePanel, alternativeLines, hintText, pointAt } from "../ui/advice.js";
import { openDialog } from "../ui/dialog.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { cardName, createCard } from "../cards/card.js";
import { askOptions, timing } from "../table/options.js";
import { TableSession } from "../table/session.js";
import { store } from "./store.js";
import { createStats, showStats } from "../table/stats.js";
import { showLedger } from "../table/ledger.js";
import { exportRecord, importRecord } from "../table/record.js";
import { showHistory, unreadableSave } from "../table/dialogs.js";
import { BidPanel } from "./bid.js";
import { DeclarePanel } from "./declare.js";
import { HandLog, historyEntries } from "./history.js";
import { HUMAN, describeEvent, plural, seatName } from "./messages.js";
import { gameOver, handSummary } from "./summary.js";
import { PrecedenceTable } from "./table.js";

const GAME = "precedence";
const HINT_LEVEL = "strong";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const RANK_ORDER = "23456789TOMPE";
const SUIT_ORDER = "VFBC";
const cardOrder = (code) => SUIT_ORDER.indexOf(code.slice(-1)) * 13 + RANK_ORDER.indexOf(code.slice(0, -1));

export async function mount(container, params, ctx) {
  const page = new PrecedencePage(container, ctx);
  const deal = Number(params.get("deal"));
  page.deal = Number.isSafeInteger(deal) && deal > 0 ? deal : null;
  // the first deal may wait for the options dialog, and routing must not wait with it
  page.open().catch((error) => ctx.fault(error, page));
  return page;
}

class PrecedencePage {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.game = ctx.games.find((g) => g.id === GAME);
    this.stats = createStats(GAME);
    this.prefs = store.prefs();
    this.session = null;
    this.log = new HandLog();
    this.pending = null;
    this.busy = false;
    this.running = false;
    this.thinking = null;
    this.generation = 0;
    this.gone = false;
    ctx.setTitle("Precedence");
    this.table = new PrecedenceTable(container, {
      choose: (code) => this.choose(code),
      tool: (name) => this.tool(name),
    });
    this.declare = new DeclarePanel(this.table.panel, {
      deck: this.table.deck,
      preview: (action) => this.engine.apply(this.session.state, action, HUMAN).then((r) => r.events),
      declare: (action) => this.act(action),
      changed: () => this.render(),
    });
    this.bid = new BidPanel(this.table.panel, { bid: (action) => this.act(action) });
    this.panelOpen = null;
    this.advice = new AdvicePanel({ label: "Hint" });
    this.adviceView = null; // the view the advice is for: a new view clears it
    this.table.status.after(this.advice.el);
  }

  get speed() {
    return this.prefs.speed || "normal";
  }

  // ---- starting, resuming, saving -------------------------------------------------

  async open() {
    const found = store.load();
    if (found.status === "unreadable") return this.unreadable(found.reason);
    if (found.status === "ok") {
      try {
        this.session = await TableSession.resume(this.engine, found.saved);
      } catch (error) {
        return this.unreadable(`The rules engine refused its moves: ${error.message}`);
      }
      this.log = new HandLog(found.saved.log);
      this.pending = Array.isArray(found.saved.pending) ? found.saved.pending : null;
      if (found.saved.speed) this.prefs = { ...this.prefs, speed: found.saved.speed };
      this.table.trick.show(this.session.view.trick);
      this.render();
      this.resumeFlow();
      return;
    }
    await this.newGame();
  }

  async unreadable(reason) {
    const choice = await unreadableSave(reason, { name: "Precedence" });
    store.clear();
    if (this.gone) return;
    if (choice === "home") {
      location.hash = "#";
      return;
    }
    await this.newGame();
  }

  async newGame() {
    // a deal number in the address (#precedence/deal=123) deals that deal the first time
    const choice = await askOptions({ game: this.game, prefs: this.prefs, human: HUMAN, seatName, seats: 4, deal: this.deal });
    this.deal = null;
    if (this.gone) return;
    if (!choice) {
      if (!this.session) location.hash = "#";
      return;
    }
    this.prefs = { options: choice.options, levels: choice.levels, speed: choice.speed };
    store.savePrefs(this.prefs);
    this.generation += 1;
    this.session = await TableSession.start(this.engine, GAME, choice.options, choice.seed, choice.levels);
    this.log = new HandLog();
    this.log.start(this.session.view);
    this.pending = null;
    this.closePanels();
    this.table.trick.clear();
    this.save();
    this.render();
    announce(`New game. ${this.session.view.trump} is trump. ${this.turnLine()}`);
    this.resumeFlow();
  }

  save() {
    if (!this.session) return;
    const ok = store.save({
      record: this.session.record,
      levels: this.session.levels,
      speed: this.speed,
      log: this.log.toJSON(),
      pending: this.pending,
    });
    if (!ok && !this.warned) {
      this.warned = true;
      toast("This browser would not save the game; it will be lost on reload.", { tone: "error" });
    }
  }

  resumeFlow() {
    if (this.pending) this.showPending();
    else this.run();
  }

  // ---- the flow of play ----------------------------------------------------------

  async run() {
    if (this.running || !this.session) return;
    this.running = true;
    const generation = this.generation;
    try {
      while (!this.gone && generation === this.generation && !this.pending && this.session.isBotTurn) {
        const seat = this.session.toAct;
        this.thinking = seat;
        this.render();
        const wait = sleep(timing(this.speed).bot);
        const { events } = await this.session.botMove();
        await wait;
        if (this.gone || generation !== this.generation) return;
        this.thinking = null;
        await this.present(events, seat);
        this.save();
      }
    } catch (error) {
      if (!this.gone) toast(`The computer player could not move: ${error.message}`, { tone: "error" });
    } finally {
      this.running = false;
      this.thinking = null;
    }
    if (this.gone || generation !== this.generation) return;
    this.render();
    if (this.pending) return;
    if (this.session.isHumanTurn) this.startTurn();
  }

  startTurn() {
    announce(this.turnLine());
    const active = document.activeElement;
    const free = !active || active === document.body || this.table.root.contains(active);
    if (!free) return;
    const phase = this.session.view.phase;
    if (phase === "bid") this.bid.focus();
    else if (phase === "declare") this.table.panel.querySelector("button:not(:disabled)")?.focus();
    else this.table.hand.focus();
  }

  turnLine() {
    const view = this.session.view;
    if (view.over) return "The game is over.";
    if (view.to_act !== HUMAN) return `${seatName(view.to_act)} to ${view.phase === "play" ? "play" : view.phase}.`;
    if (view.phase === "declare") return "Your turn to declare melds.";
    if (view.phase === "bid") return "Your turn to bid.";
    return view.trick.length && view.trick.length < 4 ? "Your turn to play: follow the lead if you can." : "Your lead.";
  }

  async act(action) {
    if (this.busy || !this.session || !this.session.isHumanTurn || this.pending) return this.politeWait();
    this.busy = true;
    this.render();
    let events;
    try {
      events = await this.session.play(action);
    } catch (error) {
      this.busy = false;
      toast(error.message, { tone: "error", title: "Not allowed." });
      return;
    }
    this.closePanels();
    await this.present(events, HUMAN);
    this.save();
    this.busy = false;
    this.render();
    this.run();
  }

  choose(code) {
    if (!this.session || this.session.over) return;
    if (this.busy || this.pending || !this.session.isHumanTurn) return this.politeWait();
    const phase = this.session.view.phase;
    if (phase === "declare") {
      this.declare.toggle(code);
    } else if (phase === "bid") {
      toast("Choose your bid first: the cards are played after everyone has bid.");
    } else {
      this.act({ type: "play", card: code });
    }
  }

  politeWait() {
    if (!this.session || this.session.over) return;
    const seat = this.session.toAct;
    const who = seat === null || seat === HUMAN ? "the table" : seatName(seat);
    const now = Date.now();
    if (this.lastPolite && now - this.lastPolite < 1500) return;
    this.lastPolite = now;
    toast(seat === HUMAN ? "One moment: the last move is still being shown." : `One moment: it is ${who}'s turn.`);
  }

  async present(events, actor) {
    this.log.feed(events);
    const t = timing(this.speed);
    const deck = this.table.deck;
    for (const event of events) {
      if (this.gone) return;
      const line = describeEvent(event, deck);
      if (event.type === "play") {
        const button = event.seat === HUMAN ? this.table.hand.button(event.card) : null;
        const from = button ? button.getBoundingClientRect() : this.table.plates[event.seat].rect();
        if (button) button.remove();
        await this.table.trick.play(event.seat, event.card, { from, duration: t.fly });
        announce(line);
        if (t.pause && event.seat !== actor) await sleep(t.pause);
      } else if (event.type === "trick") {
        this.table.trick.markWinner(event.winner, `${event.winner === HUMAN ? "You win" : `${seatName(event.winner)} wins`}: ${event.reason}`);
        this.table.plates[event.winner].set({ detail: `${plural(event.taken[event.winner], "trick")}` });
        announce(line);
        await sleep(t.trick);
        await this.table.trick.collect(this.table.plates[event.winner].rect(), { duration: t.fly });
      } else if (event.type === "declare" || event.type === "bid") {
        announce(line);
        if (event.seat !== actor) this.render();
      } else if (event.type === "hand_scored") {
        const team = event.teams[0];
        this.stats.hand({ points: team.hand_points, made: team.contract > 0 ? team.made : null });
        announce(line);
      } else if (event.type === "game_over") {
        this.stats.game({ won: event.winner === 0 });
      }
    }
    if (events.some((e) => e.type === "hand_scored")) {
      this.pending = events;
      this.save();
      await this.showPending();
    } else if (events.some((e) => e.type === "declare" || e.type === "bid")) {
      this.render();
    }
  }

  async showPending() {
    const events = this.pending;
    const view = this.session.view;
    const summary = handSummary(events, { excessCounted: view.excess_counted });
    const over = gameOver(events);
    const body = document.createElement("div");
    body.append(summary.body);
    if (over) {
      const h = document.createElement("h3");
      h.textContent = over.title;
      body.append(h, over.body);
    }
    announce(over ? over.title : summary.title);
    let answer;
    for (;;) {
      answer = await openDialog({
        title: over ? "Game over" : summary.title,
        body,
        className: "wide-dialog pr-summary-dialog",
        actions: [
          { label: "Hand history", value: "history" },
          over ? { label: "New game", value: "new", primary: true } : { label: "Next hand", value: "next", primary: true },
        ],
      });
      if (answer !== "history") break;
      await this.tool("history");
    }
    if (this.gone || this.pending !== events) return;
    this.pending = null;
    this.save();
    this.table.trick.clear();
    this.render();
    if (over) {
      if (answer === "new") await this.newGame();
      return;
    }
    announce(`Hand ${view.hand_number + 1}. ${view.trump} is trump. ${this.turnLine()}`);
    this.run();
  }

  // ---- drawing -------------------------------------------------------------------

  closePanels() {
    if (this.panelOpen === "declare") this.declare.close();
    if (this.panelOpen === "bid") this.bid.close();
    if (this.panelOpen === "over") {
      this.table.panel.hidden = true;
      this.table.panel.replaceChildren();
    }
    this.panelOpen = null;
  }

  mode() {
    const s = this.session;
    if (!s || this.pending || !s.isHumanTurn || this.busy) return "idle";
    if (s.view.phase === "declare") return "select";
    if (s.view.phase === "play") return "play";
    return "idle";
  }

  render() {
    const s = this.session;
    if (!s) return;
    const view = s.view;
    if (view !== this.adviceView) this.advice.clear();
    const mode = this.mode();
    const want = view.over && !this.pending ? "over" : mode === "select" ? "declare" : s.isHumanTurn && !this.pending && !this.busy && view.phase === "bid" ? "bid" : null;
    if (want !== this.panelOpen) {
      this.closePanels();
      this.panelOpen = want;
      this.declare.deck = this.table.deck;
      if (want === "declare") this.declare.open(s.legal, view);
      if (want === "bid") this.bid.open(s.legal, view);
      if (want === "over") this.showOverPanel();
    }
    let status = "";
    if (view.over) status = "The game is over.";
    else if (this.thinking !== null) status = `${seatName(this.thinking)} is thinking…`;
    else if (s.isHumanTurn && !this.busy) status = this.turnLine();
    // for tests and styles: "you" while the page waits for the person's move
    this.table.root.dataset.turn = s.isHumanTurn && !this.busy && !this.pending && this.thinking === null ? "you" : "wait";
    this.table.render(view, {
      legal: s.legal,
      mode,
      selected: mode === "select" ? this.declare.selected : null,
      thinking: this.thinking,
      status,
    });
  }

  showOverPanel() {
    const panel = this.table.panel;
    panel.hidden = false;
    const scores = this.session.view.scores;
    const winner = this.session.view.winner;
    panel.innerHTML = `
      <h2 class="pr-panel-title">Game over</h2>
      <p class="pr-panel-help"></p>
      <div class="pr-panel-actions"><button type="button" class="btn primary" data-new>New game</button></div>`;
    panel.querySelector("p").textContent = `${winner === 0 ? "You and North won" : "West and East won"}, ${scores[0]} to ${scores[1]}.`;
    panel.querySelector("[data-new]").addEventListener("click", () => this.newGame());
  }

  // ---- the tools -----------------------------------------------------------------

  async tool(name) {
    const s = this.session;
    if (name === "hint") return this.hint();
    if (name === "new") {
      if (s && !s.over && s.record.actions.length) {
        const sure = await openDialog({
          title: "Start a new game?",
          body: "The game in progress will be ended. Its record can be exported first.",
          actions: [
            { label: "Keep playing", value: "keep" },
            { label: "New game", value: "new", primary: true },
          ],
        });
        if (sure !== "new") return;
      }
      return this.newGame();
    }
    if (name === "rules") {
      location.hash = "#rules/precedence";
      return;
    }
    if (name === "stats") return showStats(this.stats, "Precedence statistics");
    if (!s) return;
    const deck = this.table.deck;
    if (name === "last") return this.showLastTrick();
    if (name === "history") return showHistory({ title: "Hand history", entries: historyEntries(this.log, deck, cardOrder) });
    if (name === "ledger") return showLedger(s.view.ledger, { seatName, chips: s.view.chips });
    if (name === "save") {
      const file = exportRecord(s.record, { extra: { levels: s.levels } });
      toast(`The game's record was saved as ${file}.`, { tone: "success" });
      return;
    }
    if (name === "load") return this.importGame();
  }

  /** The strong player's advice for your turn, from your view alone, with its reasons. */
  async hint() {
    const s = this.session;
    if (!s || s.over) return;
    if (this.busy || this.pending || !s.isHumanTurn) {
      toast(`Hints are for your turn${s.toAct !== null && s.toAct !== HUMAN ? `: it is ${seatName(s.toAct)}'s` : ""}.`);
      return;
    }
    const view = s.view;
    this.adviceView = view;
    const button = this.table.root.querySelector('[data-tool="hint"]');
    try {
      await this.advice.ask(async () => {
        const hint = await this.engine.hint(view, HINT_LEVEL);
        if (this.session !== s || s.view !== view) return null;
        const action = hint.action;
        if (action.type === "play") pointAt(this.table.hand.cards.get(action.card));
        if (action.type === "bid") {
          pointAt([...this.table.panel.querySelectorAll(".pr-bid")].find((b) => b.textContent === String(action.tricks)));
        }
        const label = (a) => (a.type === "bid" ? `Bid ${a.tricks}` : "");
        const value = (v) => `${v > 0 ? "+" : ""}${v} points`;
        return { title: "Hint", text: hintText(hint, value), items: alternativeLines(hint, { label, value }) };
      }, button);
    } catch (error) {
      toast(`No hint this time: ${error.message}`, { tone: "error" });
    }
  }

  async showLastTrick() {
    const view = this.session.view;
    const done = view.completed_tricks || [];
    const last = done.length ? done[done.length - 1] : null;
    const body = document.createElement("div");
    if (!last) {
      body.textContent = "No trick has been completed in this hand yet.";
    } else {
      const row = document.createElement("div");
      row.className = "pr-last-trick";
      for (const play of last.plays) {
        const figure = document.createElement("figure");
        figure.className = play.seat === last.winner ? "winner" : "";
        const card = createCard(play.card, { deck: this.table.deck });
        const caption = document.createElement("figcaption");
        caption.textContent = seatName(play.seat);
        figure.append(card, caption);
        row.append(figure);
      }
      const p = document.createElement("p");
      p.textContent = `${last.winner === HUMAN ? "You" : seatName(last.winner)} won trick ${done.length} with the ${cardName(last.card, this.table.deck)}: ${last.reason}.`;
      body.append(row, p);
    }
    await openDialog({ title: "Last trick", body, actions: [{ label: "Close", value: "close", primary: true }] });
  }

  async importGame() {
    let file;
    try {
      file = await importRecord(GAME);
    } catch (error) {
      toast(error.message, { tone: "error" });
      return;
    }
    if (!file) return;
    const log = new HandLog();
    const levels = Array.isArray(file.extra.levels) ? file.extra.levels : this.session?.levels;
    let session;
    try {
      await TableSession.steps(this.engine, file.record, (step) => log.feed(step.events), { onStart: (view) => log.start(view) });
      session = await TableSession.resume(this.engine, { record: file.record, levels });
    } catch (error) {
      toast(`This record could not be replayed: ${error.message}`, { tone: "error" });
      return;
    }
    this.generation += 1;
    this.session = session;
    this.log = log;
    this.pending = null;
    this.closePanels();
    this.table.trick.show(session.view.trick);
    this.save();
    this.render();
    toast(`Game imported: ${plural(file.record.actions.length, "move")} replayed.`, { tone: "success" });
    this.run();
  }

  unmount() {
    this.gone = true;
    this.generation += 1;
    // a dialog of this page must not outlive it (its answer would act on a page gone)
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  }
}
