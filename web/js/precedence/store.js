// The saved Precedence game (table/store.js) and its line on the home page.

import { createStore } from "../table/store.js";

export const store = createStore("precedence", { name: "Precedence" });

/** "Hand 3, you 64 to 35", or null with nothing saved. */
export const savedSummary = () => store.line();
