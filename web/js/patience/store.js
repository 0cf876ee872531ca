// The saved patience game (table/store.js) and its line on the home page.

import { createStore } from "../table/store.js";

export const store = createStore("patience", { name: "the patience" });

/** "Deal 12345, 37 moves in", or null with nothing saved. */
export const savedSummary = () => store.line();
