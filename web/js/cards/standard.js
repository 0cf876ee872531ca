// The standard 52-card deck (used by the patience), drawn as SVG.
//
// Codes are rank (A, 2-9, T, J, Q, K) then suit (S, H, D, C), as in PROTOCOL.md.
// Every face carries two layouts and CSS shows the one that fits (see cards.css):
//   .full     corner indices, pips in the classic arrangement, drawn court panels;
//   .compact  for small cards (a phone's row of eight foundations): a large rank and
//             suit in the top corners and one big pip or court emblem below.
// The suit symbol is always drawn, so a suit is never told by colour alone.

import { registerDeck } from "./card.js";

export const RANK_NAMES = {
  A: "Ace",
  2: "2",
  3: "3",
  4: "4",
  5: "5",
  6: "6",
  7: "7",
  8: "8",
  9: "9",
  T: "10",
  J: "Jack",
  Q: "Queen",
  K: "King",
};
export const SUIT_NAMES = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };
const RANK_LABELS = { T: "10" };

/** "Queen of Hearts" for "QH". */
export function standardName(code) {
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

/** "Queen" for "Q", "10" for "T". */
export function rankName(rank) {
  return RANK_NAMES[rank];
}

// Suit symbols in a 100 x 100 box, drawn for this project.
const SUIT_PATHS = {
  H: `<path d="M50 93C43 84 4 59 4 31 4 15 16 5 29 5c10 0 17 6 21 15 4-9 11-15 21-15 13 0 25 10 25 26 0 28-39 53-46 62Z"/>`,
  D: `<path d="M50 3C60 20 72 36 88 50 72 64 60 80 50 97 40 80 28 64 12 50 28 36 40 20 50 3Z"/>`,
  S: `<path d="M50 4c8 16 46 36 46 60 0 14-10 22-22 22-9 0-16-4-20-11 1 9 5 17 14 22H32c9-5 13-13 14-22-4 7-11 11-20 11C14 86 4 78 4 64 4 40 42 20 50 4Z"/>`,
  C:
    `<circle cx="50" cy="27" r="21"/><circle cx="27" cy="58" r="21"/><circle cx="73" cy="58" r="21"/>` +
    `<circle cx="50" cy="52" r="12"/><path d="M47 56c0 20-5 32-14 41h34c-9-9-14-21-14-41Z"/>`,
};

// Court emblems in a 100 x 100 box: a crown (King), a tiara (Queen), a plumed cap (Jack).
const EMBLEMS = {
  K: `<path class="gold" d="M12 78 6 28l24 22 20-36 20 36 24-22-6 50Z"/>
      <rect class="gold" x="10" y="78" width="80" height="13" rx="3"/>
      <circle class="ink" cx="6" cy="26" r="6"/><circle class="ink" cx="50" cy="12" r="7"/><circle class="ink" cx="94" cy="26" r="6"/>
      <circle class="jewel" cx="30" cy="84.5" r="3.5"/><circle class="jewel" cx="50" cy="84.5" r="3.5"/><circle class="jewel" cx="70" cy="84.5" r="3.5"/>`,
  Q: `<path class="gold" d="M12 80c1-18 6-28 14-36 6 10 14 14 24-4 10 18 18 14 24 4 8 8 13 18 14 36Z"/>
      <rect class="gold" x="10" y="79" width="80" height="12" rx="6"/>
      <path class="gold" d="M26 44v-6M50 40v-8M74 44v-6"/>
      <circle class="ink" cx="26" cy="34" r="6"/><circle class="ink" cx="50" cy="25" r="8"/><circle class="ink" cx="74" cy="34" r="6"/>
      <path class="jewel" d="M50 52l5 8-5 8-5-8Z"/>`,
  J: `<path class="gold" d="M12 82c0-26 16-42 38-42s38 16 38 42Z"/>
      <rect class="gold" x="9" y="78" width="82" height="13" rx="4"/>
      <path class="ink" d="M56 42C66 22 82 10 97 4 90 17 80 31 66 45Z"/>
      <path class="gold-line" d="M60 42C70 26 82 14 94 8"/>
      <circle class="jewel" cx="50" cy="84.5" r="4"/>`,
};

const L = 84;
const R = 166;
export const PIP_LAYOUTS = {
  2: [
    [125, 72],
    [125, 278],
  ],
  3: [
    [125, 72],
    [125, 175],
    [125, 278],
  ],
  4: [
    [L, 72],
    [R, 72],
    [L, 278],
    [R, 278],
  ],
  5: [
    [L, 72],
    [R, 72],
    [125, 175],
    [L, 278],
    [R, 278],
  ],
  6: [
    [L, 72],
    [R, 72],
    [L, 175],
    [R, 175],
    [L, 278],
    [R, 278],
  ],
  7: [
    [L, 72],
    [R, 72],
    [125, 123],
    [L, 175],
    [R, 175],
    [L, 278],
    [R, 278],
  ],
  8: [
    [L, 72],
    [R, 72],
    [125, 123],
    [L, 175],
    [R, 175],
    [125, 227],
    [L, 278],
    [R, 278],
  ],
  9: [
    [L, 72],
    [R, 72],
    [L, 141],
    [R, 141],
    [125, 175],
    [L, 209],
    [R, 209],
    [L, 278],
    [R, 278],
  ],
  T: [
    [L, 72],
    [R, 72],
    [125, 106],
    [L, 141],
    [R, 141],
    [L, 209],
    [R, 209],
    [125, 244],
    [L, 278],
    [R, 278],
  ],
};

/** The court cards' panel of every deck: the hatched field in its double frame, with
 * `half` (a deck's emblem and suit) drawn upright and again turned about the centre. */
export function courtFrame(half) {
  return (
    `<rect class="court-field" x="58" y="34" width="134" height="282" rx="8"/>` +
    `<rect x="58" y="34" width="134" height="282" rx="8" fill="url(#cx-hatch)"/>` +
    `<rect class="court-frame ink-stroke" x="58" y="34" width="134" height="282" rx="8"/>` +
    `<rect class="court-frame thin ink-stroke" x="65" y="41" width="120" height="268" rx="4"/>` +
    half +
    `<g transform="rotate(180 125 175)">${half}</g>`
  );
}

/** The rule across a court panel's middle, with its diamond (the standard and Imperial
 * decks; Sabacc's courts carry a name banner there instead). */
export const COURT_RULE =
  `<path class="court-rule ink-stroke" d="M72 175H112M138 175H178"/>` +
  `<path class="ink" d="M125 169l6 6-6 6-6-6Z"/>`;

function pip(suit, cx, cy, size, extra = "") {
  const half = size / 2;
  const turn = cy > 175 ? ` transform="rotate(180 ${cx} ${cy})"` : "";
  return `<use href="#cx-suit-${suit}" class="ink" x="${cx - half}" y="${cy - half}" width="${size}" height="${size}"${turn}${extra}/>`;
}

function indexText(rank, x, y, size, anchor = "middle", squeeze = 1.02) {
  const label = RANK_LABELS[rank] || rank;
  // "10" is squeezed to about the width of one wide letter, so every index fits its corner.
  const fit =
    label.length > 1
      ? ` textLength="${Math.round(size * squeeze)}" lengthAdjust="spacingAndGlyphs"`
      : "";
  return `<text class="idx ink" x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}"${fit}>${label}</text>`;
}

function corner(rank, suit) {
  return `<g class="corner">${indexText(rank, 31, 60, 46)}${pip(suit, 31, 86, 30)}</g>`;
}

function courtPanel(rank, suit) {
  const half =
    `<g class="court-half"><svg x="86" y="50" width="78" height="78" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>` +
    `<use href="#cx-suit-${suit}" class="ink" x="107" y="127" width="36" height="36"/></g>`;
  return courtFrame(half) + COURT_RULE;
}

function centre(rank, suit) {
  if (rank === "A") {
    return (
      `<circle class="ace-ring ink-stroke" cx="125" cy="175" r="76"/>` +
      `<circle class="ace-ring thin ink-stroke" cx="125" cy="175" r="68"/>` +
      pip(suit, 125, 175, 104)
    );
  }
  if (EMBLEMS[rank]) return courtPanel(rank, suit);
  return PIP_LAYOUTS[rank]
    .map(([x, y]) => pip(suit, x, y, rank === "T" || rank === "9" ? 44 : 48))
    .join("");
}

function compact(rank, suit) {
  const big = EMBLEMS[rank]
    ? `<svg x="45" y="160" width="160" height="160" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>`
    : `<use href="#cx-suit-${suit}" class="ink" x="55" y="170" width="140" height="140"/>`;
  return (
    `<g class="compact">${indexText(rank, 14, 128, 132, "start", 96 / 132)}` +
    `<use href="#cx-suit-${suit}" class="ink" x="${rank === "T" ? 170 : 152}" y="28" width="${rank === "T" ? 66 : 78}" height="${rank === "T" ? 66 : 78}"/>` +
    `${big}</g>`
  );
}

function face(code) {
  const rank = code[0];
  const suit = code[1];
  if (!(rank in RANK_NAMES) || !(suit in SUIT_NAMES))
    throw new Error(`not a standard card: ${code}`);
  return (
    `<rect class="face-base" x="1" y="1" width="248" height="348" rx="18"/>` +
    `<g class="full">${corner(rank, suit)}<g transform="rotate(180 125 175)">${corner(rank, suit)}</g>` +
    `${centre(rank, suit)}</g>` +
    compact(rank, suit)
  );
}

const DEFS =
  Object.entries(SUIT_PATHS)
    .map(([suit, paths]) => `<symbol id="cx-suit-${suit}" viewBox="0 0 100 100">${paths}</symbol>`)
    .join("") +
  `<pattern id="cx-hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
  `<path d="M0 0V9" class="court-hatch"/></pattern>`;

registerDeck("standard", {
  defs: DEFS,
  face,
  name: standardName,
  suit: (code) => code[1],
  rank: (code) => code[0],
});
