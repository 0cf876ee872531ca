// A trick-taking game's page (Precedence, Contract Sabacc): the table laid out to fit
// the screen without scrolling (the other seats round the felt, the trick in the
// middle, your decision and your hand always in view), and the flow of play: computer
// players one after another at the pace of the speed setting (table/pace.js), each
// move's events shown (a card flies to the centre, the trick's winner is lifted and the
// trick swept to them), a refusal said and the turn kept on screen, a hand's end shown
// until it has been seen (kept in the save), focus moved to the next decision.
//
// Subclass hooks (besides TablePage's): slotOf(seat, seats), seatName(seat),
// plateInfo(view, seat) -> {detail, badge}, renderFelt(view), decide(view, legal) ->
// {mode, status, key, panel() -> Node, focus() -> bool}, onCard(code), trickWords(event)
// (the line by a trick's winner; by default "North wins: <the reason>"), describe(event),
// presentEvent(event, t), handEnded(events), summary(events) -> {title, body},
// tally(events), lastTrick(view) -> {plays, winner, text}, hintAdvice(hint) ->
// {text, items, point}, postHandActions(events) -> [{label, value, run()}],
// handNumber(events) (the hand or round whose end the events are), reviewWords() (the
// review's words and marks: table/reviewboard.js, the game's review.js), deckLegend()
// (the deck's letters and symbols explained: table/legend.js showLegend's argument).
// The review: a hand's summary and each finished hand of the history offer it.
// `data-turn` on the page is "you" while it waits for the person, "wait", "count" (a
// hand's end on screen) or "over"; `data-phase` is the view's phase (tests wait on them).

import { cardName, createCard } from "../cards/card.js";
import { AdvicePanel } from "../ui/advice.js";
import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { playable, safeNow } from "../pwa/pwa.js";
import { HandView } from "./hand.js";
import { playWithFriends } from "./friends/lobby.js";
import { GameLog } from "./history.js";
import { showLedger } from "./ledger.js";
import { showLegend } from "./legend.js";
import { sleep, timing } from "./pace.js";
import { TablePage, isRefusal } from "./page.js";
import { passDecision, passHidden, passTurn } from "./pass.js";
import { reviewTrickHand } from "./reviewboard.js";
import { FitLine, fewer } from "./fit.js";
import { SeatPlate } from "./seats.js";
import { TrickArea } from "./trick.js";

const NO_LAST_TRICK = "No trick has been finished in this hand yet.";
// The share of the trick's pause when the person's own card ended it
const PERSON_LAST = 0.7;

export class TrickPage extends TablePage {
  buildTable(root) {
    this.scores = h("div", { class: "tp-scores" });
    this.centre = h("div", { class: "tp-centre" });
    this.trickEl = h("div", { class: "tp-trick" });
    // the last trick, one tap away: its cards drawn small, under a button named in words
    this.lastCards = h("span", { class: "tp-last-cards", "aria-hidden": "true" });
    this.lastOpen = h(
      "button",
      { type: "button", class: "tp-last-open", onclick: () => this.runTool("last") },
      h("span", { text: "Last trick" }),
    );
    this.lastButton = h("div", { class: "tp-last" }, this.lastCards, this.lastOpen);
    this.advice = new AdvicePanel({ label: "Hint", compact: true });
    this.adviceView = null;
    this.felt = h("div", { class: "tp-felt" }, this.centre, this.lastButton, this.advice.el);
    this.centre.append(this.trickEl);
    // one line that says less rather than cutting (say()): the line shown, and the
    // whole of it for screen readers and as its title
    this.statusLine = new FitLine("p", { class: "tp-status", role: "status" });
    this.status = this.statusLine.el;
    this.panel = h("div", { class: "tp-panel" });
    this.myPlate = h("div", { class: "tp-me-plate" });
    this.me = h(
      "div",
      { class: "tp-me" },
      this.myPlate,
      h("div", { class: "tp-decision" }, this.status, this.panel),
    );
    this.handEl = h("div", { class: "tp-hand" });
    root.append(this.scores, this.felt, this.me, this.handEl);
    // the hint: in a corner of the felt that holds no cards; on a phone, where the felt
    // has no such corner, a strip of its own between the felt and your decision
    const narrow = matchMedia("(max-width: 640px)");
    const placeAdvice = () => {
      if (narrow.matches) root.insertBefore(this.advice.el, this.me);
      else this.felt.append(this.advice.el);
    };
    placeAdvice();
    narrow.addEventListener("change", placeAdvice);
    this.unplaceAdvice = () => narrow.removeEventListener("change", placeAdvice);
    this.hand = new HandView(this.handEl, {
      deck: this.deck,
      choose: (code) => this.choose(code),
    });
    // a dimmed card focused: the engine's reason it may not go now, under the decision
    this.handEl.addEventListener("focusin", (event) => {
      const button = event.target.closest("button.card");
      if (!button || !this.decision) return;
      const reasons = this.decision.reasons
        ? this.decision.reasons()
        : this.session?.view.refusals || {};
      const why =
        button.getAttribute("aria-disabled") === "true" ? reasons[button.dataset.code] : "";
      if (why) this.say(why);
      else this.say(this.decision.status, this.decision.short);
    });
    this.trick = new TrickArea(this.trickEl, {
      deck: this.deck,
      place: (seat) => this.slotOf(seat, this.seats),
      seatName: (seat) => this.seatName(seat),
    });
    this.plates = [];
    this.seatBoxes = [];
    this.seats = 0;
    this.busy = false;
    this.thinking = null;
    this.running = null;
    this.gathering = null; // a finished trick being swept to its winner
    this.decisionKey = null;
  }

  toolDefs() {
    return [
      { name: "hint", label: "Hint", icon: "hint", key: "h" },
      { name: "last", label: "Last trick", icon: "undo", key: "l" },
      { name: "history", label: `${this.HandWord} history`, icon: "list", narrowMore: true },
      { name: "ledger", label: "Chip ledger", icon: "chips", key: "g", narrowMore: true },
      { name: "deck", label: "Deck", icon: "cards", key: "k" },
      { name: "friends", label: "Play with friends", icon: "friends", narrowMore: true },
      ...this.commonTools(),
    ];
  }

  async tool(name) {
    if (name === "hint") return this.hint();
    if (name === "last") return this.showLastTrick();
    if (name === "deck") return showLegend(this.deckLegend());
    if (name === "friends") return playWithFriends(this);
    if (name === "ledger" && this.session) {
      return showLedger(this.session.view.ledger, {
        seatName: (s) => this.seatName(s),
        chips: this.session.view.chips,
        potName: (p) => this.potName(p),
        unit: this.HandWord,
      });
    }
    return super.tool(name);
  }

  ownKey(event) {
    if (event.key === "c" || event.key === "C") return this.hand.focus();
    if (event.key === "b" || event.key === "B") return this.focusDecision(true);
    return false;
  }

  /** Lay the seats out round the felt once the number of players is known. */
  layoutSeats(seats) {
    if (seats === this.seats) return;
    this.seats = seats;
    for (const box of this.seatBoxes) box.remove();
    this.felt.dataset.seats = String(seats);
    this.plates = [];
    this.seatBoxes = [];
    for (let seat = 0; seat < seats; seat += 1) {
      const slot = this.slotOf(seat, seats);
      const plate = new SeatPlate({
        seat,
        name: this.seatName(seat),
        slot,
        you: seat === this.human,
      });
      const extra = h("div", { class: "tp-seat-extra" });
      const box = h("div", { class: "tp-seat", dataset: { slot } }, plate.el, extra);
      if (seat === this.human) this.myPlate.replaceChildren(box);
      else this.felt.append(box);
      this.plates.push(plate);
      this.seatBoxes.push(box);
    }
  }

  afterUse(fresh) {
    this.dealing = fresh;
    this.landing = fresh;
    this.busy = false;
    this.thinking = null;
    this.decisionKey = null;
    this.stalled = false;
    this.layoutSeats(this.session.seats);
    this.trick.show(this.session.view.trick);
  }

  async resumeFlow() {
    if (this.pending !== null) return this.showPending();
    if (this.dealing) {
      // a new game: the cards are dealt to you from the middle of the table
      this.dealing = false;
      await this.dealIn();
    }
    return this.run();
  }

  /** A new hand's cards fly in to the person's hand; the turn waits until they land
   * (`data-deal` is "flying" meanwhile, then "landed"). */
  async dealIn() {
    const generation = this.generation;
    this.landing = true;
    this.render();
    try {
      await this.hand.dealIn(this.centreRect(), timing().deal * 2);
    } finally {
      if (generation === this.generation) this.landing = false;
    }
    if (generation === this.generation) this.render();
  }

  /** A card-sized rectangle in the middle of the felt (where deals start). */
  centreRect() {
    const r = this.felt.getBoundingClientRect();
    const w = 40;
    return {
      left: r.left + r.width / 2 - w / 2,
      top: r.top + r.height / 2 - w * 0.7,
      width: w,
      height: w * 1.4,
    };
  }

  // ---- drawing ----------------------------------------------------------------------

  render() {
    const s = this.session;
    if (!s || this.gone) return;
    const view = s.view;
    this.layoutSeats(s.seats);
    if (view !== this.adviceView) this.advice.clear();
    const yours = !this.held();
    this.root.dataset.phase = view.over ? "over" : view.phase;
    this.root.dataset.deal = this.landing ? "flying" : "landed";
    this.root.dataset.turn =
      this.pending !== null ? "count" : view.over ? "over" : yours ? "you" : "wait";
    for (let seat = 0; seat < this.seats; seat += 1) {
      const { detail, badge } = this.plateInfo(view, seat);
      this.plates[seat].set({
        detail,
        badge,
        turn: !view.over && view.to_act === seat,
        thinking: this.thinking === seat,
      });
    }
    this.renderFelt(view);
    const decision =
      this.pending !== null
        ? { mode: "idle", status: "The hand is over.", key: "count" }
        : view.over
          ? this.overDecision(view)
          : yours
            ? this.decide(view, s.legal)
            : passDecision(this) || { mode: "idle", status: this.waitLine(view), key: "wait" };
    if (s.people) this.root.dataset.pass = decision.cover ? "covered" : "shown";
    else delete this.root.dataset.pass;
    this.say(decision.status, decision.short);
    this.status.classList.toggle("yours", yours);
    if (decision.key !== this.decisionKey || decision.refresh) {
      this.decisionKey = decision.key;
      this.decision = decision;
      this.panel.replaceChildren(...(decision.panel ? [decision.panel()] : []));
    }
    this.hand.deck = this.deck;
    this.hand.render(this.pending !== null ? [] : view.hand || [], {
      mode: decision.mode,
      legal: new Set(s.legal.filter((a) => a.card !== undefined).map((a) => a.card)),
      pressed: decision.pressed ? decision.pressed() : null,
      allowed: decision.allowed ? decision.allowed() : null,
      reasons: decision.reasons ? decision.reasons() : view.refusals || {},
      marks: decision.marks || {},
      reserve: this.fullHand(view),
    });
    this.renderLast(view);
    playable();
  }

  /** Whether the person's turn is held back: not theirs, a move still being shown, a
   * hand's end on screen, or the cards of a deal still flying in (nothing is asked of
   * the person before the deal has landed). */
  held() {
    const s = this.session;
    return (
      !s?.isHumanTurn || this.busy || this.landing || this.pending !== null || this.running !== null
    );
  }

  /** The most cards the person's hand holds in a hand: its room is kept throughout (a
   * game's page knows its deal; by default the hand now). */
  fullHand(view) {
    return (view.hand || []).length;
  }

  waitLine(view) {
    if (this.stalled) return `${this.seatName(view.to_act)} could not move.`;
    if (this.thinking !== null) return `${this.seatName(this.thinking)} is thinking…`;
    if (view.to_act === this.human) return "One moment…";
    return `${this.seatName(view.to_act)} to play.`;
  }

  overDecision(view) {
    return {
      mode: "idle",
      status: "The game is over.",
      key: "over",
      panel: () =>
        h(
          "div",
          { class: "tp-over" },
          h("p", { class: "tp-over-text", text: this.overLine(view) }),
          h(
            "div",
            { class: "tp-actions" },
            h("button", {
              type: "button",
              class: "btn primary",
              text: "New game",
              onclick: () => this.newGame(),
            }),
          ),
        ),
      focus: () => Boolean(this.panel.querySelector("button")?.focus()),
    };
  }

  /** The line under the title: `parts` (the most needed first), those that do not fit
   * left out from the end; all of them are its title and what a screen reader reads. */
  sayInfo(parts) {
    if (this.infoLine !== this.infoFit?.el) {
      this.infoFit = new FitLine("p", { class: "tp-info" });
      this.infoLine.replaceWith(this.infoFit.el);
      this.infoLine = this.infoFit.el;
    }
    const [all, ...shorter] = fewer(parts).map((shown) => shown.join(" · "));
    this.infoFit.say(all, ...shorter);
  }

  /** The status line: `text`, or where it does not fit, `short` (a shorter form of it),
   * or the words before its colon (the rest is the detail: "You must follow suit: you
   * hold ..."). The whole text stays what a screen reader reads and the line's title. */
  say(text, short = "") {
    const colon = text.indexOf(": ");
    this.statusLine.say(text, short, colon > 0 ? `${text.slice(0, colon)}.` : "");
  }

  renderLast(view) {
    const last = this.lastTrick(view);
    this.lastButton.hidden = !last;
    // the toolbar's "Last trick": unavailable (dimmed, said so, still reached in the
    // toolbar) until a trick of this hand has been finished
    const tool = this.toolButton("last");
    if (tool) {
      tool.setAttribute("aria-disabled", String(!last));
      if (last) tool.removeAttribute("aria-description");
      else tool.setAttribute("aria-description", NO_LAST_TRICK);
    }
    if (!last) return;
    const key = last.plays.map((p) => p.card).join(" ");
    if (this.lastButton.dataset.key === key) return;
    this.lastButton.dataset.key = key;
    this.lastCards.replaceChildren(
      ...last.plays.map((play) => {
        const card = createCard(play.card, { deck: this.deck, hidden: true });
        card.classList.toggle("winner", play.seat === last.winner);
        return card;
      }),
    );
    this.lastOpen.title = last.text;
    this.lastOpen.setAttribute("aria-description", last.text);
  }

  async showLastTrick() {
    const view = this.session?.view;
    const last = view && this.lastTrick(view);
    if (!last) {
      // the tool is unavailable: its reason said, nothing opened
      toast(NO_LAST_TRICK);
      announce(NO_LAST_TRICK);
      return;
    }
    const area = h("div", { class: "tp-trick", dataset: { seats: String(this.seats) } });
    const trick = new TrickArea(area, {
      deck: this.deck,
      place: (seat) => this.slotOf(seat, this.seats),
      seatName: (seat) => this.seatName(seat),
    });
    trick.show(last.plays, { winner: last.winner });
    const body = h(
      "div",
      { class: "tp-last-dialog" },
      area,
      h("p", { class: "tp-last-text", text: last.text }),
    );
    await openDialog({
      title: "Last trick",
      body,
      actions: [{ label: "Close", value: "close", primary: true }],
    });
  }

  // ---- the flow ---------------------------------------------------------------------

  /** Computer players move until it is the person's turn, a hand's end or the game's. */
  async run() {
    const generation = this.generation;
    if (this.running === generation || !this.session) return;
    this.running = generation;
    this.stalled = false;
    try {
      while (
        !this.gone &&
        generation === this.generation &&
        this.pending === null &&
        this.session.isBotTurn
      ) {
        const s = this.session;
        const seat = s.toAct;
        this.thinking = seat;
        this.render();
        const wait = sleep(timing().bot);
        const result = await s.botMove();
        this.thinkAhead();
        await wait;
        if (this.gone || generation !== this.generation) return;
        this.thinking = null;
        this.logMove({ ...result, view: s.view });
        await this.present(result.events, seat, generation);
        this.save();
      }
    } catch (error) {
      if (generation === this.generation) {
        this.stalled = true;
        this.trouble(error);
      }
    } finally {
      if (this.running === generation) this.running = null;
      if (generation === this.generation) this.thinking = null;
    }
    if (this.gone || generation !== this.generation) return;
    this.render();
    if (this.stalled) return this.offerRetry();
    if (this.pending !== null) return this.showPending();
    if (await passTurn(this)) return;
    if (this.session.isHumanTurn) this.startTurn();
    else if (this.session.over) this.focusDecision();
  }

  /** The person whose hand is shown sits at `seat`, at the bottom (table/pass.js): the
   * seats are laid out again round them. */
  sitAt(seat) {
    super.sitAt(seat);
    this.seats = 0;
    this.decisionKey = null;
    this.log = null; // (the history is rebuilt from this person's side when asked for)
    if (!this.session) return;
    this.layoutSeats(this.session.seats);
    this.trick.show(this.session.view.trick);
  }

  offerRetry() {
    this.decisionKey = "stalled";
    this.panel.replaceChildren(
      h(
        "div",
        { class: "tp-actions" },
        h("button", {
          type: "button",
          class: "btn primary",
          text: "Try again",
          onclick: () => this.run(),
        }),
      ),
    );
  }

  startTurn() {
    announce(this.turnLine());
    this.focusDecision();
  }

  /** Move focus to the decision in front of the person, unless they are busy elsewhere. */
  focusDecision(force = false) {
    if (document.querySelector("dialog[open]")) return false;
    const active = document.activeElement;
    const free =
      !active ||
      active === document.body ||
      active === this.heading ||
      this.me.contains(active) ||
      this.handEl.contains(active) ||
      this.felt.contains(active) ||
      this.hand.lostFocus;
    if (!free && !force) return false;
    if (this.decision?.focus?.()) return true;
    return this.hand.focus();
  }

  /** A card chosen in the hand. */
  choose(code) {
    const s = this.session;
    if (!s || s.over) return;
    if (this.held()) {
      this.politeWait();
      return;
    }
    this.onCard(code);
  }

  cardName(code) {
    return cardName(code, this.deck);
  }

  onCard(code) {
    this.act({ type: "play", card: code });
  }

  politeWait() {
    const s = this.session;
    if (!s || s.over) return;
    const now = Date.now();
    if (this.lastPolite && now - this.lastPolite < 1500) return;
    this.lastPolite = now;
    const seat = s.toAct;
    toast(
      seat === this.human || seat === null
        ? "One moment: the last move is still being shown."
        : `One moment: it is ${this.seatName(seat)}'s turn.`,
    );
  }

  /** The person's move (or moves, one after another); then the computer players. */
  async act(actions) {
    const s = this.session;
    if (!s || this.gone) return;
    if (s.over) {
      toast("The game is over: start a new game to play again.");
      return;
    }
    if (this.held()) {
      this.politeWait();
      return;
    }
    const generation = this.generation;
    this.busy = true;
    this.render();
    for (const action of Array.isArray(actions) ? actions : [actions]) {
      let events;
      try {
        events = await s.play(action);
      } catch (error) {
        this.busy = false;
        if (generation !== this.generation) return;
        this.render(); // the turn and its choices stay on screen
        if (isRefusal(error)) {
          toast(error.message, { tone: "error", title: "Not allowed.", passive: true });
          announce(error.message);
        } else this.trouble(error);
        this.focusDecision(true);
        return;
      }
      this.thinkAhead();
      this.logMove({ seat: this.human, action, events, view: s.view });
      await this.present(events, this.human, generation);
      this.save();
      if (generation !== this.generation || this.pending !== null || !s.isHumanTurn) break;
    }
    safeNow();
    this.busy = false;
    if (generation !== this.generation) return;
    this.render();
    this.run();
  }

  /** The next computer player starts on its move while the one before is shown (the
   * pause before its card then counts its thinking: table/pace.js). */
  thinkAhead() {
    const s = this.session;
    if (s && !s.over && s.isBotTurn) s.botThink();
  }

  /** The line shown by a trick's winner: "You win: <why>" (a page may say it its way). */
  trickWords(event) {
    const who = event.winner === this.human ? "You win" : `${this.seatName(event.winner)} wins`;
    return `${who}: ${event.reason}`;
  }

  /** Show a move's events: cards flying, the trick's winner, sentences read out. A
   * finished trick stays `t.trick` (less after the person's own last card: they have
   * just seen the trick whole), then is swept to its winner; when a computer player
   * leads next, the sweep runs during the pause before its card. */
  async present(events, actor, generation) {
    const t = timing();
    const said = [];
    this.tally(events);
    for (const event of events) {
      if (this.gone || generation !== this.generation) return;
      // Both games' engines report a card played and a trick won the same way:
      // {type: "play", seat, card, trick_number} and {type: "trick", number, winner,
      // card, reason, plays} (docs/ARCHITECTURE.md, "Views, events, bots").
      if (event.type === "play") {
        const { seat, card } = event;
        await this.gathering;
        const from = seat === this.human ? this.hand.take(card) : this.plates[seat].rect();
        const flight = this.trick.play(seat, card, { from, duration: t.fly });
        announce(this.describe(event));
        await flight;
      } else if (event.type === "trick") {
        const { winner } = event;
        this.trick.markWinner(winner, this.trickWords(event));
        announce(this.describe(event));
        const pause = actor === this.human ? t.trick * PERSON_LAST : t.trick;
        if (pause) await sleep(pause);
        this.gathering = this.trick.collect(this.plates[winner].rect(), { duration: t.fly });
        if (!this.session.isBotTurn || this.session.over) await this.gathering;
      } else {
        const line = this.describe(event);
        if (line) said.push(line);
        await this.presentEvent(event, t, actor);
      }
    }
    if (said.length) announce(said.join(" "));
    if (this.handEnded(events)) {
      await this.gathering;
      this.pending = this.session.position;
      this.pendingEvents = events;
    }
  }

  presentEvent() {}

  /** A hand's end, until the person has seen it: the summary, then the next hand. */
  async showPending() {
    const s = this.session;
    const at = this.pending;
    this.render();
    const events =
      this.pendingEvents && at === s.position ? this.pendingEvents : await s.eventsOf(at);
    if (this.gone || this.session !== s || this.pending !== at) return;
    if (!this.handEnded(events)) {
      // (an older save's mark): that move ended no hand, so there is nothing to show
      this.pending = null;
      this.save();
      this.render();
      this.run();
      return;
    }
    const summary = this.summary(events);
    announce(summary.title);
    const extra = this.postHandActions(events);
    let answer;
    for (;;) {
      answer = await openDialog({
        title: summary.title,
        body: summary.body,
        className: "wide-dialog tp-summary-dialog",
        actions: [
          { label: `${this.HandWord} history`, value: "history" },
          ...extra.map(({ label, value }) => ({ label, value })),
          ...(s.over
            ? [
                { label: "Close", value: "next" },
                { label: "New game", value: "new", primary: true },
              ]
            : [{ label: `Next ${this.handWord}`, value: "next", primary: true }]),
        ],
      });
      if (this.gone || this.session !== s) return;
      const chosen = extra.find((item) => item.value === answer);
      if (answer === "history") await this.showHistory();
      else if (chosen) await chosen.run();
      else break;
    }
    if (this.pending !== at) return;
    this.pending = null;
    this.pendingEvents = null;
    this.landing = !s.over; // the next hand's cards are still to come
    this.save();
    this.trick.clear();
    this.decisionKey = null;
    this.render();
    if (answer === "new") {
      await this.newGame();
      return;
    }
    if (!s.over) {
      await this.dealIn();
      announce(this.turnLine());
    }
    this.run();
  }

  /** The hand's summary offers its review. */
  postHandActions(events) {
    const end = this.pending;
    const hand = this.handNumber(events);
    return [{ label: "Review", value: "review", run: () => this.reviewHand(end, hand) }];
  }

  // ---- the review -------------------------------------------------------------------

  reviewEntries(entries, log) {
    const words = this.reviewWords();
    return entries.map((entry, i) => {
      const hand = log.finished[i];
      const end = hand.first + hand.moves.length;
      const number = this.handNumber(GameLog.events(hand));
      const offer = h("button", {
        type: "button",
        class: "btn rv-offer",
        text: words.offer,
        onclick: () => this.reviewHand(end, number),
      });
      return {
        ...entry,
        render: () => h("div", {}, h("div", { class: "tp-actions" }, offer), entry.render()),
      };
    });
  }

  /** The review of your decisions in the hand (or round) `hand`, which ended after move
   * `end` of the record. */
  reviewHand(end, hand) {
    if (passHidden(this)) return null;
    return reviewTrickHand(this, end, hand);
  }

  // ---- advice -----------------------------------------------------------------------

  /** The strong player's advice for your turn, from your view alone, with its reasons;
   * asked again while it is shown, it goes (Hint toggles it). It lies in a corner of
   * the felt that holds no cards, or on a phone beside your decision (table.css). */
  async hint() {
    const s = this.session;
    if (!s || s.over || passHidden(this)) return;
    if (this.held()) {
      const other = s.toAct !== null && s.toAct !== this.human;
      toast(`Hints are for your turn${other ? `: it is ${this.seatName(s.toAct)}'s` : ""}.`);
      return;
    }
    const view = s.view;
    this.adviceView = view;
    try {
      await this.advice.ask(
        async () => {
          const hint = await this.ask(() => this.engine.hint(view, "strong"));
          if (this.session !== s || s.view !== view) return null;
          const { text, items, point } = this.hintAdvice(hint);
          point?.();
          return { title: "Hint", text, items };
        },
        this.toolButton("hint"),
        { name: "hint", of: view },
      );
    } catch (error) {
      toast(`No hint this time: ${error.message}`, { tone: "error" });
    }
  }

  /** The line for a screen reader and the status when the person is to act. */
  turnLine() {
    const s = this.session;
    if (!s) return "";
    if (s.over) return "The game is over.";
    if (!s.isHumanTurn) return `${this.seatName(s.toAct)} to play.`;
    return this.decide(s.view, s.legal).status;
  }

  unmount() {
    super.unmount();
    this.advice.clear();
    this.unplaceAdvice();
  }
}
