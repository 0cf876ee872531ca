// The Precedence page: #precedence[/deal=N&...]
//
// You sit at the bottom with North, your partner, opposite; West and East are at the
// sides. Everything a table does is table/flow.js's (and table/page.js's); this page
// says what is Precedence's own: the seats and their plates, the teams' figures, the
// declaration (select, then declare), the bidding, the words for each event, the
// hand's summary and the game's end, the statistics and the hand history.

import { imperialDeck } from "../cards/imperial.js";
import { alternativeLines, pointAt } from "../ui/advice.js";
import { h } from "../ui/dom.js";
import { TrickPage } from "../table/flow.js";
import { mountPage } from "../table/page.js";
import { common, createStats, percent } from "../table/stats.js";
import { BidPanel } from "./bid.js";
import { DeclarePanel } from "./declare.js";
import { renderMelds, renderScores } from "./felt.js";
import { historyEntries } from "./history.js";
import { seatGuest } from "../table/friends/guest.js";
import {
  HUMAN,
  compassName,
  describeEvent,
  plural,
  resultLine,
  seatName,
  slotOf,
} from "./messages.js";
import { deckLegend } from "./legend.js";
import { reviewWords } from "./review.js";
import { store } from "./store.js";
import { gameOver, handSummary } from "./summary.js";

const GAME = "precedence";
// the person's seat on their own table (a friend's page sits at its own seat)
const HUMAN_SEAT = 0;
const RANK_ORDER = "23456789TOMPE";
const SUIT_ORDER = "VFBC";
const cardOrder = (code) =>
  SUIT_ORDER.indexOf(code.slice(-1)) * 13 + RANK_ORDER.indexOf(code.slice(0, -1));

export async function mount(container, params, ctx) {
  return mountPage(PrecedencePage, container, params, ctx, {
    game: GAME,
    store,
    human: HUMAN_SEAT,
  });
}

/** A friend's page at a host's table: the game played from the host's messages. */
export function mountGuest(container, ctx, session) {
  return seatGuest(PrecedencePage, container, ctx, session, {
    game: GAME,
    store,
    stats: createStats(GAME),
  });
}

class PrecedencePage extends TrickPage {
  get deck() {
    return imperialDeck(this.session?.view?.variant);
  }

  deckLegend() {
    return deckLegend(this.session?.view?.variant);
  }

  seatName(seat) {
    return seatName(seat);
  }

  personName(seat) {
    return compassName(seat);
  }

  slotOf(seat) {
    return slotOf(seat);
  }

  potWords(pot) {
    const name = pot === "accord" ? "the Accord Pot" : "the Hand Pot";
    return { into: `into ${name}`, from: `from ${name}` };
  }

  fullHand() {
    return 13; // the 52 cards dealt to four (RULES.md)
  }

  afterUse(fresh) {
    super.afterUse(fresh);
    this.declare = new DeclarePanel({
      deck: this.deck,
      preview: (action) =>
        this.session.preview
          ? this.session.preview(action)
          : this.ask(() => this.engine.apply(this.session.state, action, HUMAN)).then(
              (r) => r.events,
            ),
      declare: (action) => this.act(action),
      changed: () => this.render(),
    });
    this.bids = new BidPanel({ bid: (action) => this.act(action) });
  }

  // ---- drawing ----------------------------------------------------------------------

  plateInfo(view, seat) {
    const parts = [];
    if (view.bids[seat] !== null) parts.push(`bid ${view.bids[seat]}`);
    if (view.phase === "play" || view.over) parts.push(plural(view.tricks[seat], "trick"));
    parts.push(plural(view.chips[seat], "chip"));
    // the most needed first: a plate too narrow for all of them leaves out the last
    return { detail: parts, badge: view.dealer === seat ? "Dealer" : "" };
  }

  renderFelt(view) {
    this.trick.deck = this.deck;
    // the most needed first (a narrow line says fewer of them): the dealer is marked on
    // its plate, and the target beside each score
    this.sayInfo([
      `Trump suit: ${view.trump}`,
      `playing to ${view.target}`,
      `hand ${view.hand_number + 1}`,
      `${seatName(view.dealer)} ${view.dealer === HUMAN ? "deal" : "deals"}`,
    ]);
    renderScores(this.scores, view);
    for (let seat = 0; seat < 4; seat += 1) {
      if (seat !== HUMAN)
        renderMelds(this.seatBoxes[seat].querySelector(".tp-seat-extra"), view, seat, this.deck);
    }
  }

  decide(view, legal) {
    if (view.phase === "declare") {
      return {
        mode: "select",
        key: `declare-${view.hand_number}`,
        status: "Your declaration: select your melds, then declare.",
        short: "Select your melds, then declare.",
        panel: () => {
          this.declare.deck = this.deck;
          return this.declare.open(
            legal.filter((a) => a.type === "declare"),
            view,
          );
        },
        pressed: () => this.declare.selected,
        focus: () => this.declare.focus() || this.hand.focus(),
      };
    }
    if (view.phase === "bid") {
      return {
        mode: "idle",
        key: `bid-${view.hand_number}`,
        status: "Your bid: how many tricks will you take?",
        short: "Your bid: how many tricks?",
        panel: () => this.bids.open(legal, view),
        focus: () => this.bids.focus(),
      };
    }
    const marks = {};
    for (const code of (view.melds[HUMAN] || []).flat()) marks[code] = "declared";
    const led = view.trick.length && view.trick.length < 4 ? view.trick[0].card : null;
    return {
      mode: "play",
      key: "play",
      marks,
      status: led
        ? `Your turn: follow ${view.suit_names["VFBC".indexOf(led.slice(-1))]} if you can.`
        : "Your lead: the cards you may play stand raised.",
      short: led
        ? `Follow ${view.suit_names["VFBC".indexOf(led.slice(-1))]} if you can.`
        : "Play a raised card.",
    };
  }

  overLine(view) {
    return resultLine(view.winner, view.scores);
  }

  onCard(code) {
    const phase = this.session.view.phase;
    if (phase === "declare") {
      this.declare.toggle(code);
    } else if (phase === "bid") {
      this.say("Choose your bid first: the cards are played once everyone has bid.");
      this.bids.focus();
    } else {
      this.act({ type: "play", card: code });
    }
  }

  // ---- events -----------------------------------------------------------------------

  describe(event) {
    return describeEvent(event, this.deck);
  }

  handEnded(events) {
    return events.some((e) => e.type === "hand_scored");
  }

  handNumber(events) {
    return events.find((e) => e.type === "hand_scored")?.hand_number ?? 0;
  }

  reviewWords() {
    return reviewWords;
  }

  summary(events) {
    const summary = handSummary(events, {
      excessCounted: this.session.view.excess_counted,
      auditAt: this.session.view.audit_at,
    });
    const over = gameOver(events);
    // at the game's end its result comes first, then the last hand's table
    const body = over
      ? h(
          "div",
          {},
          h("h3", { text: over.title }),
          over.body,
          h("h3", { text: "The last hand" }),
          summary.body,
        )
      : h("div", {}, summary.body);
    // the winners are the body's heading, said once: the title only says the game is over
    return { title: over ? "Game over" : summary.title, body };
  }

  tally(events) {
    for (const event of events) {
      if (event.type === "hand_scored") {
        const team = event.teams[HUMAN % 2];
        this.stats.change((data) => {
          data.hands = (data.hands || 0) + 1;
          data.points = (data.points || 0) + team.hand_points;
          if (team.contract > 0) {
            data.bids = (data.bids || 0) + 1;
            if (team.made) data.made = (data.made || 0) + 1;
          }
        });
      } else if (event.type === "game_over" && !this.counted) {
        this.counted = true;
        this.stats.game(event.winner === HUMAN % 2);
      }
    }
  }

  statsRows(data) {
    const hands = data.hands || 0;
    const bids = data.bids || 0;
    return [
      ...common(data),
      ["Hands played", String(hands)],
      [
        "Contracts made",
        bids ? `${data.made || 0} of ${bids} (${percent(data.made || 0, bids)})` : "–",
      ],
      // a whole number: a hand scores whole points
      ["Average points per hand", hands ? String(Math.round((data.points || 0) / hands)) : "–"],
    ];
  }

  lastTrick(view) {
    const last = view.last_trick;
    if (!last) return null;
    const who = last.winner === HUMAN ? "You" : seatName(last.winner);
    return {
      plays: last.plays,
      winner: last.winner,
      text: `${who} won trick ${last.number} with the ${this.cardName(last.card)}: ${last.reason}.`,
    };
  }

  hintAdvice(hint) {
    const action = hint.action;
    const label = (a) => (a.type === "bid" ? `Bid ${a.tricks}` : "");
    const point = () => {
      if (action.type === "play") pointAt(this.hand.button(action.card));
      if (action.type === "bid") pointAt(this.bids.button(action.tricks));
      if (action.type === "declare") pointAt(...this.declare.buttonsFor(action));
    };
    return { text: hint.reason, items: alternativeLines(hint, { label }), point };
  }

  historyEntries(log) {
    return historyEntries(log, this.deck, cardOrder);
  }

  summaryLine() {
    const view = this.session.view;
    return view.over
      ? `Game over, you ${view.scores[0]} to ${view.scores[1]}`
      : `Hand ${view.hand_number + 1}, you ${view.scores[0]} to ${view.scores[1]}`;
  }

  help() {
    return {
      paragraphs: [
        "You and North play as partners against West and East. Each hand: declare your melds (runs of three or more cards of a suit, three or four of a rank), bid the tricks you will take, then play thirteen tricks.",
        "Follow the suit led if you can; among the cards you may play, declared meld cards must go first. The highest trump wins a trick, else the highest card of the suit led.",
        "A team that takes at least its contract scores ten points a trick bid, plus one for each trick over and its melds; one that fails loses points for each trick bid. The first team to the target wins. The Rules page has every detail.",
      ],
      keys: [
        ["Left, Right", "move between your cards (one tab stop)"],
        ["Enter or Space", "play, or select for a declaration, the focused card"],
        ["H", "a hint: what the strong player would do"],
        ["C", "go to your cards (your hand)"],
        ["B", "go to your decision (the bids, the melds)"],
        ["L", "the last trick"],
        ["G", "the chip ledger"],
        ["K", "the deck: its suits, ranks and letters"],
        ["N", "a new game"],
        ["?", "this help"],
      ],
    };
  }
}
