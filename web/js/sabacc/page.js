// The Contract Sabacc page: #sabacc[/deal=12345&players=5&...]
//
// You sit at the bottom; the seats go round counterclockwise as the rules say (play
// passes from a seat to the one on its right): the next seat on your right, and so on
// round to your left. Everything a table does is table/flow.js's (and table/page.js's);
// this page says what is Contract Sabacc's own: the seats and their plates, the pots,
// talon, auction and aside on the felt, the bids, the aside (select, then confirm),
// the words for each event, the count, the statistics and the rounds' history.

import "../cards/sabacc.js";
import { alternativeLines, pointAt } from "../ui/advice.js";
import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { iconButton } from "../ui/icons.js";
import { plural } from "../ui/words.js";
import { ChoiceGroup } from "../table/choices.js";
import { FitLine } from "../table/fit.js";
import { TrickPage } from "../table/flow.js";
import { mountPage } from "../table/page.js";
import { seatGuest } from "../table/friends/guest.js";
import { showRefusal } from "../table/refusal.js";
import { sleep } from "../table/pace.js";
import { common, createStats, percent } from "../table/stats.js";
import { AsidePanel } from "./aside.js";
import { roundBody, roundEnd, roundTitle } from "./count.js";
import { SabaccFelt } from "./felt.js";
import { historyEntries } from "./history.js";
import {
  HUMAN,
  bidCostShort,
  bidDescription,
  bidName,
  contractsLine,
  cardInSentence,
  chips,
  describe,
  nameHost,
  playerName,
  playRule,
  points,
  seatInSentence,
  seatName,
  stakesRule,
  winnersLine,
} from "./messages.js";
import { deckLegend } from "./legend.js";
import { reviewWords } from "./review.js";
import { store } from "./store.js";

const GAME = "sabacc";
// the person's seat on their own table (a friend's page sits at its own seat: HUMAN)
const HUMAN_SEAT = 0;
const POSITIONS = {
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

export async function mount(container, params, ctx) {
  return mountPage(SabaccPage, container, params, ctx, { game: GAME, store, human: HUMAN_SEAT });
}

/** A friend's page at a host's table: the game played from the host's messages, the
 * host's seat called by the host's name. */
export function mountGuest(container, ctx, session) {
  nameHost(session.host);
  return seatGuest(SabaccPage, container, ctx, session, {
    game: GAME,
    store,
    stats: createStats(GAME),
  });
}

class SabaccPage extends TrickPage {
  get handWord() {
    return "round";
  }

  get deck() {
    return "sabacc";
  }

  deckLegend() {
    return deckLegend();
  }

  seatName(seat) {
    return seatName(seat);
  }

  personName(seat) {
    return playerName(seat);
  }

  /** Places counted from the person whose hand is shown, at the bottom. */
  slotOf(seat, seats) {
    // the person at the bottom, whichever their seat; the others round from there
    return (POSITIONS[seats] || POSITIONS[4])[(seat - HUMAN + seats) % seats];
  }

  potWords(pot) {
    if (pot === "table") return { into: "onto the table", from: "from the table" };
    return { into: "into the Ante Pot", from: "from the Ante Pot" };
  }

  /** The declarer's most: a deal of the 78 cards less the talon, and the talon taken. */
  fullHand(view) {
    const players = view.hand_sizes.length;
    return Math.ceil((78 - view.talon_size) / players) + view.talon_size;
  }

  buildTable(root) {
    super.buildTable(root);
    this.felt.classList.add("sb-felt");
    /** @type {FitLine | null} the pots' line, made on the first render */
    this.potsLine = null;
    this.sabaccFelt = new SabaccFelt(this.centre, { seatName });
    this.aside = new AsidePanel({
      preview: (actions) => this.previewAside(actions),
      confirm: (actions) => this.act(actions),
      changed: () => {
        this.render();
        this.save(); // a half-made aside survives a reload
      },
    });
  }

  /** The aside being chosen (kept with the save), or the one saved not yet shown. */
  draft() {
    const s = this.session;
    if (s?.view.phase === "aside" && this.asideAt === s.position && this.aside.order?.length)
      return { position: s.position, cards: [...this.aside.order] };
    return this.draftSaved ?? null;
  }

  /** The saved aside's cards, when the saved game stands where they were chosen. */
  takeDraft() {
    const draft = this.draftSaved;
    this.draftSaved = null;
    this.asideAt = this.session.position;
    return draft && draft.position === this.session.position ? draft.cards : [];
  }

  /** The legal actions and reasons after setting `actions` aside (nothing is kept;
   * at a friend's page the host's engine answers). */
  async previewAside(actions) {
    const { view, legal } = await this.session.ahead(actions);
    return { legal, refusals: view.refusals };
  }

  // ---- drawing ----------------------------------------------------------------------

  plateInfo(view, seat) {
    // the most needed first (a plate too narrow for all of them leaves out the last):
    // the chips (every plate shows them, beside the badge: on a phone at five players
    // that is all there is room for), the bid just said, the tricks, the wager, the
    // cards held
    const parts = [chips(view.chips[seat])];
    if (view.phase === "bid" && !view.over) {
      const said = view.auction.filter((b) => b.seat === seat);
      if (said.length) parts.push(bidName(said[said.length - 1].bid));
    }
    if (view.phase === "play" || view.played.length)
      parts.push(`${view.tricks[seat]} trick${view.tricks[seat] === 1 ? "" : "s"}`);
    if (view.wagers[seat]) parts.push(`wager ${view.wagers[seat]}`);
    if (seat !== HUMAN)
      parts.push(`${view.hand_sizes[seat]} card${view.hand_sizes[seat] === 1 ? "" : "s"}`);
    /** @type {string | string[]} */
    let badge = view.dealer === seat ? "Dealer" : "";
    if (view.declarer === seat) badge = [`Declarer: ${bidName(view.contract)}`, "Declarer"];
    return { detail: parts, badge };
  }

  renderFelt(view) {
    // the most needed first: the round, the contract, the dealer
    const parts = [`Round ${Math.min(view.round + 1, view.rounds)} of ${view.rounds}`];
    if (view.contract) parts.push(`${bidName(view.contract)} by ${seatInSentence(view.declarer)}`);
    parts.push(`${seatName(view.dealer)} ${view.dealer === HUMAN ? "deal" : "deals"}`);
    this.sayInfo(parts);
    const table = view.wagers.reduce((a, b) => a + b, 0);
    // (at the game's end the Ante Pot has been shared out or kept: said so, not as a pot)
    const kept = view.options?.ante_pot_at_end === "carry";
    const ante = !view.over
      ? `Ante Pot ${view.ante_pot}`
      : kept
        ? `The Ante Pot (${chips(view.ante_pot)}) is kept for the next game`
        : `The Ante Pot has been shared out${view.ante_pot ? `; ${chips(view.ante_pot)} left unclaimed` : ""}`;
    // (the round's wagers, said as such: "on the table 8" read as a count of cards)
    const onTable = table ? `${chips(table)} wagered this round` : "";
    const wagered = table ? `wagered ${table}` : "";
    const pots = [ante, onTable];
    // where the line is too narrow: without the declarer's pile, then the wagers (each
    // plate and the ledger say them)
    const shorter = [];
    if (view.phase === "play" && view.declarer !== null) {
      const needs = `the declarer needs ${points(view.target)} points`;
      // the aside is in the pile from the start, so the count is never only tricks
      pots.push(
        `${needs} from their pile: ${plural(view.pile_sizes.declarer, "card")} so far, the aside among them`,
      );
      shorter.push([ante, wagered, needs], [ante, needs]);
    } else if (wagered) shorter.push([ante, wagered]);
    const line = (parts) => parts.filter(Boolean).join(" · ");
    this.potsLine ??= new FitLine("p", { class: "sb-pots" });
    if (!this.scores.contains(this.potsLine.el)) this.scores.replaceChildren(this.potsLine.el);
    // at the game's end the line says what became of the Ante Pot: it wraps, whole
    this.potsLine.el.classList.toggle("sb-pots-over", Boolean(view.over));
    this.potsLine.say(line(pots), ...shorter.map(line));
    this.trickEl.hidden = view.phase !== "play" && !view.trick.length;
    this.sabaccFelt.render(view);
  }

  decide(view, legal) {
    if (view.phase === "bid") {
      return {
        mode: "idle",
        key: `bid-${view.round}-${view.auction.length}`,
        status: view.highest_bid
          ? `Your bid: above ${bidName(view.highest_bid)}, or pass.`
          : "Your bid: the lowest is Take. Or pass.",
        short: view.highest_bid ? `Above ${bidName(view.highest_bid)}, or pass.` : "Bid or pass.",
        panel: () => this.bidPanel(view, legal),
        focus: () => this.bids.focus(),
      };
    }
    if (view.phase === "aside") {
      return {
        mode: "select",
        key: `aside-${view.round}-${view.aside_size}`,
        status: `Your aside: choose ${view.aside_needed - view.aside_size} cards to set aside.`,
        short: `Set aside ${view.aside_needed - view.aside_size} cards.`,
        panel: () => this.aside.open(view, legal, this.takeDraft()),
        pressed: () => this.aside.chosen,
        allowed: () => this.aside.allowed,
        reasons: () => this.aside.reasons,
        focus: () => this.hand.focus(),
      };
    }
    const { rule, short } = view.trick.length
      ? playRule(view)
      : { rule: "", short: "Play any card." };
    return {
      mode: "play",
      key: "play",
      status: view.trick.length ? `Your turn: ${rule}.` : "Your lead: play any card.",
      short,
    };
  }

  bidPanel(view, legal) {
    const bar = h("div", { class: "sb-bids" });
    this.bids = new ChoiceGroup(bar, { label: "Your bid" });
    this.bids.set(
      legal
        .filter((a) => a.type === "bid")
        .map((action) => {
          const stake = view.stakes[action.bid];
          return h(
            "button",
            {
              type: "button",
              class: `btn sb-bid${action.bid === "pass" ? "" : " primary"}`,
              dataset: { bid: action.bid, value: action.bid },
              // what the contract means and costs in words on hover, and as the button's
              // description for screen readers (its name stays the visible text)
              title: stake ? bidDescription(action.bid, stake, view.options) : null,
              onclick: () => this.act({ type: "bid", bid: action.bid }),
            },
            h("span", { class: "sb-bid-name", text: bidName(action.bid) }),
            h("span", { class: "sb-bid-stake", text: bidCostShort(stake, view.options) }),
          );
        }),
    );
    const meanings = () => [
      h("p", { text: contractsLine(legal.filter((a) => a.type === "bid").map((a) => a.bid)) }),
      h("p", { class: "sb-stakes-rule", text: stakesRule(view.options) }),
    ];
    // (on a phone, where the panel has no room for them unfolded, a button by your plate
    // opens them in a dialog: the bids and the hand stay where they are)
    const open = iconButton("help", "What the bids mean", {
      className: "quiet sb-contracts-open",
      hideLabel: true,
    });
    open.addEventListener("click", () =>
      openDialog({
        title: "What the bids mean",
        body: h("div", { class: "sb-contracts-body" }, meanings()),
        actions: [{ label: "Close", value: "close", primary: true }],
      }),
    );
    return h(
      "div",
      { class: "sb-bid-panel" },
      bar,
      // the contracts' meanings and the stakes rule folded to one line, so that the felt
      // keeps its height
      h(
        "details",
        { class: "sb-contracts" },
        h("summary", { text: "What the bids mean" }),
        meanings(),
      ),
      open,
    );
  }

  overLine(view) {
    return `${winnersLine(view.winners)} Chips: ${view.chips.map((c, s) => `${seatInSentence(s)} ${c}`).join(", ")}.`;
  }

  onCard(code) {
    const view = this.session.view;
    if (view.phase === "bid") {
      this.say("First the auction: choose a bid or pass.", "First, choose a bid or pass.");
      this.bids?.focus();
      return;
    }
    if (view.phase === "aside") {
      const why = this.aside.toggle(code);
      if (why) this.refuse(why, code);
      return;
    }
    const reason = view.refusals?.[code];
    if (reason) {
      this.refuse(reason, code); // the engine's own reason; nothing is sent
      return;
    }
    this.act({ type: "play", card: code });
  }

  refuse(reason, code) {
    showRefusal(reason, { shake: this.hand.button(code) });
    this.say(reason);
  }

  // ---- events -----------------------------------------------------------------------

  trickWords(event) {
    const who = event.winner === HUMAN ? "You win" : `${seatName(event.winner)} wins`;
    return [`${who} with ${cardInSentence(event.card)}`, who];
  }

  describe(event) {
    return describe(event);
  }

  async presentEvent(event, t) {
    if (event.type === "talon_shown") {
      this.sabaccFelt.render({
        ...this.session.view,
        phase: "aside",
        talon: event.cards,
        over: false,
      });
      if (this.session.view.declarer !== HUMAN && t.trick) await sleep(t.trick);
    } else if (event.type === "bid") {
      const cost = event.stake ? bidCostShort(event.stake, this.session.view.options, null) : "";
      this.plates[event.seat].set({ detail: [bidName(event.bid), cost] });
    }
  }

  handEnded(events) {
    return Boolean(roundEnd(events));
  }

  handNumber(events) {
    const end = roundEnd(events);
    return (end?.counted || end?.void)?.round ?? 0;
  }

  reviewWords() {
    return reviewWords;
  }

  summary(events) {
    const end = roundEnd(events);
    const view = this.session.view;
    const chipsAfter = end.over
      ? end.over.chips
      : view.last_round
        ? view.last_round.chips
        : view.chips;
    return {
      title: roundTitle(end),
      body: roundBody(end, { players: view.options.players, chipsAfter }),
    };
  }

  tally(events) {
    const end = roundEnd(events);
    if (!end) return;
    const counted = end.counted;
    if (counted && counted.declarer === HUMAN) {
      this.stats.change((data) => {
        data.declared = (data.declared || 0) + 1;
        data.declarerHalfPoints = (data.declarerHalfPoints || 0) + counted.points;
        const by = data.by[counted.contract] || { declared: 0, made: 0 };
        by.declared += 1;
        if (counted.made) {
          data.made = (data.made || 0) + 1;
          by.made += 1;
        }
        data.by[counted.contract] = by;
      });
    }
    if (end.over && !this.counted) {
      this.counted = true;
      const start = this.session.view.options.start_chips;
      this.stats.game(end.over.winners.includes(HUMAN), (data) => {
        data.chipsWon = (data.chipsWon || 0) + end.over.chips[HUMAN] - start;
      });
    }
  }

  statsRows(data) {
    const declared = data.declared || 0;
    const rows = [
      ...common(data),
      ["Contracts you declared", String(declared)],
      ["Contracts made", `${data.made || 0} (${percent(data.made || 0, declared)})`],
      [
        "Average count as declarer",
        // to the nearest half point, as the count says points ("45½")
        declared ? `${points(Math.round((data.declarerHalfPoints || 0) / declared))} points` : "–",
      ],
      ["Chips won over all games", `${(data.chipsWon || 0) >= 0 ? "+" : ""}${data.chipsWon || 0}`],
    ];
    for (const [name, v] of Object.entries(data.by))
      rows.push([`${bidName(name)}: made`, `${v.made} of ${v.declared}`]);
    return rows;
  }

  lastTrick(view) {
    const last = view.last_trick;
    if (!last) return null;
    const lead = last.plays[0].seat;
    const won = last.plays.find((p) => p.seat === last.winner);
    return {
      plays: last.plays,
      winner: last.winner,
      text: `${seatName(lead)} led; ${seatInSentence(last.winner)} won with ${cardInSentence(won.card)}.`,
    };
  }

  hintAdvice(hint) {
    const action = hint.action;
    const point = () => {
      if (action.type === "play") pointAt(this.hand.button(action.card));
      // the whole aside the hint names
      if (action.type === "aside") pointAt(...hint.cards.map((code) => this.hand.button(code)));
      if (action.type === "bid") pointAt(this.bids?.button(action.bid));
    };
    const label = (a) => (a.type === "bid" ? bidName(a.bid) : "");
    return { text: hint.reason, items: alternativeLines(hint, { label }), point };
  }

  historyEntries(log) {
    return historyEntries(log);
  }

  summaryLine() {
    const view = this.session.view;
    const players = view.options.players;
    return view.over
      ? `${players} players, game over`
      : `${players} players, round ${view.round + 1} of ${view.rounds}`;
  }

  /** What the Ante Pot is for, with this table's ante and its end. */
  antePotWords() {
    const options = this.session?.view.options ?? {};
    const ante = Number(options.ante ?? 1);
    const end =
      options.ante_pot_at_end === "carry"
        ? "What is left at the game's end is kept for the next game."
        : "What is left at the game's end is divided equally among the players.";
    const paid = ante
      ? `Every round each player puts ${chips(ante)} into the Ante Pot. It`
      : "The Ante Pot (this table has no ante)";
    return `${paid} pays one bonus a round, the highest earned: all of it for winning every trick (a Grand Slam), three quarters for all but at most three (a Slam), half when the Magician wins the last trick and a quarter when the Idiot does. ${end}`;
  }

  help() {
    return {
      paragraphs: [
        "Three to five players bid for a contract; the highest bidder, the declarer, plays alone against everyone else and must take at least 46 of the deck's 91 points into their pile. Bids, lowest first: Take, Push and Guard (the talon is shown, then taken into the declarer's hand, who sets aside as many cards), Guard without (the talon goes unseen to the declarer's pile) and Guard against (to the defenders').",
        "Each bid has a stake: 1, 1, 2, 4 and 6 chips. Unless the table chose the bidder only, every player puts each bid's stake in, even after passing; the declarer then adds a stack equal to their own wager for each defender. A made contract takes every chip on the table; a lost one is divided among the defenders.",
        this.antePotWords(),
        "Follow suit if you can; if not, play a Sabacc if you can. The highest Sabacc wins the trick, else the highest card of the suit led. Sabaccs run from −1, the Magician, up to −21, the Universe, and 0, the Idiot, beats them all. Honours (the Masters, the Magician, the Universe and the Idiot) wear a gold star.",
        "The game ends once everyone has dealt. The Rules page has every detail.",
      ],
      keys: [
        ["Left, Right", "move between your cards (one tab stop)"],
        ["Enter or Space", "play the focused card, or choose it for the aside"],
        ["H", "a hint: what the strong player would do"],
        ["C", "go to your cards (your hand)"],
        ["B", "go to your decision (the bids)"],
        ["L", "the last trick"],
        ["G", "the chip ledger"],
        ["K", "the deck: its suits, ranks and letters"],
        ["N", "a new game"],
        ["?", "this help"],
      ],
    };
  }
}
