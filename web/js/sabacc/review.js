// Contract Sabacc's words for the review's walk (table/reviewboard.js, table/walk.js):
// each decision's title and the moves in words, what the position shows, the bids to
// choose from, and the round's par beside what was made (the engine's figures and
// sentence).
//
// Marks (the engine's: celestix/review/marks.py), by the loss in chips for the round (the engine counts
// hundredths of a chip): an inaccuracy from 0.10 chips (below that, within the search's
// sampling noise), a mistake from 0.50, a blunder from 1.50 (more than a Take's stake
// from every player). docs/FRONTEND.md, "Review".
//
//   reviewWords -> the words object of TrickReviewBoard

import { h } from "../ui/dom.js";
import { cardsText } from "../table/reviewboard.js";
import { HUMAN, bidName, hundredths, points, seatName } from "./messages.js";

export const reviewWords = {
  offer: "Review this round",
  heading: (round) => `Review of round ${round + 1}`,

  title(decision, view) {
    if (decision.kind === "bid") return "Your bid";
    if (decision.kind === "aside") return `Your aside, card ${(view?.aside_size ?? 0) + 1}`;
    return `Trick ${(view?.played.length ?? 0) + 1}`;
  },

  actionName(action, _view, deck) {
    if (action.type === "bid")
      return action.bid === "pass" ? "passing" : `a bid of ${bidName(action.bid)}`;
    if (action.type === "aside") return `setting aside ${cardsText([action.card], deck)}`;
    return cardsText([action.card], deck);
  },

  lossWords: hundredths,

  context(decision, view) {
    if (decision.kind === "bid") {
      const said = view.auction.map(
        (entry) => `${seatName(entry.seat)} ${bidName(entry.bid).toLowerCase()}`,
      );
      return said.length ? `The auction so far: ${said.join(", ")}.` : "You open the auction.";
    }
    const contract = `${seatName(view.declarer)} declared ${bidName(view.contract)}`;
    if (decision.kind === "aside")
      return `${contract}: you set ${view.aside_needed} cards aside, one at a time.`;
    return `${contract} and ${view.declarer === HUMAN ? "need" : "needs"} ${points(view.target)} points.`;
  },

  choices(decision, _view, legal) {
    if (decision.kind !== "bid") return null;
    return legal
      .filter((action) => action.type === "bid")
      .map((action) => ({ action, label: bidName(action.bid) }));
  },

  cards(action) {
    return action.type === "play" || action.type === "aside" ? [action.card] : [];
  },

  /** The round's par beside what was made (the declarer's points) and the engine's sentence. */
  summary(review) {
    const found = review.par[0];
    if (!found) return null;
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
