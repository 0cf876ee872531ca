// The Centran Sabacc deck explained (the "Deck" tool; table/legend.js draws it): the
// suits' symbols, the courts' letters, the Sabaccs and the Honours, from the card
// art's own names and letters (cards/sabacc.js).

import { COURT_INDEX, COURT_NAMES, SABACC_NAMES, SUIT_NAMES } from "../cards/sabacc.js";

const SYMBOLS = {
  c: "a struck coin",
  f: "a flask",
  s: "a curved sabre",
  t: "a staff with an orb and two leaves",
};

const court = (rank, text) => ({
  cards: [`${rank}c`],
  letter: COURT_INDEX[rank],
  text: `${COURT_NAMES[rank]}: ${text}`,
});

export function deckLegend() {
  return {
    title: "The Centran Sabacc deck",
    deck: "sabacc",
    intro: "78 cards: four suits of 14, and 22 Sabaccs, the trumps.",
    sections: [
      {
        heading: "Suits",
        note: "Every card shows its suit's symbol, so a suit never depends on colour.",
        rows: Object.entries(SUIT_NAMES).map(([suit, name]) => ({
          cards: [`2${suit}`],
          text: `${name[0].toUpperCase()}${name.slice(1)}: ${SYMBOLS[suit]}`,
        })),
      },
      {
        heading: "Ranks in a suit, lowest first",
        rows: [
          court(1, "the 1, the lowest card of its suit"),
          { cards: ["2c", "10c"], text: "2 to 10: the number cards" },
          court(11, "11"),
          court(12, "12 (C for Commander)"),
          court(13, "13 (Mi for Mistress)"),
          court(14, "14, the highest of its suit (Ma for Master); an Honour"),
        ],
      },
      {
        heading: "Sabaccs, the trumps",
        note: "Any Sabacc beats every suit card. They are numbered from −1 down to −21; the further from zero, the stronger; then 0, the strongest card of all.",
        rows: [
          { cards: ["-1"], text: `${SABACC_NAMES["-1"]} (−1): the weakest Sabacc; an Honour` },
          { cards: ["-2", "-20"], text: "−2 to −20: −20 beats −2" },
          { cards: ["-21"], text: `${SABACC_NAMES["-21"]} (−21): an Honour` },
          { cards: ["0"], text: `${SABACC_NAMES[0]} (0): the strongest card of all; an Honour` },
        ],
      },
      {
        heading: "Honours and points",
        note: "In the count an Honour is worth 4½ points, a Mistress 3½, a Commander 2½, a Legate 1½ and any other card ½: 91 in the deck, and the declarer needs 46.",
        rows: [
          {
            cards: ["14s", "-1", "-21", "0"],
            text: "The seven Honours wear a gold star: the four Masters, the Magician, the Universe and the Idiot",
          },
        ],
      },
    ],
  };
}
