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
 * and what the person can do next (no search counts: they mean nothing at the table).
 * `atStart`: asked before the first move (said of the deal, not "still").
 * `chance`: while the solver cannot tell, the hint's value of its move in percent (in the
 * first pass: the share of its trial games, the face-down cards shuffled, that it won),
 * or null.
 * Each answer leads with what to do (the compact panel shows its first sentence; the
 * rest is behind "Why?"). */
export function solverAdvice(result, chance = null, atStart = false) {
  if (result.status === "winnable") {
    const moves = result.line.length;
    const found = `Reading the order of the face-down cards, it found a way to win ${atStart ? "it" : "from here"} in ${moves} move${moves === 1 ? "" : "s"}.`;
    return {
      title: atStart ? "Winnable" : "Still winnable",
      text: `${atStart ? "Yes: this deal can be won." : "Yes: still winnable."} ${found}`,
      tone: "won",
      iconName: "solve",
    };
  }
  if (result.status === "lost") {
    if (atStart)
      return {
        title: "Not winnable",
        text: "No: this deal cannot be won, however it is played. Start a new deal. Reading the order of the face-down cards, it has shown that every way of playing it loses.",
        tone: "lost",
        iconName: "solve",
      };
    return {
      title: "No longer winnable",
      text: "No: no longer winnable. Undo a few moves to find where it slipped away, or start a new deal. Reading the order of the face-down cards, it has shown that every way of playing on from here loses.",
      tone: "lost",
      iconName: "solve",
    };
  }
  return {
    title: "Cannot tell yet",
    text: `Play on and ask again later: it can tell once fewer cards are face down. Even knowing their order, there are still too many ways to play on from here to try them all.${chance === null ? "" : ` To give you an idea: played on from here with the face-down cards shuffled at random, the best move won ${inTen(chance)}.`}`,
    tone: "hint",
    iconName: "solve",
  };
}

/** A share in percent in words: "about 4 games in 10", "none of them", "all of them". */
export function inTen(percent) {
  if (percent <= 0) return "none of those games";
  if (percent >= 100) return "every one of those games";
  const tenths = Math.round(percent / 10);
  if (tenths === 0) return "fewer than 1 game in 10";
  if (tenths === 10) return "more than 9 games in 10";
  return `about ${tenths} game${tenths === 1 ? "" : "s"} in 10`;
}

/** Where the table should point for `action`: a foundation number or "stock". */
export function hintTarget(action) {
  return action.type === "build" ? action.to : "stock";
}
