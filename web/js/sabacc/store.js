// The saved Contract Sabacc game (table/store.js) and its line on the home page.

import { createStore } from "../table/store.js";

export const store = createStore("sabacc", { name: "Contract Sabacc" });

/** "4 players, round 2 of 4", or null with nothing saved. */
export const savedSummary = () => store.line();
