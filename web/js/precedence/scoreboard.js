// What each figure of the Precedence scoreboard means, in players' words: a line for
// each figure (the scores strip's hover titles, and the hand summary's word on Excess),
// and the scoreboard opened whole, one tap from the strip, with every figure of both
// teams (a phone's strip shows only the first three) and what each one means.
//
//   meaning(term, view) -> a sentence ("Excess" -> "Tricks taken beyond ...")
//   excessMeaning(auditAt) -> the sentence on Excess and the Imperial Audit
//   showScoreboard(view)   the dialog

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { HUMAN, plural, score, teamName } from "./messages.js";

export const excessMeaning = (auditAt) =>
  `Excess: each trick taken beyond a contract adds 1; at ${auditAt}, the Imperial Audit takes 100 points and the Excess starts again.`;

/** What `term` (a label of the strip) means, with this game's numbers. */
export function meaning(term, view) {
  const w = view.wagers || {};
  switch (term) {
    case "Score":
      return `Points so far this game: once a team has ${view.target} or more after a hand, the higher score wins.`;
    case "Contract":
      return "The tricks the team must take this hand: the two partners' bids added up.";
    case "Tricks":
      return "The tricks the team has taken this hand.";
    case "Melds":
      return "The points of the melds the team declared this hand: they count in full if the contract is made, half if it fails.";
    case "Excess":
      return excessMeaning(view.audit_at);
    case "Hand Pot":
      return `The chips paid in this hand (${plural(w.ante ?? 0, "chip")} each to start, ${plural(w.meld_wager ?? 0, "chip")} a meld, ${plural(w.trick_credit ?? 0, "chip")} a trick bid). The team that makes its contract takes it; if both do, the one with more tricks; if neither, it stays for the next hand.`;
    case "Accord Pot":
      return `Paid in when the game began (${plural(w.accord ?? 0, "chip")} from each player): the team that wins the game takes it.`;
    default:
      return "";
  }
}

/** The labels of a team's figures, in the strip's order, with each one's value. */
export function teamFigures(view, team) {
  const bidsDone = view.bids.filter((b, s) => s % 2 === team && b !== null).length;
  const rows = [
    // with the target beside it: on a phone the line under the title has room only for
    // the trump suit (audit 10: the target was nowhere in view at 375)
    ["Score", `${score(view.scores[team])} of ${view.target}`],
    ["Contract", bidsDone ? String(view.contracts[team]) : "–"],
    ["Tricks", String(view.team_tricks[team])],
    ["Melds", String(view.team_meld_points[team])],
  ];
  if (view.excess_counted) rows.push(["Excess", `${view.excess[team]} of ${view.audit_at}`]);
  return rows;
}

/** The scoreboard whole: both teams' figures side by side (yours first), the pots, and
 * what each figure means. */
export function showScoreboard(view) {
  const yours = HUMAN % 2;
  const teams = [yours, 1 - yours];
  const figures = teams.map((team) => teamFigures(view, team));
  const table = h(
    "table",
    { class: "pr-score-table pr-scoreboard" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Team" }),
        teams.map((team) => h("th", { scope: "col", text: teamName(team) })),
      ),
    ),
    h(
      "tbody",
      {},
      figures[0].map(([label], i) =>
        h(
          "tr",
          {},
          h("th", { scope: "row", text: label }),
          figures.map((rows) => h("td", { text: rows[i][1] })),
        ),
      ),
    ),
  );
  const pots = view.over
    ? []
    : [
        ["Hand Pot", plural(view.hand_pot, "chip")],
        ["Accord Pot", plural(view.accord_pot, "chip")],
      ];
  const terms = [...figures[0].map(([label]) => label), ...pots.map(([label]) => label)];
  const body = h(
    "div",
    { class: "pr-scoreboard-body" },
    table,
    pots.length
      ? h("p", { class: "pr-pot-line", text: pots.map((p) => p.join(": ")).join(" · ") })
      : null,
    h(
      "dl",
      { class: "pr-terms" },
      terms.map((term) =>
        h(
          "div",
          {},
          h("dt", { text: term }),
          h("dd", { text: meaning(term, view).replace(/^Excess: /, "") }),
        ),
      ),
    ),
  );
  return openDialog({
    title: "The scoreboard",
    body,
    className: "wide-dialog pr-scoreboard-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
