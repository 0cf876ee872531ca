// A trick-taking game's page (Precedence, Contract Sabacc): the table laid out to fit
// the screen without scrolling (the other seats round the felt, the trick in the
// middle, your decision and your hand always in view), and the flow of play: computer
// players one after another at the pace of the speed setting (table/pace.js), each
// move's events shown (a card flies to the centre, the trick's winner is lifted and the
// trick swept to them), a refusal said and the turn kept on screen, a hand's end shown
// until it has been seen (kept in the save), focus moved to the next decision.
//
// A game's page supplies the hooks of TrickHooks (below), besides TablePage's, and may
// replace the defaults here: onCard(code), trickWords(event) (the line by a trick's
// winner and its shorter forms; by default "North wins: <the reason>", "North wins with
// the Emperor of Void", "North wins"), presentEvent(event, t, actor),
// postHandActions(events), fullHand(view).
// The review: a hand's summary and each finished hand of the history offer it.
// `data-turn` on the page is "you" while it waits for the person, "wait", "count" (a
// hand's end on screen) or "over"; `data-phase` is the view's phase (tests wait on them).

import { cardName, theCard } from "../cards/card.js";
import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { playable, safeNow } from "../pwa/pwa.js";
import { playWithFriends } from "./friends/lobby.js";
import { showPending, postHandActions } from "./handend.js";
import { hint } from "./hint.js";
import { renderLast, showLastTrick } from "./lasttrick.js";
import { buildTrickTable, centreRect, layoutSeats } from "./layout.js";
import { showLedger } from "./ledger.js";
import { showLegend } from "./legend.js";
import { sleep, timing } from "./pace.js";
import { TablePage, isRefusal } from "./page.js";
import { passDecision, passHidden, passTurn } from "./pass.js";
import { dealIn, present } from "./present.js";
import { showRefusal } from "./refusal.js";
import { offerReviews, reviewTrickHand } from "./reviewboard.js";
import { FitLine, fewer } from "./fit.js";
import { messageOf } from "../engine/errors.js";

/** What the seat to act does in each phase of either game, after its name. */
const PHASE_VERBS = {
  declare: "to declare melds",
  bid: "to bid",
  aside: "to set cards aside",
  play: "to play",
};

/**
 * The engine's data as the page gets it (a view, an action, an event): see
 * ../shared/PROTOCOL.md; not typed here.
 * @typedef {any} EngineData
 */

/**
 * The decision in front of the person (TrickHooks decide).
 * @typedef {object} Decision
 * @property {string} mode the hand's mode: "play", "select" or "idle"
 * @property {string} status the line of the status, in words
 * @property {string} [short] a shorter form of it, where it does not fit
 * @property {string} key the decision's name: its panel is drawn again when it changes
 * @property {boolean} [refresh] draw the panel again though the key is the same
 * @property {() => Node} [panel] the controls under the status (bids, buttons)
 * @property {() => boolean} [focus] focus the panel's control (false: none)
 * @property {() => Set<string> | string[] | null} [pressed] cards shown chosen
 * @property {() => Set<string> | string[] | null} [allowed] cards that may be chosen
 * @property {() => Record<string, string>} [reasons] why each dimmed card may not go
 * @property {Record<string, string>} [marks] a mark by a card ("declared")
 * @property {boolean} [cover] every hand hidden: the device passes to another person (pass.js)
 */

/**
 * A seat's plate (table/seats.js SeatPlate set): the most needed part first, and a badge
 * or its long and short forms.
 * @typedef {{detail: string | string[], badge: string | string[]}} PlateInfo
 */

/**
 * A trick of the hand, to show (TrickHooks lastTrick).
 * @typedef {object} ShownTrick
 * @property {{seat: number, card: string}[]} plays the cards, in the order played
 * @property {number} winner the seat that won it
 * @property {string} text who won it with what, and why, in words
 */

/**
 * What a trick game's page says of its own, which TrickPage calls:
 * - deck: the deck's name (cards/card.js)
 * - deckLegend(): the deck's letters and symbols explained (table/legend.js showLegend)
 * - slotOf(seat, seats): where a seat sits round the felt ("bottom", "left"...)
 * - potWords(pot): a pot of the chip ledger in a sentence: {into: "into the Ante Pot",
 *   from: "from the Ante Pot"}
 * - plateInfo(view, seat): the line under a seat's name and its badge
 * - renderFelt(view): draws what the game shows on the felt besides the trick
 * - decide(view, legal): the decision in front of the person
 * - overLine(view): the game's result, once it is over (under "The game is over.")
 * - describe(event): an event in words, read out ("" for none)
 * - handEnded(events): whether these events end a hand (round)
 * - handNumber(events): the hand or round whose end the events are
 * - summary(events): the hand's end, shown in a dialog
 * - tally(events): counts a hand's figures for the statistics
 * - lastTrick(view): the last trick finished in this hand, or null
 * - hintAdvice(hint): the engine's hint in words, and where it points
 * - reviewWords(): the review's words and marks (table/reviewboard.js, the game's
 *   review.js)
 * @typedef {{
 *   get deck(): string,
 *   deckLegend(): Parameters<typeof showLegend>[0],
 *   slotOf(seat: number, seats: number): string,
 *   potWords(pot: string): {into: string, from: string},
 *   plateInfo(view: EngineData, seat: number): PlateInfo,
 *   renderFelt(view: EngineData): void,
 *   decide(view: EngineData, legal: EngineData[]): Decision,
 *   overLine(view: EngineData): string,
 *   describe(event: EngineData): string,
 *   handEnded(events: EngineData[]): boolean,
 *   handNumber(events: EngineData[]): number,
 *   summary(events: EngineData[]): {title: string, body: Node},
 *   tally(events: EngineData[]): void,
 *   lastTrick(view: EngineData): ShownTrick | null,
 *   hintAdvice(hint: EngineData): {text: string, items: string[], point?: () => void},
 *   reviewWords(): EngineData,
 * }} TrickHooks
 */

/**
 * The parts of the table that table/layout.js builds, and the state of the flow.
 * @typedef {object} TrickParts
 * @property {HTMLElement} scores the scores' row above the felt
 * @property {HTMLElement} felt
 * @property {HTMLElement} centre the felt's middle, round the trick
 * @property {HTMLElement} trickEl
 * @property {HTMLElement} lastCards the last trick's cards, small
 * @property {HTMLButtonElement} lastOpen the button that shows the last trick
 * @property {HTMLElement} lastButton
 * @property {import("../ui/advice.js").AdvicePanel} advice the hint's panel
 * @property {EngineData} adviceView the view the hint shown is for
 * @property {FitLine} statusLine
 * @property {HTMLElement} status
 * @property {HTMLElement} panel the decision's controls
 * @property {HTMLElement} myPlate
 * @property {HTMLElement} me your plate and decision
 * @property {HTMLElement} handEl
 * @property {import("./hand.js").HandView} hand
 * @property {import("./trick.js").TrickArea} trick
 * @property {import("./seats.js").SeatPlate[]} plates
 * @property {HTMLElement[]} seatBoxes
 * @property {number} seats how many players
 * @property {() => void} unplaceAdvice
 * @property {boolean} busy the person's move being shown
 * @property {number | null} thinking the computer player thinking
 * @property {number | null} running the generation whose computer players move
 * @property {Promise<void> | null} gathering a finished trick being swept to its winner
 * @property {string | null} decisionKey
 * @property {Decision} decision
 * @property {EngineData[] | null} pendingEvents the events of the hand's end on screen
 */

// TrickPage, typed as having the hooks its subclasses supply and the parts layout.js
// builds: the JavaScript form of an abstract class (at run time, TablePage)
/** @type {new (...args: ConstructorParameters<typeof TablePage>) => TablePage & TrickHooks & TrickParts} */
const HookedTablePage = /** @type {any} */ (TablePage);

export class TrickPage extends HookedTablePage {
  buildTable(root) {
    return buildTrickTable(this, root);
  }

  toolDefs() {
    return [
      { name: "hint", label: "Hint", icon: "hint", key: "h" },
      { name: "last", label: "Last trick", icon: "lasttrick", key: "l" },
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
        potWords: (p) => this.potWords(p),
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

  layoutSeats(seats) {
    return layoutSeats(this, seats);
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

  async dealIn() {
    return dealIn(this);
  }

  centreRect() {
    return centreRect(this);
  }

  // ---- drawing ----------------------------------------------------------------------

  render() {
    const s = this.session;
    if (!s || this.gone) return;
    const view = s.view;
    this.showing(view);
    this.layoutSeats(s.seats);
    if (view !== this.adviceView) this.advice.clear();
    const yours = !this.held();
    this.root.dataset.phase = view.over ? "over" : view.phase;
    this.root.dataset.deal = this.landing ? "flying" : "landed";
    this.root.dataset.turn =
      this.pending !== null ? "count" : view.over ? "over" : yours ? "you" : "wait";
    // while a finished trick is on the felt (its winner said), nobody is lit or thinking
    const finished = this.trick.finished;
    for (let seat = 0; seat < this.seats; seat += 1) {
      const { detail, badge } = this.plateInfo(view, seat);
      this.plates[seat].set({
        detail,
        badge,
        turn: !view.over && view.to_act === seat && !finished ? this.phaseVerb(view) : "",
        thinking: this.thinking === seat && !finished,
      });
    }
    this.renderFelt(view);
    /** @type {Decision} */
    const decision =
      this.pending !== null
        ? { mode: "idle", status: `The ${this.handWord} is over.`, key: "count" }
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

  /** A computer player has chosen its move: while the move is shown (its card flying,
   * the trick it ends on the felt), its plate is neither lit nor thinking and the status
   * says who plays next (the rest of the table is drawn once the move has been shown;
   * a move that ends the hand or the game says so then). */
  moved(seat, events) {
    this.plates[seat]?.set({ turn: "", thinking: false });
    const view = this.session?.view;
    if (view && !view.over && !this.handEnded(events)) this.say(this.waitLine(view));
  }

  waitLine(view) {
    if (this.stalled) return `${this.seatName(view.to_act)} could not move.`;
    if (this.thinking !== null && !this.trick.finished)
      return `${this.seatName(this.thinking)} is thinking…`;
    if (view.to_act === this.human) return "One moment…";
    return this.toActLine(view);
  }

  /** What the seat to act does now, after its name: "to bid", "to play". */
  phaseVerb(view) {
    return PHASE_VERBS[view.phase] ?? "to play";
  }

  /** Whose turn it is and to do what: "West to declare.", "Bryn to bid.", "East to play". */
  toActLine(view) {
    return `${this.seatName(view.to_act)} ${this.phaseVerb(view)}.`;
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
    return renderLast(this, view);
  }

  async showLastTrick() {
    return showLastTrick(this);
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
        // (the trick just won swept away during its pause: then it is seen thinking)
        this.gathering?.then(() => {
          if (generation === this.generation && this.thinking === seat) this.render();
        });
        const wait = sleep(timing().bot);
        const result = await s.botMove();
        this.thinkAhead();
        await wait;
        if (this.gone || generation !== this.generation) return;
        this.thinking = null;
        this.moved(seat, result.events);
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
      { fleeting: true },
    );
  }

  /** The person's move (or moves, one after another); then the computer players. */
  async act(actions) {
    const s = this.session;
    if (!s || this.gone) return;
    if (s.over) {
      toast("The game is over: start a new game to play again.", { fleeting: true });
      return;
    }
    if (this.held()) {
      this.politeWait();
      return;
    }
    const generation = this.generation;
    this.busy = true;
    // the hint was for the move now made: it goes at once, not once the move is shown
    this.advice.clear();
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
          const card = action.card === undefined ? null : this.hand.button(action.card);
          showRefusal(messageOf(error), { shake: card });
        } else this.trouble(error);
        this.focusDecision(true);
        // the table moved on meanwhile (a friend's page behind the host's): catch up
        if (s.isBotTurn) this.run();
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

  /** The line shown by a trick's winner, in shorter forms for a narrow felt: "You win:
   * <why>", "You win with the Emperor of Void", "You win" (a page may say it its way). */
  trickWords(event) {
    const who = event.winner === this.human ? "You win" : `${this.seatName(event.winner)} wins`;
    return [`${who}: ${event.reason}`, `${who} with ${theCard(event.card, this.deck)}`, who];
  }

  async present(events, actor, generation) {
    return present(this, events, actor, generation);
  }

  presentEvent(_event, _t, _actor) {}

  async showPending() {
    return showPending(this);
  }

  postHandActions(events) {
    return postHandActions(this, events);
  }

  // ---- the review -------------------------------------------------------------------

  reviewEntries(entries, log) {
    return offerReviews(this, entries, log);
  }

  reviewHand(end, hand) {
    if (passHidden(this)) return null;
    return reviewTrickHand(this, end, hand);
  }

  // ---- advice -----------------------------------------------------------------------

  async hint() {
    return hint(this);
  }

  /** The line for a screen reader and the status when the person is to act. */
  turnLine() {
    const s = this.session;
    if (!s) return "";
    if (s.over) return "The game is over.";
    if (!s.isHumanTurn) return this.toActLine(s.view);
    return this.decide(s.view, s.legal).status;
  }

  unmount() {
    super.unmount();
    this.advice.clear();
    this.unplaceAdvice();
  }
}
