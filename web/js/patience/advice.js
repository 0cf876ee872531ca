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

/** What the panel shows for the solver's `result` ({status, line, nodes}): what it found,
 * and what the person can do next (no search counts: they mean nothing at the table). */
export function solverAdvice(result) {
  if (result.status === "winnable") {
    const moves = result.line.length;
    return {
      title: "Still winnable",
      // a short lead (what the compact panel shows on one line; ui/advice.js headline),
      // the rest behind "Why?"
      text: `Yes: still winnable. The solver, which reads the stock's hidden order, found a way to win from here in ${moves} move${moves === 1 ? "" : "s"}.`,
      tone: "won",
      iconName: "solve",
    };
  }
  if (result.status === "lost") {
    return {
      title: "No longer winnable",
      text: "No: no longer winnable. The solver, which reads the stock's hidden order, has shown that no sequence of moves wins from here. Undo a few moves to find where it slipped away, or start a new game.",
      tone: "lost",
      iconName: "solve",
    };
  }
  return {
    title: "Cannot tell yet",
    text: "There are too many ways to go on to tell yet. Play a few more moves and ask again.",
    tone: "hint",
    iconName: "solve",
  };
}

/** Where the table should point for `action`: a foundation number or "stock". */
export function hintTarget(action) {
  return action.type === "build" ? action.to : "stock";
}
