// The person's hand at a table: one tab stop (roving tabindex); Left/Right (and Up/Down)
// move between the cards, Home/End jump, Enter or Space chooses the focused card. Every
// card is a button named after the card ("Emperor of Void").
//
//   const hand = new HandView(el, {deck, choose(code, button), label})
//   hand.render(codes, {mode, legal, pressed, reasons, note, marks})
//     mode "play":   legal cards raised, the others dimmed and aria-disabled (still
//                    focusable, so a refusal's reason can be read); choose() on any card
//     mode "select": cards are toggle buttons (aria-pressed from `pressed`), none dimmed
//     mode "idle":   nothing asked (another seat's turn): cards shown, choose() still
//                    called so the page can answer politely
//     reasons: code -> why it may not go; note: text added to every card's name;
//     marks: code -> a short tag shown on the card (e.g. "declared")
//   hand.focus(); hand.button(code) (for animations); hand.el

import { cardName, createCard } from "../cards/card.js";

export class HandView {
  constructor(el, { deck, choose, label = "Your hand" }) {
    this.el = el;
    this.deck = deck;
    this.choose = choose;
    this.el.classList.add("hand-view");
    this.el.setAttribute("role", "toolbar");
    this.el.setAttribute("aria-label", label);
    this.focusCode = null;
    this.cards = new Map();
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

  render(codes, { mode = "idle", legal = null, pressed = null, reasons = {}, note = "", marks = {} } = {}) {
    const keep = new Map();
    const order = [];
    this.el.dataset.mode = mode;
    for (const code of codes) {
      let button = this.cards.get(code);
      if (!button || button.dataset.deck !== this.deck) button = createCard(code, { deck: this.deck, as: "button" });
      const name = cardName(code, this.deck);
      const ok = mode === "play" ? Boolean(legal && legal.has(code)) : true;
      button.classList.toggle("legal", mode === "play" && ok);
      button.classList.toggle("dim", mode === "play" && !ok);
      button.classList.toggle("marked", Boolean(marks[code]));
      if (marks[code]) button.dataset.mark = marks[code];
      else delete button.dataset.mark;
      if (mode === "select") {
        button.setAttribute("aria-pressed", pressed && pressed.has(code) ? "true" : "false");
        button.removeAttribute("aria-disabled");
      } else {
        button.removeAttribute("aria-pressed");
        button.setAttribute("aria-disabled", mode === "play" && ok ? "false" : "true");
      }
      const parts = [name];
      if (marks[code]) parts.push(marks[code]);
      if (mode === "play" && !ok && reasons[code]) parts.push(reasons[code]);
      if (note) parts.push(note);
      button.setAttribute("aria-label", parts.join(". "));
      button.title = parts.join(": ");
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
    if (!target && mode === "play" && legal) target = order.find((b) => legal.has(b.dataset.code));
    if (!target) target = order[0];
    if (target) this.setRoving(target, hadFocus && document.activeElement !== target);
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
