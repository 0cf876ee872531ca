// Sentences for the live region and the end-of-game panel, made from the engine's
// events and views (card names come from the deck module).

import { cardName } from "../cards/card.js";
import { rankName } from "../cards/standard.js";
import { choiceName } from "../table/links.js";
import { plural } from "../ui/words.js";

/** "the Jack foundation": foundation `k` of `view` named by its base, as the table shows
 * it (the engine's words name it so too). */
export function foundationName(view, k) {
  return `the ${rankName(view.foundation_info[k].base)} foundation`;
}

/** One sentence about what a move did. */
export function describeEvents(events, view) {
  const parts = [];
  for (const event of events) {
    if (event.type === "deal") {
      parts.push(
        `${cardName(event.card)} dealt; ${plural(event.stock_count, "card")} left in the stock.`,
      );
    } else if (event.type === "build") {
      parts.push(
        event.full
          ? `${cardName(event.card)} on ${foundationName(view, event.to)}, which is complete.`
          : `${cardName(event.card)} on ${foundationName(view, event.to)}, ${event.count} of 13.`,
      );
    } else if (event.type === "redeal") {
      parts.push(
        `Waste turned over: pass ${event.pass} of ${view.passes}, ${plural(event.stock_count, "card")} in the stock.`,
      );
    } else if (event.type === "won") {
      parts.push(`You won in ${plural(event.moves, "move")}!`);
    } else if (event.type === "lost") {
      parts.push(`Dead end. ${event.reason}`);
    }
  }
  return parts.join(" ");
}

/** What the table shows now, after an undo or redo. */
export function describePosition(view) {
  const top = view.waste[view.waste.length - 1];
  const waste = top ? `${cardName(top)} on the waste` : "the waste is empty";
  return `${plural(view.stock_count, "card")} in the stock, ${waste}.`;
}

export function builtCount(view) {
  return view.foundation_info.reduce((sum, f) => sum + f.count, 0);
}

/** A short line for the options in force, the start named as the options dialog names it
 * (the engine's labels, table/links.js): "No King · 2 redeals". */
export function optionsLine(info, options) {
  const parts = [];
  if (options.start !== undefined) parts.push(choiceName(info, "start", options.start));
  if (options.redeals !== undefined) {
    parts.push(
      options.redeals === 0
        ? "no redeal"
        : `${options.redeals} redeal${options.redeals === 1 ? "" : "s"}`,
    );
  }
  return parts.join(" · ");
}
