// The saved Contract Sabacc game (table/store.js) and its line on the home page.

import { createStore } from "../table/store.js";

/**
 * A record as it was played. The table option `stakes` came after the first saved games:
 * a record whose options lack it (the page always writes every option) was played when
 * only the bidder put a bid's stake in, so it replays, and goes on, under "bidder" (the
 * engine takes a missing option as its default, "everyone", so the page names the rule;
 * docs/RULES.md).
 */
export function recordAsPlayed(record) {
  const options = record.options && typeof record.options === "object" ? record.options : {};
  if ("stakes" in options) return record;
  return { ...record, options: { ...options, stakes: "bidder" } };
}

export const store = createStore("sabacc", { name: "Contract Sabacc", asPlayed: recordAsPlayed });

/** "4 players, round 2 of 4", or null with nothing saved. */
export const savedSummary = () => store.line();
