// Contract Sabacc's words for the review's walk (table/reviewboard.js, table/walk.js):
// each decision's title and the moves in words, what the position shows, the bids to
// choose from, and the round's par beside what was made (the engine's figures and
// sentence).
//
// Marks (the engine's: celestix/review/marks.py), by the loss in chips for the round (the engine counts
// hundredths of a chip): an inaccuracy from 0.10 chips (below that, within the search's
// sampling noise), a mistake from 0.50, a blunder from 1.50 (more than a Take's stake
// from every player). docs/FRONTEND.md, "Review". The aside is one decision: the cards
// chosen together (as the hint names them), judged from the hand before the first went.
//
//   reviewWords -> the words object of TrickReviewBoard

import { h } from "../ui/dom.js";
import { cardsText } from "../table/reviewboard.js";
import { HUMAN, auctionSaid, bidName, hundredths, points, seatName } from "./messages.js";

/** The cards of an aside: the review judges the whole aside as one decision (its
 * `cards`, the first its `card`). */
const asideCards = (action) => action.cards ?? [action.card];

export const reviewWords = {
  offer: "Review this round",
  heading: (round) => `Review of round ${round + 1}`,

  title(decision, view) {
    if (decision.kind === "bid") return "Your bid";
    if (decision.kind === "aside") return "Your aside";
    return `Trick ${(view?.played.length ?? 0) + 1}`;
  },

  actionName(action, _view, deck) {
    if (action.type === "bid")
      return action.bid === "pass" ? "passing" : `a bid of ${bidName(action.bid)}`;
    if (action.type === "aside") return `setting aside ${cardsText(asideCards(action), deck)}`;
    return cardsText([action.card], deck);
  },

  lossWords: hundredths,

  context(decision, view) {
    if (decision.kind === "bid") {
      return view.auction.length
        ? `The auction so far: ${auctionSaid(view.auction)}.`
        : "You open the auction.";
    }
    const contract = `${seatName(view.declarer)} declared ${bidName(view.contract)}`;
    if (decision.kind === "aside")
      return `${contract}: you chose ${view.aside_needed - view.aside_size} cards to set aside.`;
    return `${contract} and ${view.declarer === HUMAN ? "need" : "needs"} ${points(view.target)} points.`;
  },

  bidLabel(action) {
    return bidName(action.bid);
  },

  cards(action) {
    if (action.type === "aside") return asideCards(action);
    return action.type === "play" ? [action.card] : [];
  },

  /** The round's par beside what was made (the declarer's points) and the engine's sentence. */
  summary(found) {
    const { par, made } = found;
    const verdict = (yes) => (yes === null || yes === undefined ? "–" : yes ? "made" : "lost");
    const when = par.from_trick && par.from_trick > 1 ? ` (from trick ${par.from_trick})` : "";
    const row = (label, half, done) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", text: label }),
        h("td", { text: half === null || half === undefined ? "–" : points(half) }),
        h("td", { text: verdict(done) }),
      );
    return h(
      "div",
      { class: "rv-par" },
      h("h4", { text: "Best play, every hand seen, against the table's play" }),
      h(
        "table",
        { class: "score-table rv-par-table" },
        h("caption", {
          class: "sr-only",
          text: `${seatName(found.declarer)}, the declarer: the round with best play and as played`,
        }),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("td"),
            h("th", { scope: "col", text: "Declarer's points" }),
            h("th", { scope: "col", text: "Contract" }),
          ),
        ),
        h(
          "tbody",
          {},
          row(`Best play would have scored${when}`, par.points, par.made),
          row("As played", made?.points, made?.made),
        ),
      ),
      h("p", { class: "rv-par-text", text: found.reason }),
    );
  },
};
