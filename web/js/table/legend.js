// The legend of an invented deck, one tap from the table ("Deck" in the tools): what
// the letters and symbols on the cards mean, each line beside the real card art.
//
//   await showLegend({title, deck, intro, sections: [{heading, note, rows: [{cards:
//     [code, ...], letter, text}]}]})
//
// A row's cards are drawn by the deck (cards/card.js), hidden from screen readers: the
// row's words name them. `letter` is the index printed in the card's corner.

import { createCard } from "../cards/card.js";
import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";

export function showLegend({ title, deck, intro = "", sections }) {
  const body = h(
    "div",
    { class: "legend" },
    intro ? h("p", { class: "legend-intro", text: intro }) : null,
    sections.map(({ heading, note = "", rows }) =>
      h(
        "section",
        { class: "legend-section" },
        h("h3", { text: heading }),
        note ? h("p", { class: "legend-note", text: note }) : null,
        h(
          "ul",
          { class: "legend-rows" },
          rows.map(({ cards = [], letter = "", text }) =>
            h(
              "li",
              { class: "legend-row" },
              h(
                "span",
                { class: "legend-cards" },
                cards.map((code) => createCard(code, { deck, hidden: true })),
              ),
              h(
                "span",
                { class: "legend-text" },
                letter ? h("strong", { class: "legend-letter", text: letter }) : null,
                letter ? " " : null,
                text,
              ),
            ),
          ),
        ),
      ),
    ),
  );
  return openDialog({
    title,
    body,
    className: "wide-dialog legend-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
