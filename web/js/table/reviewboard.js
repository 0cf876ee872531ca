// A trick game's position at one of the person's decisions, for the review's walk
// (table/walk.js): the trick on the table (table/trick.js), what was said so far (the
// bids, the auction), the choices of a bid with the one made and the better one marked,
// and the person's hand (table/hand.js) with the better card marked and pointed at
// (ui/advice.js pointAt); the card played flies from the hand to the trick, at the pace
// of the speed setting (ui/motion.js; none under reduced motion), and a card declared or
// set aside is marked in the hand. The words are the game's.
//
//   await reviewTrickHand(page, end, hand)   the review of the person's decisions in the
//       hand (round) `hand` of a TrickPage's game, which ended after move `end`
//   const board = new TrickReviewBoard({positions, seat, deck(), seats, place(seat),
//                                       seatName(seat), words})   (seat: the person's)
//   positions: table/review.js Positions; words (the game's review.js, page.reviewWords()):
//     heading(hand), offer (the history's button),
//     title(decision, view), actionName(action, view, deck), lossWords(loss),
//     context(decision, view) -> a line about the position, or ""
//     bidLabel(action) -> a bid's name among the choices ("4", "Guard")
//     cards(action) -> the cards an action names
//     summary(found) -> Node, found the review's first par ({par, made, reason, ...})
//   board.ending() -> the summary's picture: your hand as dealt (at your first decision)

import { theCard } from "../cards/card.js";
import { sameJson } from "../engine/json.js";
import { pointAt, unpoint } from "../ui/advice.js";
import { h } from "../ui/dom.js";
import { inSentence, listed } from "../ui/words.js";
import { HandView } from "./hand.js";
import { GameLog } from "./history.js";
import { timing } from "./pace.js";
import { Positions, reviewRun } from "./review.js";
import { TrickArea } from "./trick.js";
import { openReview, picture } from "./walk.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

/** @param {TrickPage} page */
export function offerReviews(page, entries, log) {
  const words = page.reviewWords();
  return entries.map((entry, i) => {
    const hand = log.finished[i];
    const end = hand.first + hand.moves.length;
    const number = page.handNumber(GameLog.events(hand));
    const offer = h("button", {
      type: "button",
      class: "btn rv-offer",
      text: words.offer,
      onclick: () => page.reviewHand(end, number),
    });
    return {
      ...entry,
      render: () => h("div", {}, h("div", { class: "tp-actions" }, offer), entry.render()),
    };
  });
}

/** @param {TrickPage} page */
export function reviewTrickHand(page, end, hand) {
  const s = page.session;
  if (!s || page.gone) return null;
  const record = { ...s.record, actions: s.record.actions.slice(0, end) };
  const run = reviewRun(page.engine, { record, seat: page.human, hand }, (task) => page.ask(task));
  run.positions ??= new Positions(s, page.human);
  const words = page.reviewWords();
  const seats = page.seats;
  const board = new TrickReviewBoard({
    positions: run.positions,
    seat: page.human,
    deck: () => page.deck,
    seats,
    place: (seat) => page.slotOf(seat, seats),
    seatName: (seat) => page.seatName(seat),
    words,
  });
  return openReview({ run, board, title: words.heading(hand) });
}

export class TrickReviewBoard {
  constructor({ positions, seat, deck, seats, place, seatName, words }) {
    this.positions = positions;
    this.seat = seat;
    this.deck = deck;
    this.seats = seats;
    this.words = words;
    this.seatName = seatName;
    this.views = new Map(); // decision index -> the view before it (for the words)
    this.context = h("p", { class: "rv-context" });
    this.trickEl = h("div", { class: "tp-trick rv-trick", dataset: { seats: String(seats) } });
    this.choicesEl = h("ol", { class: "rv-choices", hidden: true });
    this.handEl = h("div", { class: "tp-hand rv-hand" });
    this.el = h(
      "div",
      { class: "rv-board" },
      this.context,
      this.trickEl,
      this.choicesEl,
      this.handEl,
    );
    this.trick = new TrickArea(this.trickEl, { deck: deck(), place, seatName });
    this.hand = new HandView(this.handEl, {
      deck: deck(),
      choose: () => {},
      label: "Your hand then",
    });
  }

  walked() {
    return true;
  }

  /** The positions of the decisions, one after another (each from the one before). */
  async prepare(indices) {
    for (const index of indices) {
      const { view } = await this.positions.at(index);
      this.views.set(index, view);
    }
  }

  async show(decision, mark) {
    const { view, legal } = await this.positions.at(decision.index);
    this.views.set(decision.index, view);
    const deck = this.deck();
    const { words } = this;
    // the trick in progress (a finished one stays on the table until the next lead)
    const plays = view.trick.length < this.seats ? view.trick : [];
    const trick =
      decision.kind !== "play"
        ? ""
        : plays.length
          ? `${plays.map(({ seat, card }, i) => `${i ? `${inSentence(this.seatName(seat))} played` : `${this.seatName(seat)} led`} ${cardsText([card], deck)}`).join(", ")}.`
          : "You lead.";
    this.context.textContent = [words.context(decision, view), trick].filter(Boolean).join(" ");
    this.context.hidden = !this.context.textContent;
    this.trick.deck = deck;
    this.trick.show(plays);
    this.trickEl.hidden = decision.kind !== "play" || !plays.length;
    const same = sameJson(decision.action, decision.best) || decision.loss === 0;
    // a bid's choices: every bid the rules allowed there, by the game's name for it
    const choices =
      decision.kind === "bid"
        ? legal
            .filter((action) => action.type === "bid")
            .map((action) => ({ action, label: words.bidLabel(action) }))
        : null;
    this.choicesEl.hidden = !choices;
    let pointed = null;
    if (choices) {
      this.choicesEl.setAttribute("aria-label", words.title(decision, view));
      this.choicesEl.replaceChildren(
        ...choices.map(({ action, label }) => {
          const kind = this.kind(
            sameJson(action, decision.action),
            !same && sameJson(action, decision.best),
          );
          const item = h(
            "li",
            { class: "rv-choice", dataset: kind ? { mark: kind } : {} },
            h("span", { class: "rv-choice-label", text: label }),
            kind ? h("span", { class: "rv-choice-tag", text: TAGS[kind] }) : null,
          );
          if (kind === "best") pointed = item;
          return item;
        }),
      );
    }
    const played = new Set(words.cards(decision.action));
    const better = new Set(same ? [] : words.cards(decision.best));
    const marks = {};
    const kinds = {};
    for (const code of view.hand) {
      const kind = this.kind(played.has(code), better.has(code));
      if (!kind) continue;
      kinds[code] = kind;
      marks[code] = TAGS[kind];
    }
    this.hand.deck = deck;
    this.hand.render(view.hand, { mode: "idle", marks, kinds });
    if (!pointed && better.size) pointed = this.hand.button([...better][0]);
    if (pointed && mark !== "forced") pointAt(pointed);
    else unpoint();
    if (decision.kind === "play") this.playCard(decision.action.card, kinds[decision.action.card]);
  }

  /** The card played goes from the hand to the trick (not waited for: the words come at once). */
  playCard(code, kind) {
    this.trickEl.hidden = false;
    const from = this.hand.take(code);
    this.trick.play(this.seat, code, { from, duration: timing().fly });
    const card = this.trick.cards.get(this.seat);
    card.dataset.mark = kind;
    card.setAttribute("aria-label", `${card.getAttribute("aria-label")}: ${TAGS[kind]}`);
  }

  kind(played, better) {
    if (played && better) return "both";
    if (played) return "played";
    if (better) return "best";
    return null;
  }

  title(decision) {
    return this.words.title(decision, this.views.get(decision.index));
  }

  actionName(action, decision) {
    return this.words.actionName(action, this.views.get(decision.index), this.deck());
  }

  lossWords(decision) {
    return this.words.lossWords(decision.loss);
  }

  /** The game's part of the summary: the hand's par beside what was made, or nothing
   * when the review found no par. */
  summary(review) {
    const found = review.par[0];
    return found ? this.words.summary(found) : null;
  }

  /** The summary's picture: your hand as dealt, as it was at your first decision. Made
   * once; its cards come when the position is read. */
  ending() {
    if (this.dealt) return this.dealt;
    const cards = h("div", { class: "tp-hand rv-dealt" });
    this.dealt = picture("Your hand as dealt", cards);
    const hand = new HandView(cards, {
      deck: this.deck(),
      choose: () => {},
      label: "Your hand as dealt",
    });
    const first = Math.min(...this.views.keys());
    if (Number.isFinite(first))
      this.positions.at(first).then(({ view }) => hand.render(view.hand, { mode: "idle" }));
    return this.dealt;
  }
}

const TAGS = {
  played: "your choice",
  best: "the better choice",
  both: "your choice and the better one",
};

/** The cards of a list in words: "the 5 of Void, the 5 of Border and the Idiot". */
export function cardsText(codes, deck) {
  return listed(codes.map((code) => theCard(code, deck)));
}
