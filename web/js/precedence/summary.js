// The end of a hand and of the game, from the engine's events: the full breakdown per
// team (bids, contract, tricks, made or failed, contract points, overtricks, melds in
// full or halved, Excess and the Imperial Audit, hand points, score), the Hand Pot, and
// at the end the Accord Pot and the final chips.
//
//   handSummary(events, {excessCounted, auditAt}) -> {title, body: Node}
//   gameOver(events) -> {title, body: Node, winner} | null (the game goes on)

import { countedFold } from "../table/handend.js";
import {
  HUMAN,
  plural,
  score,
  seatInSentence,
  seatName,
  signed,
  teamInSentence,
  teamName,
} from "./messages.js";
import { excessMeaning } from "./scoreboard.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A team's Excess this hand in words: "4 added, now 4 of 10", "None added, still 3 of 10"
 * (`auditAt`: the Excess that brings an Imperial Audit, the view's audit_at). */
function excessWords(t, auditAt) {
  const now = `${t.excess_after} of ${auditAt}`;
  if (!t.excess_added) return `None added, still ${now}`;
  return `${t.excess_added} added, now ${now}`;
}

const chipsStay = (n) => `${plural(n, "chip")} ${n === 1 ? "stays" : "stay"}`;

function row(table, label, values, header = false) {
  const tr = el("tr");
  const th = el("th", "", label);
  th.scope = "row";
  tr.append(th);
  for (const value of values) tr.append(el(header ? "th" : "td", "", value));
  if (header) for (const cell of tr.querySelectorAll("th")) cell.scope = "col";
  table.append(tr);
}

export function handSummary(events, { excessCounted = true, auditAt = 10 } = {}) {
  const scored = events.find((e) => e.type === "hand_scored");
  const pot = events.find((e) => e.type === "hand_pot");
  if (!scored) return null;
  const teams = scored.teams;
  const body = el("div", "pr-summary");
  const table = el("table", "score-table pr-score-table");
  table.append(el("caption", "sr-only", `Hand ${scored.hand_number + 1}, scored`));
  const thead = el("thead");
  row(
    thead,
    "Team",
    teams.map((t) => teamName(t.team)),
    true,
  );
  const tbody = el("tbody");
  row(
    tbody,
    "Bids",
    teams.map((t) => t.bids.join(" and ")),
  );
  row(
    tbody,
    "Contract",
    teams.map((t) => String(t.contract)),
  );
  row(
    tbody,
    "Tricks taken",
    teams.map((t) => String(t.tricks)),
  );
  row(
    tbody,
    "Result",
    teams.map((t) => (t.made ? "Made" : "Failed")),
  );
  row(
    tbody,
    "Contract points",
    teams.map((t) => signed(t.contract_points)),
  );
  row(
    tbody,
    "Overtricks",
    teams.map((t) => (t.made ? signed(t.overtricks) : "–")),
  );
  row(
    tbody,
    "Melds",
    teams.map((t) =>
      t.melds_halved
        ? `${signed(t.meld_points)}, halved to ${signed(t.meld_points_scored)} because the contract failed`
        : signed(t.meld_points_scored),
    ),
  );
  if (excessCounted) {
    row(
      tbody,
      "Excess",
      teams.map((t) => excessWords(t, auditAt)),
    );
    row(
      tbody,
      "Imperial Audit",
      teams.map((t) =>
        t.audits
          ? `${t.audits === 1 ? "Audited" : `Audited ${t.audits} times`}: ${signed(t.audit_points)}`
          : "No Audit this hand",
      ),
    );
  }
  row(
    tbody,
    "Hand points",
    teams.map((t) => signed(t.hand_points)),
  );
  row(
    tbody,
    "Score",
    teams.map((t) => `From ${score(t.score_before)} to ${score(t.score_after)}`),
  );
  table.append(thead, tbody);
  // what the hand meant first: each team's points and score (yours first), the Hand Pot
  const yours = HUMAN % 2;
  const lead = el("ul", "tp-summary-lead pr-hand-result");
  for (const t of teams[0].team === yours ? teams : [...teams].reverse()) {
    const li = el("li", t.team === yours ? "yours" : "");
    li.append(
      el("span", "pr-result-team", `${teamName(t.team)}: `),
      el("strong", "", `${signed(t.hand_points)} this hand`),
      `, score ${score(t.score_after)}.`,
    );
    lead.append(li);
  }
  body.append(lead);
  if (pot) {
    const p = el("p", "pr-pot-line");
    const shares = (pot.shares || [])
      .map((s) => `${seatInSentence(s.seat)} ${plural(s.amount, "chip")}`)
      .join(", ");
    const what =
      pot.outcome === "won"
        ? `The Hand Pot of ${plural(pot.amount, "chip")} goes to ${teamInSentence(pot.team)}${shares ? ` (${shares})` : ""}.`
        : `The Hand Pot of ${plural(pot.amount ?? pot.carried ?? 0, "chip")} carries over to the next hand.`;
    p.textContent = `${what} Why: ${pot.reason}.${pot.odd_chip ? ` The odd ${pot.odd_chip === 1 ? "chip stays" : `${pot.odd_chip} chips stay`} in the pot.` : ""}`;
    body.append(p);
  }
  if (events.some((e) => e.type === "tie")) {
    body.append(
      el(
        "p",
        "pr-pot-line",
        "Both teams reached the target with equal scores: another hand decides the game.",
      ),
    );
  }
  // then how it was counted, folded: the whole table, and what Excess is
  const working = [table];
  if (excessCounted) working.push(el("p", "pr-pot-line", excessMeaning(auditAt)));
  body.append(countedFold(...working));
  return { title: handTitle(scored), body };
}

/** The hand in one short line: the two teams' contracts ("Hand 2: you and North bid 7
 * tricks, West and East 5"). The lines under it say the rest, once: the lead each team's
 * points and score, the next the Hand Pot and why (which says whose contract was made). */
export function handTitle(scored) {
  const mine = scored.teams.find((t) => t.team === HUMAN % 2) || scored.teams[0];
  const theirs = scored.teams.find((t) => t !== mine);
  const name = (t) => teamInSentence(t.team);
  const title = `Hand ${scored.hand_number + 1}: ${name(mine)} bid ${plural(mine.contract, "trick")}`;
  return theirs ? `${title}, ${name(theirs)} ${theirs.contract}` : title;
}

export function gameOver(events) {
  const over = events.find((e) => e.type === "game_over");
  if (!over) return null;
  const accord = events.find((e) => e.type === "accord_pot");
  const leftover = events.find((e) => e.type === "leftover_pot");
  const won = over.winner === 0;
  const body = el("div", "pr-game-over");
  body.append(
    el(
      "p",
      "pr-final",
      // (the winners are the heading's: this line says the scores)
      `Final scores: ${teamName(0)} ${score(over.scores[0])}, ${teamName(1)} ${score(over.scores[1])}. The game took ${plural(over.hands_played, "hand")}.`,
    ),
  );
  if (accord) {
    const shares = (accord.shares || [])
      .map((s) => `${seatInSentence(s.seat)} ${plural(s.amount, "chip")}`)
      .join(", ");
    body.append(
      el(
        "p",
        "",
        `The Accord Pot of ${plural(accord.amount, "chip")} goes to ${teamInSentence(accord.team)}${shares ? `: ${shares}` : ""}.${accord.odd_chip_seat !== null && accord.odd_chip_seat !== undefined ? ` The odd chip goes to ${seatInSentence(accord.odd_chip_seat)}.` : ""}`,
      ),
    );
  }
  if (over.unclaimed)
    body.append(el("p", "", `${chipsStay(over.unclaimed)} in the Hand Pot, unclaimed.`));
  else if (leftover?.amount)
    body.append(
      el(
        "p",
        "",
        `${plural(leftover.amount, "chip")} left in the Hand Pot ${leftover.amount === 1 ? "goes" : "go"} to the winners.`,
      ),
    );
  const chips = el("ul", "ledger-balances");
  over.chips.forEach((amount, seat) => {
    const li = el("li", amount < 0 ? "debt" : "", `${seatName(seat)}: ${plural(amount, "chip")}`);
    chips.append(li);
  });
  body.append(chips);
  return {
    title: won ? "You and North win the game!" : "West and East win the game",
    body,
    winner: over.winner,
    won: over.winner === HUMAN % 2,
  };
}
