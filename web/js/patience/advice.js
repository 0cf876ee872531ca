// The patience's advice in words: the hint of the strong player (from the view alone)
// and the solver's verdict on the real stock (a spoiler, asked for by the player).

import { sameJson } from "../engine/json.js";

// Search nodes for "Still winnable?" (the engine's default): from a deal's opening it
// decides 83.5% of deals, with a median of 51 ms of CPython's processor time and at
// most about 1.7 s (some 1.3 times that in Chromium's worker, which the page does not
// wait on); docs/BOTS.md.
export const SOLVER_BUDGET = 100_000;
export const HINT_LEVEL = "strong";

/** What the panel shows for `hint` ({action, reason, alternatives}). */
export function hintAdvice(hint) {
  const others = (hint.alternatives || []).filter((alt) => !sameJson(alt.action, hint.action));
  return {
    title: "Hint",
    text: hint.reason,
    items: others.map((alt) => alt.reason),
    tone: "hint",
    iconName: "hint",
  };
}

/** What the panel shows for the solver's `result` ({status, line, nodes}). */
export function solverAdvice(result) {
  const nodes = Math.min(result.nodes, SOLVER_BUDGET);
  const searched = `${nodes.toLocaleString("en")} position${nodes === 1 ? "" : "s"} searched`;
  if (result.status === "winnable") {
    const moves = result.line.length;
    return {
      title: "Still winnable",
      text: `The solver, which reads the stock's hidden order, found a winning line from here (${moves} move${moves === 1 ? "" : "s"}).`,
      items: [searched],
      tone: "won",
      iconName: "solve",
    };
  }
  if (result.status === "lost") {
    return {
      title: "No longer winnable",
      text: "The solver, which reads the stock's hidden order, has shown that no sequence of moves wins from here.",
      items: [searched],
      tone: "lost",
      iconName: "solve",
    };
  }
  return {
    title: "Cannot tell",
    text: "The solver neither found a winning line nor proved the deal lost within its search.",
    items: [searched],
    tone: "hint",
    iconName: "solve",
  };
}

/** Where the table should point for `action`: a foundation number or "stock". */
export function hintTarget(action) {
  return action.type === "build" ? action.to : "stock";
}
