// The person's hand: one tab stop (roving tabindex), arrow keys move between the cards,
// Home/End jump, Enter or Space plays the focused card. Every card is a button named
// after the card; a card that may not go now is aria-disabled (still focusable, so its
// reason, given by the engine, can be read and shown) and dimmed; legal cards are raised.

import { cardName, createCard } from "../cards/card.js";
import "../cards/sabacc.js";

export class Hand {
  constructor(el, { choose, label = "Your hand" }) {
    this.el = el;
    this.choose = choose;
    this.el.setAttribute("role", "toolbar");
    this.el.setAttribute("aria-label", label);
    this.focusCode = null;
    this.cards = new Map(); // code -> button
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("click", (event) => {
      const button = event.target.closest("button.card");
      if (button && this.el.contains(button)) this.choose(button.dataset.code, button);
    });
    this.el.addEventListener("focusin", (event) => {
      const button = event.target.closest("button.card");
      if (button) this.setRoving(button);
    });
  }

  /**
   * Draw `codes`. `legal`: the set of codes that may go now (null: none is asked for);
   * `reasons`: code -> why it may not go; `describedBy`: id of the hint line.
   */
  render(codes, { legal = null, reasons = {}, waiting = "" } = {}) {
    const keep = new Map();
    const order = [];
    for (const code of codes) {
      let button = this.cards.get(code);
      if (!button) button = createCard(code, { deck: "sabacc", as: "button" });
      const name = button.dataset.name || (button.dataset.name = nameOf(code));
      const ok = legal ? legal.has(code) : false;
      button.classList.toggle("legal", Boolean(legal) && ok);
      button.classList.toggle("dim", Boolean(legal) && !ok);
      button.setAttribute("aria-disabled", ok ? "false" : "true");
      const why = legal && !ok ? reasons[code] || "" : waiting;
      button.setAttribute("aria-label", why ? `${name}. ${why}` : name);
      button.title = why ? `${name}: ${why}` : name;
      keep.set(code, button);
      order.push(button);
    }
    for (const [code, button] of this.cards) if (!keep.has(code)) button.remove();
    this.cards = keep;
    order.forEach((button, i) => {
      if (this.el.children[i] !== button) this.el.insertBefore(button, this.el.children[i] || null);
      button.style.setProperty("--i", String(i));
    });
    this.el.style.setProperty("--n", String(order.length));
    const hadFocus = this.el.contains(document.activeElement);
    let target = this.cards.get(this.focusCode);
    if (!target && legal) target = order.find((b) => legal.has(b.dataset.code));
    if (!target) target = order[0];
    if (target) this.setRoving(target, hadFocus && document.activeElement !== target);
    else if (hadFocus) this.el.closest("section")?.querySelector("[data-skip-target]")?.focus();
  }

  setRoving(button, focus = false) {
    for (const b of this.cards.values()) b.tabIndex = b === button ? 0 : -1;
    this.focusCode = button.dataset.code;
    if (focus) button.focus({ preventScroll: true });
  }

  focus() {
    const button = this.cards.get(this.focusCode) || this.cards.values().next().value;
    if (button) button.focus({ preventScroll: true });
  }

  /** The button of `code` (for animations), or null. */
  button(code) {
    return this.cards.get(code) || null;
  }

  onKey(event) {
    const buttons = [...this.cards.values()];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(buttons.length - 1, at + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, at - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    this.setRoving(buttons[next], true);
  }
}

const nameOf = (code) => cardName(code, "sabacc");
