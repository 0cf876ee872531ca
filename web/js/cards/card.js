// The shared card element: every deck (standard, and later Imperial and Sabacc) draws
// its faces as SVG markup and registers itself here; pages only ever ask this module
// for card elements, so a page never knows how a deck is drawn.
//
//   registerDeck("standard", { face(code), name(code), suit(code), defs, back })
//   createCard(code, {deck, faceUp, as})  -> an element (div, or button with as:"button")
//   setCard(el, code, {deck, faceUp})     -> redraw an existing card element
//   createPlaceholder({label, mark})      -> an empty-pile outline
//
// A card element is  <div class="card" data-deck data-code data-suit data-face>
// holding one <svg viewBox="0 0 250 350">. Suit colours come from CSS custom
// properties (--suit-S, --suit-H, ...), so the four-colour option is a class on <html>.

import { installCardTips } from "../ui/cardtip.js";
import { BACK_DEFS, backMarkup } from "./back.js";

export const VIEWBOX = "0 0 250 350";

// A compact face's index (view-box units): the rank, and the suit's symbol under it,
// both within the card's left 46% and top 47%, the part a hand of overlapping rows
// leaves showing (the next card covers the right, a raised card of the row below the
// bottom). Every deck draws its compact rank and suit there, marked .idx and .idx-suit.
export const COMPACT_INDEX = { x: 14, baseline: 100, size: 104, wide: 96, suitY: 110, suit: 54 };

/** The compact suit mark: the symbol `href` under the rank. */
export function compactSuit(href) {
  const { x, suitY, suit } = COMPACT_INDEX;
  return `<use href="${href}" class="ink idx-suit" x="${x}" y="${suitY}" width="${suit}" height="${suit}"/>`;
}
const SVG_NS = "http://www.w3.org/2000/svg";
const decks = new Map();
const faceCache = new Map();
let spriteReady = false;

/** Make a deck available to createCard. */
export function registerDeck(id, deck) {
  decks.set(id, deck);
  if (spriteReady) addDefs(deck.defs || "");
}

function deckOf(id) {
  const deck = decks.get(id);
  if (!deck) throw new Error(`unknown card deck ${id}`);
  return deck;
}

/** The card's full name, e.g. "Queen of Hearts". */
export function cardName(code, deck = "standard") {
  return deckOf(deck).name(code);
}

/** The card's name inside a sentence, with its article: "the Queen of Hearts", "the
 * Sabacc -7", and "the Idiot (Sabacc 0)" (a name with its own article writes it in lower
 * case there, as any other "the"). */
export function theCard(code, deck = "standard") {
  const name = cardName(code, deck);
  return `the ${name.startsWith("The ") ? name.slice(4) : name}`;
}

// Shared symbols (suit pips, the back's pattern) live once in a hidden sprite; card
// faces refer to them with <use>, which keeps each card's markup small.
function ensureSprite() {
  if (spriteReady) return;
  spriteReady = true;
  installCardTips();
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "cx-sprite");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.innerHTML = `<defs>${BACK_DEFS}</defs>`;
  document.body.prepend(svg);
  for (const deck of decks.values()) addDefs(deck.defs || "");
}

function addDefs(markup) {
  if (!markup) return;
  const defs = document.querySelector("svg.cx-sprite defs");
  const holder = document.createElementNS(SVG_NS, "svg");
  holder.innerHTML = `<defs>${markup}</defs>`;
  for (const node of [...holder.firstChild.childNodes]) defs.append(node);
}

function faceMarkup(deckId, code) {
  const key = `${deckId}:${code}`;
  let markup = faceCache.get(key);
  if (markup === undefined) {
    markup = deckOf(deckId).face(code);
    faceCache.set(key, markup);
  }
  return markup;
}

/** Draw `code` (or its back) into an existing card element. */
export function setCard(el, code, { deck = "standard", faceUp = true } = {}) {
  ensureSprite();
  const d = deckOf(deck);
  const face = faceUp && code ? "up" : "down";
  if (el.dataset.code === (code || "") && el.dataset.face === face && el.dataset.deck === deck) {
    return el;
  }
  el.dataset.deck = deck;
  el.dataset.code = code || "";
  el.dataset.face = face;
  if (face === "up") {
    el.dataset.suit = d.suit(code);
    el.dataset.rank = d.rank(code);
    el.title = d.name(code); // its full name on hover (and on a long press: ui/cardtip.js)
  } else {
    delete el.dataset.suit;
    delete el.dataset.rank;
    el.removeAttribute("title");
  }
  const inner = face === "up" ? faceMarkup(deck, code) : backMarkup();
  el.innerHTML = `<svg viewBox="${VIEWBOX}" aria-hidden="true" focusable="false">${inner}</svg>`;
  return el;
}

/**
 * A new card element. `as: "button"` makes it a button (for playable cards);
 * otherwise a div that is announced as an image named after the card (face up) or
 * "Card face down", unless `hidden` (a card inside something that names it: hidden
 * from assistive technology).
 */
export function createCard(
  code,
  { deck = "standard", faceUp = true, as = "div", hidden = false } = {},
) {
  const el = document.createElement(as);
  el.className = "card";
  if (el instanceof HTMLButtonElement) el.type = "button";
  setCard(el, code, { deck, faceUp });
  if (hidden) el.setAttribute("aria-hidden", "true");
  else if (as !== "button") {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", faceUp && code ? cardName(code, deck) : "Card face down");
  }
  return el;
}

/** An empty pile's outline, with an optional large mark (e.g. a rank) and label. */
export function createPlaceholder({ mark = "", label = "" } = {}) {
  const el = document.createElement("div");
  el.className = "card placeholder";
  el.setAttribute("aria-hidden", "true");
  setPlaceholder(el, { mark, label });
  return el;
}

export function setPlaceholder(el, { mark = "", label = "" } = {}) {
  el.innerHTML =
    `<svg viewBox="${VIEWBOX}" aria-hidden="true" focusable="false">` +
    `<rect class="ph-edge" x="5" y="5" width="240" height="340" rx="18"/>` +
    (mark
      ? `<text class="ph-mark" x="125" y="${label ? 200 : 212}" text-anchor="middle">${mark}</text>`
      : "") +
    (label ? `<text class="ph-label" x="125" y="300" text-anchor="middle">${label}</text>` : "") +
    `</svg>`;
  return el;
}
