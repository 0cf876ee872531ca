// The 78-card Centran Sabacc deck (Contract Sabacc), drawn as SVG for this project.
//
// Codes as in PROTOCOL.md: suit cards are rank 1-14 then suit (c coins, f flasks,
// s sabres, t staves): "14c" is the Master of coins; the 22 Sabaccs are "-1" (The
// Magician) to "-21" (The Universe) and "0" (The Idiot).
//
// Like the standard deck, every face has a full layout (corner indices, pips, drawn
// court panels, the Sabaccs' medallions) and a compact one for small cards (a large
// index and one big symbol). Each suit has its own symbol, always drawn, so a suit is
// never told by colour alone; the Honours (the Masters, The Magician, The Universe and
// The Idiot) wear a gold star. Colours come from CSS (css/cards-sabacc.css).

import { COMPACT_INDEX as AT, compactSuit, registerDeck } from "./card.js";
import { courtFrame, PIP_LAYOUTS } from "./standard.js";

export const SUIT_NAMES = { c: "coins", f: "flasks", s: "sabres", t: "staves" };
export const COURT_NAMES = {
  1: "Ace",
  11: "Legate",
  12: "Commander",
  13: "Mistress",
  14: "Master",
};
export const COURT_INDEX = { 1: "A", 11: "L", 12: "C", 13: "Mi", 14: "Ma" };
export const SABACC_NAMES = { "-1": "The Magician", "-21": "The Universe", 0: "The Idiot" };
const HONOUR_CODES = new Set(["-1", "-21", "0", "14c", "14f", "14s", "14t"]);

/** Whether `code` is one of the 22 Sabaccs (trumps). */
export function isSabacc(code) {
  return /^(0|-([1-9]|1[0-9]|2[01]))$/.test(code);
}

function parse(code) {
  if (isSabacc(code)) return { sabacc: true, number: Number(code) };
  const match = /^(1[0-4]|[1-9])([cfst])$/.exec(code);
  if (!match) throw new Error(`not a Sabacc card: ${code}`);
  return { sabacc: false, rank: Number(match[1]), suit: match[2] };
}

/** The card's full name (suits in lower case, as RULES.md and the engine write them): "Master of coins", "7 of sabres", "Sabacc -7", "The Universe (Sabacc -21)". */
export function sabaccName(code) {
  const card = parse(code);
  if (card.sabacc)
    return SABACC_NAMES[code] ? `${SABACC_NAMES[code]} (Sabacc ${code})` : `Sabacc ${code}`;
  return `${COURT_NAMES[card.rank] || card.rank} of ${SUIT_NAMES[card.suit]}`;
}

/** Whether the card is an Honour. */
export function isHonour(code) {
  return HONOUR_CODES.has(code);
}

// ---- symbols (100 x 100), single colour; holes by the even-odd rule ----------------

const circle = (cx, cy, r) =>
  `M${cx} ${cy - r}a${r} ${r} 0 1 1 0 ${2 * r}a${r} ${r} 0 1 1 0 ${-2 * r}Z`;

const SUIT_PATHS = {
  // a struck coin: rim, inner field, square hole
  c: `<path fill-rule="evenodd" d="${circle(50, 50, 46)}${circle(50, 50, 38)}${circle(50, 50, 32)}M41 41h18v18H41Z"/>`,
  // a flask, the glass empty above the liquid
  f:
    `<path fill-rule="evenodd" d="M36 4h28v8h-5v20l27 45c5 9-1 19-11 19H25c-10 0-16-10-11-19l27-45V12h-5ZM47 16v18L31 62h38L53 34V16Z"/>` +
    `<circle cx="40" cy="78" r="4.5" class="sb-bubble"/>`,
  // a curved sabre, point up and to the right
  s:
    `<path d="M24 74C38 50 60 26 94 5 84 32 62 58 33 83Z"/>` +
    `<path d="M13 64l7-7 23 23-7 7Z"/><path d="M23 80l6 6-13 13-6-6Z"/>`,
  // a staff with an orb and two leaves
  t:
    `<path fill-rule="evenodd" d="M44 22h12v72a6 6 0 0 1-12 0Z${circle(50, 14, 11)}${circle(50, 14, 4.5)}"/>` +
    `<path d="M44 44C30 43 20 36 17 24c13 0 24 6 27 14Z"/><path d="M56 64c14-1 24-8 27-20-13 0-24 6-27 14Z"/>`,
};

// Court emblems in a 100 x 100 box (classes from cards.css: gold, ink, jewel).
const EMBLEMS = {
  // Legate: a sealed scroll
  11: `<rect class="gold" x="20" y="26" width="60" height="50" rx="4"/>
       <rect class="gold" x="12" y="18" width="76" height="12" rx="6"/><rect class="gold" x="12" y="72" width="76" height="12" rx="6"/>
       <path class="ink" d="M30 40h40v4H30ZM30 50h40v4H30ZM30 60h26v4H30Z"/>
       <circle class="jewel" cx="68" cy="66" r="9"/><path class="ink" d="M64 74l-4 14 8-5 8 5-4-14Z"/>`,
  // Commander: a crested helmet
  12: `<path class="gold" d="M20 86V54c0-20 13-32 30-32s30 12 30 32v32H62V62H38v24Z"/>
       <path class="ink" d="M50 22C48 10 58 3 72 4 64 8 60 14 60 24Z"/>
       <rect class="gold" x="14" y="84" width="72" height="10" rx="3"/>
       <path class="ink" d="M38 50h24v5H38Z"/><circle class="jewel" cx="50" cy="38" r="5"/>`,
  // Mistress: a tiara with a veil
  13: `<path class="gold" d="M14 80c2-20 8-30 16-38 6 10 12 12 20-6 8 18 14 16 20 6 8 8 14 18 16 38Z"/>
       <rect class="gold" x="12" y="78" width="76" height="12" rx="6"/>
       <circle class="ink" cx="30" cy="36" r="6"/><circle class="ink" cx="50" cy="26" r="8"/><circle class="ink" cx="70" cy="36" r="6"/>
       <path class="jewel" d="M50 50l6 9-6 9-6-9Z"/><circle class="jewel" cx="30" cy="84" r="3"/><circle class="jewel" cx="70" cy="84" r="3"/>`,
  // Master: a crown under a star
  14: `<path class="gold" d="M12 80 6 36l22 18 22-30 22 30 22-18-6 44Z"/>
       <rect class="gold" x="10" y="78" width="80" height="13" rx="3"/>
       <use href="#cx-star" class="ink" x="39" y="0" width="22" height="22"/>
       <circle class="ink" cx="6" cy="34" r="6"/><circle class="ink" cx="94" cy="34" r="6"/>
       <circle class="jewel" cx="30" cy="84.5" r="3.5"/><circle class="jewel" cx="50" cy="84.5" r="3.5"/><circle class="jewel" cx="70" cy="84.5" r="3.5"/>`,
};

// The three named Sabaccs' pictures, 100 x 100.
const SABACC_EMBLEMS = {
  // The Magician: a wand between two stars
  "-1": `<path class="gold" d="M24 84 70 20l8 6-46 64Z"/><circle class="jewel" cx="74" cy="22" r="7"/>
         <use href="#cx-star" class="ink" x="10" y="12" width="28" height="28"/>
         <use href="#cx-star" class="ink" x="66" y="58" width="22" height="22"/>`,
  // The Universe: a ringed world among stars
  "-21": `<circle class="gold" cx="50" cy="52" r="26"/>
          <path class="ink-stroke" d="M10 64c10 10 70-10 80-24 4-7-6-10-18-8" stroke-width="5"/>
          <use href="#cx-star" class="ink" x="4" y="6" width="22" height="22"/>
          <use href="#cx-star" class="ink" x="76" y="74" width="18" height="18"/>
          <use href="#cx-star" class="ink" x="72" y="4" width="14" height="14"/>`,
  // The Idiot: a jester's cap with bells
  0: `<path class="gold" d="M18 82C16 54 24 36 50 30 36 22 22 26 10 36 16 16 38 8 56 20 70 6 88 10 94 26 82 22 70 28 70 40c12 8 14 24 12 42Z"/>
      <rect class="gold" x="14" y="78" width="72" height="12" rx="5"/>
      <circle class="ink" cx="10" cy="38" r="6"/><circle class="ink" cx="94" cy="28" r="6"/><circle class="ink" cx="56" cy="18" r="5"/>
      <circle class="jewel" cx="32" cy="84" r="3"/><circle class="jewel" cx="50" cy="84" r="3"/><circle class="jewel" cx="68" cy="84" r="3"/>`,
};

// ---- faces --------------------------------------------------------------------------

function pip(suit, cx, cy, size, cls = "ink") {
  const half = size / 2;
  const turn = cy > 175 ? ` transform="rotate(180 ${cx} ${cy})"` : "";
  return `<use href="#sb-suit-${suit}" class="${cls}" x="${cx - half}" y="${cy - half}" width="${size}" height="${size}"${turn}/>`;
}

// Printed words and numbers live in the sprite as symbols and are placed with <use>:
// a card button's own subtree then holds no text, so its accessible name (the card's
// full name) is all a screen reader or a speech user meets (axe: label-content-name-mismatch).
const TEXTS = new Map(); // "text|width" -> symbol id

function textSymbol(text, width) {
  const key = `${text}|${width}`;
  let id = TEXTS.get(key);
  if (!id) {
    id = `sb-t${TEXTS.size}`;
    TEXTS.set(key, id);
  }
  return id;
}

function label(text, x, y, size, { anchor = "middle", width = 0, cls = "idx ink" } = {}) {
  const id = textSymbol(text, width ? Math.round((width / size) * 1000) : 0);
  // the symbol's text is 1000 units high; the <use> scales it to `size`
  const k = size / 1000;
  return `<use href="#${id}" class="${cls}" text-anchor="${anchor}" transform="translate(${x} ${y}) scale(${k})"/>`;
}

function textDefs() {
  return [...TEXTS]
    .map(([key, id]) => {
      const cut = key.lastIndexOf("|");
      const text = key.slice(0, cut);
      const width = Number(key.slice(cut + 1));
      const fit = width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : "";
      return `<symbol id="${id}" overflow="visible"><text x="0" y="0" font-size="1000"${fit}>${text}</text></symbol>`;
    })
    .join("");
}

/** "−21" with a true minus sign, as printed on the card. */
function printed(number) {
  return number < 0 ? `\u2212${-number}` : String(number);
}

function honourMark(x, y, size) {
  return (
    `<g class="sb-honour"><circle cx="${x}" cy="${y}" r="${size / 2}"/>` +
    `<use href="#cx-star" x="${x - size * 0.36}" y="${y - size * 0.36}" width="${size * 0.72}" height="${size * 0.72}"/></g>`
  );
}

function suitCorner(rank, suit) {
  const text = COURT_INDEX[rank] || String(rank);
  const width = text.length > 1 ? 44 : 0;
  return `<g class="corner">${label(text, 31, 60, 44, { width })}${pip(suit, 31, 86, 30, "ink idx-suit")}</g>`;
}

function courtPanel(rank, suit) {
  const name = COURT_NAMES[rank].toUpperCase();
  const half =
    `<g><svg x="90" y="44" width="70" height="70" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>` +
    `<use href="#sb-suit-${suit}" class="ink" x="109" y="118" width="32" height="32"/></g>`;
  return (
    courtFrame(half) +
    `<rect class="sb-banner" x="62" y="159" width="126" height="32" rx="4"/>` +
    label(name, 125, 183, 22, { cls: "sb-banner-text", width: name.length > 6 ? 108 : 0 })
  );
}

function suitCentre(rank, suit) {
  if (rank === 1) {
    return (
      `<circle class="ace-ring ink-stroke" cx="125" cy="175" r="76"/>` +
      `<circle class="ace-ring thin ink-stroke" cx="125" cy="175" r="68"/>` +
      pip(suit, 125, 175, 104)
    );
  }
  if (EMBLEMS[rank]) return courtPanel(rank, suit);
  const layout = PIP_LAYOUTS[rank === 10 ? "T" : rank];
  return layout.map(([x, y]) => pip(suit, x, y, rank >= 9 ? 44 : 48)).join("");
}

function suitCompact(rank, suit) {
  const text = COURT_INDEX[rank] || String(rank);
  const wide = text.length > 1;
  const big = EMBLEMS[rank]
    ? `<svg x="45" y="160" width="160" height="160" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>`
    : `<use href="#sb-suit-${suit}" class="ink" x="55" y="170" width="140" height="140"/>`;
  return (
    `<g class="compact">${label(text, AT.x, AT.baseline, AT.size, { anchor: "start", width: wide ? AT.wide : 0 })}` +
    compactSuit(`#sb-suit-${suit}`) +
    `${big}</g>`
  );
}

function suitFace(rank, suit, honour) {
  return (
    `<rect class="face-base" x="1" y="1" width="248" height="348" rx="18"/>` +
    `<g class="full">${suitCorner(rank, suit)}<g transform="rotate(180 125 175)">${suitCorner(rank, suit)}</g>` +
    `${suitCentre(rank, suit)}${honour ? honourMark(219, 36, 34) + honourMark(31, 314, 34) : ""}</g>` +
    suitCompact(rank, suit) +
    (honour ? `<g class="compact">${honourMark(205, 305, 62)}</g>` : "")
  );
}

function sabaccCorner(number) {
  const text = printed(number);
  const width = text.length > 2 ? 54 : text.length > 1 ? 40 : 0;
  return (
    `<g class="corner">${label(text, 33, 58, 40, { width })}` +
    `<use href="#cx-star" class="ink idx-suit" x="18" y="70" width="30" height="30"/></g>`
  );
}

function sabaccFace(code, number, honour) {
  const name = SABACC_NAMES[code];
  const text = printed(number);
  const picture = name
    ? `<svg x="80" y="70" width="90" height="90" viewBox="0 0 100 100" overflow="visible">${SABACC_EMBLEMS[code]}</svg>` +
      label(text, 125, 226, 64, { width: text.length > 2 ? 96 : text.length > 1 ? 70 : 0 }) +
      `<rect class="sb-banner" x="52" y="252" width="146" height="34" rx="4"/>` +
      label(name.toUpperCase(), 125, 276, 20, { cls: "sb-banner-text", width: 132 })
    : `<use href="#cx-star" class="sb-rays" x="45" y="95" width="160" height="160"/>` +
      `<circle class="sb-medal" cx="125" cy="175" r="52"/>` +
      label(text, 125, 200, 70, { width: text.length > 2 ? 90 : text.length > 1 ? 66 : 0 }) +
      label("SABACC", 125, 292, 22, { cls: "sb-word ink" });
  // the compact index (the number, and the star that marks a Sabacc) stays in the strip
  // a hand shows of it (card.js COMPACT_INDEX)
  const compactText =
    label(text, AT.x, AT.baseline, AT.size, {
      anchor: "start",
      width: text.length > 2 ? 100 : text.length > 1 ? AT.wide : 0,
    }) + compactSuit("#cx-star");
  return (
    `<rect class="face-base" x="1" y="1" width="248" height="348" rx="18"/>` +
    `<rect class="sb-trump-frame ink-stroke" x="12" y="12" width="226" height="326" rx="12"/>` +
    `<g class="full">${sabaccCorner(number)}<g transform="rotate(180 125 175)">${sabaccCorner(number)}</g>` +
    `${picture}${honour ? honourMark(219, 36, 34) + honourMark(31, 314, 34) : ""}</g>` +
    `<g class="compact">${compactText}` +
    (name
      ? `<svg x="45" y="150" width="160" height="160" viewBox="0 0 100 100" overflow="visible">${SABACC_EMBLEMS[code]}</svg>`
      : `<use href="#cx-star" class="ink" x="55" y="160" width="140" height="140"/>`) +
    (honour ? honourMark(205, 305, 62) : "") +
    `</g>`
  );
}

function face(code) {
  const card = parse(code);
  const honour = isHonour(code);
  return card.sabacc
    ? sabaccFace(code, card.number, honour)
    : suitFace(card.rank, card.suit, honour);
}

// Every face drawn once here, so that every text symbol is known before the deck's
// symbols go into the sprite (card.js draws the faces again, with the same ids).
const ALL_CODES = [
  ..."cfst".split("").flatMap((suit) => Array.from({ length: 14 }, (_, i) => `${i + 1}${suit}`)),
  ...Array.from({ length: 21 }, (_, i) => String(-(i + 1))),
  "0",
];
for (const code of ALL_CODES) face(code);

const DEFS =
  Object.entries(SUIT_PATHS)
    .map(([suit, paths]) => `<symbol id="sb-suit-${suit}" viewBox="0 0 100 100">${paths}</symbol>`)
    .join("") + textDefs();

/** A suit's symbol as a small inline SVG (for labels outside cards), hidden from readers. */
export function suitSymbol(suit) {
  return (
    `<svg class="sb-suit-icon" data-suit="${suit}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">` +
    `<use href="#sb-suit-${suit}"/></svg>`
  );
}

registerDeck("sabacc", {
  defs: DEFS,
  face,
  name: sabaccName,
  suit: (code) => (isSabacc(code) ? "sabacc" : code.slice(-1)),
  rank: (code) => (isSabacc(code) ? code : code.slice(0, -1)),
});
