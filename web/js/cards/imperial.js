// The Imperial deck of Precedence (52 cards), drawn as SVG for this project.
//
// Codes as in PROTOCOL.md: rank 2-9, T (10), O Officer, M Commander, P StellarPilot
// (Voidpilot under the Frontier variant), E Emperor; then suit V Void, F Frontier,
// B Border, C Core: "EV" is the Emperor of Void.
//
// Two decks are registered: "imperial" and "imperial-void" (the Frontier/Void variant:
// the 12th rank is named and indexed Voidpilot). Pages pick one with imperialDeck(variant).
// Each suit has its own symbol (Void an eclipsed ring, Frontier a four-pointed star,
// Border a shield, Core a hexagonal crystal), always drawn, so a suit is never told by
// colour alone; colours come from css/cards-imperial.css (two-colour by default, four
// with the site's four-colour setting). The four honours (Officer, Commander, Pilot,
// Emperor) have drawn panels and a gold star under each corner index. Like the standard
// deck, every face has a full and a compact layout (cards.css picks by size).

import { COMPACT_INDEX as AT, compactSuit, registerDeck } from "./card.js";
import { COURT_RULE, courtFrame, PIP_LAYOUTS } from "./standard.js";

export const SUIT_NAMES = { V: "Void", F: "Frontier", B: "Border", C: "Core" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "O", "M", "P", "E"];
export const RANK_NAMES = {
  T: "10",
  O: "Officer",
  M: "Commander",
  P: "StellarPilot",
  E: "Emperor",
};
const INDEX = { T: "10", O: "O", M: "C", P: "P", E: "E" };
const HONOURS = new Set(["O", "M", "P", "E"]);

export function imperialDeck(variant = "core") {
  return variant === "frontier" ? "imperial-void" : "imperial";
}

/** The letter in a card's corner for `rank` ("E" for the Emperor; the Voidpilot's "V"). */
export function rankIndex(rank, voidpilot = false) {
  return rank === "P" && voidpilot ? "V" : INDEX[rank] || rank;
}

function parse(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  if (!RANKS.includes(rank) || !(suit in SUIT_NAMES))
    throw new Error(`not an Imperial card: ${code}`);
  return { rank, suit };
}

/** "Emperor of Void", "10 of Core"; `voidpilot` names the 12th rank Voidpilot. */
export function imperialName(code, voidpilot = false) {
  const { rank, suit } = parse(code);
  const name = rank === "P" && voidpilot ? "Voidpilot" : RANK_NAMES[rank] || rank;
  return `${name} of ${SUIT_NAMES[suit]}`;
}

export function isHonour(code) {
  return HONOURS.has(parse(code).rank);
}

// ---- suit symbols (100 x 100) -----------------------------------------------------

const ring = (cx, cy, r) =>
  `M${cx} ${cy - r}a${r} ${r} 0 1 1 0 ${2 * r}a${r} ${r} 0 1 1 0 ${-2 * r}Z`;

const SUIT_PATHS = {
  // Void: a dark disc eclipsing a ring of light
  V: `<path fill-rule="evenodd" d="${ring(50, 50, 46)}${ring(50, 50, 35)}${ring(56, 44, 27)}"/>`,
  // Frontier: a four-pointed navigation star
  F: `<path d="M50 2 61 39 98 50 61 61 50 98 39 61 2 50 39 39Z"/>`,
  // Border: a heater shield with a bar
  B: `<path fill-rule="evenodd" d="M12 8h76v36c0 26-17 42-38 52C29 86 12 70 12 44ZM24 34v10h52V34Z"/>`,
  // Core: a hexagonal crystal with a facet
  C: `<path fill-rule="evenodd" d="M50 3 91 26v48L50 97 9 74V26ZM50 24 31 35v30l19 11 19-11V35Z"/><path d="M50 36 60 42v16l-10 6-10-6V42Z"/>`,
};

// ---- honour emblems (100 x 100) ---------------------------------------------------

const EMBLEMS = {
  // Officer: a rank insignia, three chevrons under a bar
  O: `<rect class="gold" x="18" y="10" width="64" height="14" rx="4"/>
      <path class="gold" d="M14 44 50 30l36 14v13L50 43 14 57Z"/>
      <path class="gold" d="M14 66 50 52l36 14v13L50 65 14 79Z"/>
      <circle class="jewel" cx="50" cy="17" r="4"/>`,
  // Commander: a star in a laurel
  M: `<path class="gold-line" d="M22 84C6 66 8 38 26 20M78 84c16-18 14-46-4-64"/>
      <path class="gold" d="M18 62c-7-3-9-9-8-15 6 2 9 8 8 15ZM16 44c-6-4-6-11-4-16 5 3 7 9 4 16ZM82 62c7-3 9-9 8-15-6 2-9 8-8 15ZM84 44c6-4 6-11 4-16-5 3-7 9-4 16Z"/>
      <path class="gold" d="M50 18l9 19 21 3-15 14 4 21-19-10-19 10 4-21-15-14 21-3Z"/>
      <circle class="jewel" cx="50" cy="47" r="5"/>`,
  // Pilot: winged wings round a star
  P: `<path class="gold" d="M50 40C36 26 18 22 4 26c10 6 16 12 20 20-6 0-12 2-16 6 12 2 24 4 34 10Z"/>
      <path class="gold" d="M50 40c14-14 32-18 46-14-10 6-16 12-20 20 6 0 12 2 16 6-12 2-24 4-34 10Z"/>
      <path class="gold" d="M50 24l7 14 15 2-11 11 3 15-14-7-14 7 3-15-11-11 15-2Z"/>
      <path class="gold-line" d="M34 84h32"/>`,
  // Emperor: a crown of three spires with a star
  E: `<path class="gold" d="M10 80 8 34l20 16 8-30 14 22 14-22 8 30 20-16-2 46Z"/>
      <rect class="gold" x="8" y="78" width="84" height="14" rx="3"/>
      <circle class="ink" cx="8" cy="32" r="6"/><circle class="ink" cx="36" cy="18" r="5"/>
      <circle class="ink" cx="64" cy="18" r="5"/><circle class="ink" cx="92" cy="32" r="6"/>
      <path class="jewel" d="M50 50l5 9-5 9-5-9Z"/>
      <circle class="jewel" cx="26" cy="85" r="3.5"/><circle class="jewel" cx="74" cy="85" r="3.5"/>`,
};

function pip(suit, cx, cy, size, cls = "ink") {
  const half = size / 2;
  const turn = cy > 175 ? ` transform="rotate(180 ${cx} ${cy})"` : "";
  return `<use href="#cx-imp-${suit}" class="${cls}" x="${cx - half}" y="${cy - half}" width="${size}" height="${size}"${turn}/>`;
}

function indexText(label, x, y, size, anchor = "middle", squeeze = 1.02) {
  const fit =
    label.length > 1
      ? ` textLength="${Math.round(size * squeeze)}" lengthAdjust="spacingAndGlyphs"`
      : "";
  return `<text class="idx ink" x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}"${fit}>${label}</text>`;
}

function star(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + d * Math.cos(a)).toFixed(1)} ${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return `<path class="gold honour-star" d="M${points.join("L")}Z"/>`;
}

function corner(label, suit, honour) {
  return `<g class="corner">${indexText(label, 31, 60, 46)}${pip(suit, 31, 86, 30, "ink idx-suit")}${honour ? star(31, 118, 11) : ""}</g>`;
}

function courtPanel(rank, suit) {
  const half =
    `<g class="court-half"><svg x="84" y="48" width="82" height="82" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>` +
    `<use href="#cx-imp-${suit}" class="ink" x="107" y="131" width="36" height="36"/></g>`;
  return courtFrame(half) + COURT_RULE;
}

function centre(rank, suit) {
  if (EMBLEMS[rank]) return courtPanel(rank, suit);
  const layout = PIP_LAYOUTS[rank];
  return layout.map(([x, y]) => pip(suit, x, y, rank === "T" || rank === "9" ? 42 : 46)).join("");
}

function compact(label, rank, suit) {
  const big = EMBLEMS[rank]
    ? `<svg x="45" y="160" width="160" height="160" viewBox="0 0 100 100" overflow="visible">${EMBLEMS[rank]}</svg>`
    : `<use href="#cx-imp-${suit}" class="ink" x="55" y="170" width="140" height="140"/>`;
  return (
    `<g class="compact">${indexText(label, AT.x, AT.baseline, AT.size, "start", AT.wide / AT.size)}` +
    compactSuit(`#cx-imp-${suit}`) +
    (HONOURS.has(rank) ? star(AT.x + AT.suit + 22, AT.suitY + AT.suit / 2, 14) : "") +
    `${big}</g>`
  );
}

function faceOf(voidpilot) {
  return (code) => {
    const { rank, suit } = parse(code);
    const label = rankIndex(rank, voidpilot);
    const honour = HONOURS.has(rank);
    return (
      `<rect class="face-base" x="1" y="1" width="248" height="348" rx="18"/>` +
      `<g class="full">${corner(label, suit, honour)}<g transform="rotate(180 125 175)">${corner(label, suit, honour)}</g>` +
      `${centre(rank, suit)}</g>` +
      compact(label, rank, suit)
    );
  };
}

const DEFS = Object.entries(SUIT_PATHS)
  .map(([suit, paths]) => `<symbol id="cx-imp-${suit}" viewBox="0 0 100 100">${paths}</symbol>`)
  .join("");

/** A suit's symbol as inline SVG (for labels such as "Trump: Void"); decorative. */
export function suitIcon(suit, className = "imp-suit-icon") {
  return `<svg class="${className}" data-suit="${suit}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${SUIT_PATHS[suit]}</svg>`;
}

for (const [id, voidpilot] of /** @type {[string, boolean][]} */ ([
  ["imperial", false],
  ["imperial-void", true],
])) {
  registerDeck(id, {
    defs: id === "imperial" ? DEFS : "",
    face: faceOf(voidpilot),
    name: (code) => imperialName(code, voidpilot),
    suit: (code) => parse(code).suit,
    rank: (code) => parse(code).rank,
  });
}
