// Precedence's words for the review's walk (table/reviewboard.js, table/walk.js): each
// decision's title and the moves in words, what the position shows, the bids to choose
// from, and the hand's par beside what was made (the engine's figures and sentence).
//
// Marks (the engine's: celestix/review/marks.py), by the loss in points for your team (less the
// opponents', as the hints count): an inaccuracy from 5 points (below that, within the
// search's sampling noise), a mistake from 15 (about a trick and a half), a blunder from
// 40 (a contract's worth). docs/FRONTEND.md, "Review".
//
//   reviewWords -> the words object of TrickReviewBoard

import { h } from "../ui/dom.js";
import { cardsText } from "../table/reviewboard.js";
import { HUMAN, plural, seatInSentence, seatName, signed, teamName } from "./messages.js";

export const reviewWords = {
  offer: "Review this hand",
  heading: (hand) => `Review of hand ${hand + 1}`,

  title(decision, view) {
    if (decision.kind === "bid") return "Your bid";
    if (decision.kind === "declare") return "Your declaration";
    return `Trick ${(view?.completed_tricks.length ?? 0) + 1}`;
  },

  actionName(action, _view, deck) {
    if (action.type === "bid") return `a bid of ${action.tricks}`;
    if (action.type === "declare") {
      if (!action.melds.length) return "declaring nothing";
      return `declaring ${action.melds.map((meld) => cardsText(meld, deck)).join("; ")}`;
    }
    return cardsText([action.card], deck);
  },

  lossWords: (loss) => plural(loss, "point"),

  context(decision, view) {
    const trump = `Trump suit: ${view.trump}.`;
    if (decision.kind === "declare") return trump;
    const bids = view.bids
      .map((bid, seat) => (bid === null ? null : [seat, bid]))
      .filter(Boolean)
      .map(([seat, bid], i) => `${i ? seatInSentence(seat) : seatName(seat)} ${bid}`);
    if (decision.kind === "bid")
      return `${trump} ${bids.length ? `Bids so far: ${bids.join(", ")}.` : "You bid first."}`;
    const [ours, theirs] = [view.team_tricks[HUMAN % 2], view.team_tricks[1 - (HUMAN % 2)]];
    return `${trump} Contracts: ${teamName(0)} ${view.contracts[0]}, ${teamName(1)} ${view.contracts[1]}. Tricks so far: yours ${ours}, theirs ${theirs}.`;
  },

  bidLabel(action) {
    return String(action.tricks);
  },

  cards(action) {
    if (action.type === "play") return [action.card];
    if (action.type === "declare") return action.melds.flat();
    return [];
  },

  /** The hand's par beside what was made, per team, and the engine's sentence. */
  summary(found) {
    const { par, made } = found;
    const cell = (value) => h("td", { text: value });
    const figures = (tricks, points, team) =>
      tricks ? [cell(String(tricks[team])), cell(signed(points[team]))] : [cell("–"), cell("–")];
    const rows = [0, 1].map((team) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", text: teamName(team) }),
        ...figures(par.tricks, par.points, team),
        ...figures(made?.tricks, made?.points, team),
      ),
    );
    const when = par.from_trick && par.from_trick > 1 ? ` from trick ${par.from_trick}` : "";
    return h(
      "div",
      { class: "rv-par" },
      h("h4", { text: "Best play, every hand seen, against the table's play" }),
      h(
        "table",
        { class: "score-table rv-par-table" },
        h("caption", { class: "sr-only", text: "The hand with best play and as played" }),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("td"),
            h("th", { scope: "colgroup", colspan: "2", text: `Best play${when}` }),
            h("th", { scope: "colgroup", colspan: "2", text: "As played" }),
          ),
          h(
            "tr",
            {},
            h("th", { scope: "col", text: "Team" }),
            ...["Tricks", "Points", "Tricks", "Points"].map((text) =>
              h("th", { scope: "col", text }),
            ),
          ),
        ),
        h("tbody", {}, rows),
      ),
      h("p", { class: "rv-par-text", text: found.reason }),
    );
  },
};
