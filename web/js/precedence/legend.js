// The Imperial deck explained (the "Deck" tool; table/legend.js draws it): the suits'
// symbols, the ranks and the letters in the cards' corners, from the card art's own
// names and letters (cards/imperial.js).

import { RANK_NAMES, SUIT_NAMES, imperialDeck, rankIndex } from "../cards/imperial.js";

const SYMBOLS = {
  V: "an eclipsed ring",
  F: "a four-pointed star",
  B: "a shield",
  C: "a crystal",
};

/** The legend for the deck of `variant` ("frontier": the 12th rank is the Voidpilot). */
export function deckLegend(variant = "core") {
  const voidpilot = variant === "frontier";
  const honour = (rank, text) => ({
    cards: [`${rank}C`],
    letter: rankIndex(rank, voidpilot),
    text: `${rank === "P" && voidpilot ? "Voidpilot" : RANK_NAMES[rank]}: ${text}`,
  });
  // the name goes with the game's rules (the variant), never with the hand's trump
  const pilot = voidpilot
    ? "the 12th rank, just below the Emperor. This game has the Frontier and Void rules, which call it the Voidpilot; under the Core and Border rules (a choice in New game) the same card is called the StellarPilot (P): only the name changes."
    : "the 12th rank, just below the Emperor. This game has the Core and Border rules, which call it the StellarPilot, whatever the trump; under the Frontier and Void rules (a choice in New game) the same card is called the Voidpilot (V): only the name changes.";
  return {
    title: "The Imperial deck",
    deck: imperialDeck(variant),
    intro:
      "52 cards: four suits of 13. Every card shows its suit's symbol, so a suit never depends on colour.",
    sections: [
      {
        heading: "Suits",
        note: "In this order; when trump changes each hand, it goes Void, Frontier, Border, Core and round again.",
        rows: Object.entries(SUIT_NAMES).map(([suit, name]) => ({
          cards: [`2${suit}`],
          text: `${name}: ${SYMBOLS[suit]}`,
        })),
      },
      {
        heading: "Ranks, lowest first",
        note: "The four honours have a picture and a gold star under the corner letter.",
        rows: [
          { cards: ["2C", "TC"], text: "2 to 10: the number cards; the 2 is the lowest" },
          honour("O", "the lowest honour, above the 10"),
          honour("M", "above the Officer (C for Commander)"),
          honour("P", pilot),
          honour("E", "the highest card of its suit"),
        ],
      },
    ],
  };
}
