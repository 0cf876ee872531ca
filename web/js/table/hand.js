// The person's hand at a table. Laid out for the space it has: one row on a wide
// screen, two or three overlapping rows on a phone, so that every card shows its corner
// index and a strip of at least 40 px to tap (the rows are laid out here, with `left`
// and `top`, and cards glide to their new places when one leaves).
//
// One tab stop (roving tabindex): Left/Right (and Up/Down) move between the cards,
// Home/End jump, Enter or Space chooses. Every card is a button named after the card.
// A click, a tap or a key chooses at once (one tap plays a card, as at any card table;
// a choice of several cards is made with mode "select", then confirmed by the page); a
// card that may not go is refused at once too (choose() says why). A press that became
// a drag or a scroll chooses nothing, nor does a long press (ui/cardtip.js names the
// card instead).
// When the turn comes to play, focus goes to the first playable card; the arrows still
// pass over every card (one that may not go is announced so, with the reason).
//
//   const hand = new HandView(el, {deck, choose(code, button), label})
//   hand.render(codes, {mode, legal, pressed, reasons, marks})
//     mode "play":   legal cards raised, the others dimmed and aria-disabled (still
//                    focusable, so a refusal's reason can be read); choose() on any card
//     mode "select": cards are toggle buttons (aria-pressed from `pressed`); with
//                    `allowed`, the cards neither allowed nor pressed are dimmed
//     mode "idle":   nothing asked (another seat's turn): choose() still called so the
//                    page can answer politely
//     reasons: code -> why it may not go; marks: code -> a short tag ("declared"), said
//     with the card's name; kinds: code -> a word for the tag's style (data-mark: the
//     review's "played" and "best"); reserve: the most cards the hand will hold, whose
//     height it keeps as cards leave (so the table above it does not move)
//   hand.focus(); hand.button(code); hand.take(code) -> the rect it left (it is removed)
//   hand.dealIn(fromRect, ms)   the cards fly in from a rect, one after another

import { cardName, createCard } from "../cards/card.js";
import { SLOP } from "../ui/cardtip.js";
import { flyFrom, reducedMotion } from "../ui/motion.js";

const MIN_STRIP = 40; // px of each card always showing (a tap target, and its index)
const STRIP_SHARE = 0.46; // ... and at least this share of its width (a compact face's index)
const COMPACT_W = 76; // the widest card drawn with its compact face (cards.css)
const FACE_SHOW = 0.82; // the share of a full face that shows (its label ends at 0.79)
const ROW_SHOW = 0.56; // the share of a card's height a row below leaves showing
const RATIO = 1.4; // height / width
const LIFT = 0.12; // a playable card rises this share of its width ...
const PICK_LIFT = 1.6; // ... and a lifted or chosen one this many times more: the room kept above

export class HandView {
  constructor(el, { deck, choose, label = "Your hand" }) {
    this.el = el;
    this.deck = deck;
    this.choose = choose;
    this.el.classList.add("hand-view");
    this.el.setAttribute("role", "toolbar");
    this.el.setAttribute("aria-label", label);
    this.focusCode = null;
    this.mode = "idle";
    this.cards = new Map();
    // where a pointer went down, on which card, and whether it has since moved away
    this.press = null;
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("pointerdown", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button.card") : null;
      this.press = { x: event.clientX, y: event.clientY, moved: false, button };
    });
    this.el.addEventListener("pointermove", (event) => {
      const press = this.press;
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP)
        press.moved = true;
    });
    this.el.addEventListener("click", (event) => {
      const pointer = event.detail > 0; // (a key's click has no detail)
      const dragged = pointer && this.press?.moved;
      // a still pointer pressed on one card and let go over another (the cards moved
      // under it: a neighbour refused and shaken, a card lifted, the rows laid out
      // again): the click goes to the hand, not a card, and the card pressed is the
      // one chosen; before, the click was lost and nothing said
      const button = event.target.closest("button.card") || (pointer ? this.press?.button : null);
      this.press = null;
      if (!button || !this.el.contains(button) || dragged) return;
      this.choose(button.dataset.code, button);
    });
    this.el.addEventListener("focusin", (event) => {
      const button = event.target.closest("button.card");
      if (button) this.setRoving(button);
    });
    new ResizeObserver(() => this.layout()).observe(this.el);
  }

  render(
    codes,
    {
      mode = "idle",
      legal = null,
      pressed = null,
      allowed = null,
      reasons = {},
      marks = {},
      kinds = {},
      reserve = 0,
    } = {},
  ) {
    this.reserve = reserve;
    const keep = new Map();
    const order = [];
    const turnBegins = mode === "play" && this.mode !== "play";
    this.mode = mode;
    this.el.dataset.mode = mode;
    const hadFocus = this.el.contains(document.activeElement) || this.lostFocus;
    this.lostFocus = false;
    for (const code of codes) {
      let button = this.cards.get(code);
      if (!button || button.dataset.deck !== this.deck) {
        button?.remove();
        button = createCard(code, { deck: this.deck, as: "button" });
      }
      const on = Boolean(pressed?.has(code));
      const ok =
        mode === "play"
          ? Boolean(legal?.has(code))
          : mode === "select"
            ? !allowed || on || allowed.has(code)
            : true;
      button.classList.toggle("legal", mode === "play" && ok);
      button.classList.toggle("dim", (mode === "play" || mode === "select") && !ok);
      button.classList.toggle("marked", Boolean(marks[code]));
      if (kinds[code]) button.dataset.mark = kinds[code];
      else delete button.dataset.mark;
      if (mode === "select") {
        button.setAttribute("aria-pressed", on ? "true" : "false");
        if (ok) button.removeAttribute("aria-disabled");
        else button.setAttribute("aria-disabled", "true");
      } else {
        button.removeAttribute("aria-pressed");
        button.setAttribute("aria-disabled", mode === "play" && ok ? "false" : "true");
      }
      // "Emperor of Void, declared. You must follow suit: ..." (the mark is the name's)
      const name = cardName(code, this.deck);
      const parts = [marks[code] ? `${name}, ${marks[code]}` : name];
      if (!ok && reasons[code]) parts.push(reasons[code]);
      button.setAttribute("aria-label", parts.join(". "));
      button.title = parts.join(": ");
      keep.set(code, button);
      order.push(button);
    }
    for (const [code, button] of this.cards) if (!keep.has(code)) button.remove();
    this.cards = keep;
    order.forEach((button, i) => {
      if (this.el.children[i] !== button) this.el.insertBefore(button, this.el.children[i] || null);
    });
    this.layout();
    let target = this.cards.get(this.focusCode);
    if (mode === "play" && legal && (!target || (turnBegins && !legal.has(this.focusCode))))
      target = order.find((b) => legal.has(b.dataset.code)) || target;
    if (!target) target = order[0];
    if (target) this.setRoving(target, hadFocus && document.activeElement !== target);
  }

  /** The rows and card width that fit `n` cards best, and the height they need. A card
   * wider than COMPACT_W shows its full face, whose picture and label fill its middle:
   * it has a row of its own and shows FACE_SHOW of its width; a smaller one shows its
   * compact face (its index in the corner), so rows and a narrow strip leave it readable. */
  fit(n, width, most, tallest) {
    let best = { rows: 1, w: 0 };
    for (let rows = 1; rows <= 4 && rows <= Math.max(1, n); rows += 1) {
      const cols = Math.ceil(n / rows) || 1;
      const fitsHeight = tallest / (RATIO * (1 + ROW_SHOW * (rows - 1)) + LIFT * PICK_LIFT);
      const strips = (share) =>
        cols > 1
          ? Math.min(width - MIN_STRIP * (cols - 1), width / (1 + share * (cols - 1)))
          : width;
      const full = rows === 1 ? Math.floor(Math.min(most, strips(FACE_SHOW), fitsHeight)) : 0;
      const compact = Math.floor(Math.min(most, COMPACT_W, strips(STRIP_SHARE), fitsHeight));
      const w = full > COMPACT_W ? full : compact;
      if (w > best.w + 2) best = { rows, w };
    }
    const h = best.w * RATIO;
    const rowStep = Math.round(h * ROW_SHOW);
    // a lifted card of the top row stays in the hand
    const room = Math.ceil(Math.round(best.w * LIFT) * PICK_LIFT);
    const height = Math.ceil(room + h + rowStep * (best.rows - 1) + 10);
    return { ...best, height };
  }

  /** Place the cards in rows for the width there is (and the height the page allows);
   * the height is the most a hand of up to `reserve` cards would need. */
  layout() {
    const buttons = [...this.cards.values()];
    const n = buttons.length;
    const style = getComputedStyle(this.el);
    const width = this.el.clientWidth - 8;
    if (width <= 0) return;
    const most = parseFloat(style.getPropertyValue("--hand-card-max")) || 104;
    const tallest = parseFloat(style.getPropertyValue("--hand-max-h")) || 220;
    const { rows, w, height: own } = this.fit(n, width, most, tallest);
    let height = own;
    for (let k = 1; k <= (this.reserve || 0); k += 1) {
      height = Math.max(height, this.fit(k, width, most, tallest).height);
    }
    const h = w * RATIO;
    const lift = Math.round(w * LIFT);
    const room = Math.ceil(lift * PICK_LIFT); // a lifted card of the top row stays in the hand
    const perRow = Math.ceil(n / rows) || 1;
    const cols = perRow;
    const step = cols > 1 ? Math.min(w + 6, (width - w) / (cols - 1)) : 0;
    const rowStep = Math.round(h * ROW_SHOW);
    this.el.style.setProperty("--card-w", `${w}px`);
    this.el.style.setProperty("--lift", `${lift}px`);
    this.el.style.height = `${height}px`;
    this.el.dataset.rows = String(rows);
    buttons.forEach((button, i) => {
      const row = Math.floor(i / perRow);
      const inRow = row < rows - 1 ? perRow : n - perRow * (rows - 1);
      const col = i - row * perRow;
      const span = w + step * (inRow - 1);
      button.style.left = `${Math.round(4 + (width - span) / 2 + col * step)}px`;
      button.style.top = `${room + row * rowStep}px`;
    });
  }

  setRoving(button, focus = false) {
    for (const b of this.cards.values()) b.tabIndex = b === button ? 0 : -1;
    this.focusCode = button.dataset.code;
    if (focus) button.focus({ preventScroll: true });
  }

  focus() {
    const button = this.cards.get(this.focusCode) || this.cards.values().next().value;
    if (button) button.focus({ preventScroll: true });
    return Boolean(button);
  }

  button(code) {
    return this.cards.get(code) || null;
  }

  /** Take a card out of the hand (it was played): where it was, or null. */
  take(code) {
    const button = this.cards.get(code);
    if (!button) return null;
    const rect = button.getBoundingClientRect();
    const focused = document.activeElement === button;
    const at = [...this.cards.keys()].indexOf(code);
    button.remove();
    this.cards.delete(code);
    this.layout();
    // a card played by key hands the focus to its neighbour at once: while the card
    // flies and the trick is shown, the arrows still move in the hand (before, the focus
    // fell to the page until the next drawing, and the keys did nothing)
    if (focused) {
      const rest = [...this.cards.values()];
      const next = rest[Math.min(at, rest.length - 1)];
      if (next) this.setRoving(next, true);
      else {
        // the last card: the focus stays on the hand, empty, until the next is dealt
        // (it fell to the page's body while the trick ended and the count came; audit 12)
        this.lostFocus = true;
        this.el.tabIndex = -1;
        this.el.focus({ preventScroll: true });
      }
    }
    return rect;
  }

  /** The cards fly in from `from` one after another (a new hand dealt). */
  async dealIn(from, ms) {
    if (!from || !ms || reducedMotion()) return;
    const buttons = [...this.cards.values()];
    const each = Math.min(60, ms / Math.max(1, buttons.length));
    await Promise.all(
      buttons.map((button, i) => flyFrom(button, from, { duration: ms, delay: i * each })),
    );
  }

  onKey(event) {
    const buttons = [...this.cards.values()];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown")
      next = Math.min(buttons.length - 1, at + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, at - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    this.setRoving(buttons[next], true);
  }
}
