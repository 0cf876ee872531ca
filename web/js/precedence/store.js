// The saved Precedence game (table/store.js) and its line on the home page.
// Saved: {version, record, levels, speed, log: {hands, current} (history.js), pending:
// the events of a hand's end not yet looked at, so a reload shows the summary again}.

import { createStore } from "../table/store.js";

function check(data) {
  if (data.log != null && (typeof data.log !== "object" || Array.isArray(data.log))) return "The saved game's hand history is damaged.";
  if (data.pending != null && !Array.isArray(data.pending)) return "The saved game's last hand is damaged.";
  return null;
}

export const store = createStore("precedence", { name: "Precedence", check });

/** "Hand 3, you 64 to 35", or null with nothing saved. */
export function savedSummary() {
  const found = store.load();
  if (found.status !== "ok") return null;
  const hands = Array.isArray(found.saved.log?.hands) ? found.saved.log.hands : [];
  const last = hands.length ? hands[hands.length - 1].scored : null;
  const scores = last && Array.isArray(last.scores) ? last.scores : [0, 0];
  return `Hand ${hands.length + 1}, you ${scores[0]} to ${scores[1]}`;
}
