// The declarer's aside: select, then confirm. The cards are chosen in the hand (a
// second press takes one back, "Clear" takes them all back), and nothing goes until
// "Set aside" is pressed; then they go to the engine one by one, in the order chosen.
// Which cards may be chosen next, and why the others may not, is the engine's word:
// the panel asks it (engine.apply for each card chosen so far, then engine.turn) after
// every change.
//
//   const panel = new AsidePanel({preview(actions) -> {legal, refusals}, confirm(actions), changed()})
//   panel.open(view, legal, chosen) -> element (`chosen`: cards chosen before, as a
//                             saved game keeps them; those still in the hand come back)
//   panel.toggle(code) -> a sentence or "" (why not)
//   panel.chosen (Set), panel.order (the cards in the order chosen), panel.allowed (Set:
//   may be chosen now), panel.reasons

import { h } from "../ui/dom.js";
import { plural } from "../ui/words.js";

export class AsidePanel {
  constructor({ preview, confirm, changed }) {
    this.preview = preview;
    this.confirm = confirm;
    this.changed = changed;
    this.token = 0;
  }

  open(view, legal, chosen = []) {
    this.needed = view.aside_needed - view.aside_size;
    this.allowed = new Set(legal.filter((a) => a.type === "aside").map((a) => a.card));
    this.first = this.allowed;
    this.order = [...new Set(chosen)].filter((card) => this.first.has(card)).slice(0, this.needed);
    this.chosen = new Set(this.order);
    this.reasons = view.refusals || {};
    this.count = h("p", { class: "sb-aside-count", "aria-live": "polite" });
    this.clear = h("button", {
      type: "button",
      class: "btn",
      text: "Clear",
      onclick: () => this.reset(),
    });
    this.button = h("button", {
      type: "button",
      class: "btn primary sb-aside-confirm",
      onclick: () => this.send(),
    });
    this.el = h(
      "div",
      { class: "sb-aside-panel" },
      h("div", { class: "tp-actions" }, this.count, this.clear, this.button),
    );
    this.show();
    // cards chosen before: the engine's word on what may follow them, once on screen
    if (this.order.length) queueMicrotask(() => this.update());
    return this.el;
  }

  show() {
    const n = this.order.length;
    this.count.textContent = `${n} of ${this.needed} chosen${n ? "; press a card again to take it back" : ""}.`;
    this.button.textContent = `Set aside ${plural(this.needed, "card")}`;
    this.button.disabled = n !== this.needed;
    this.clear.disabled = n === 0;
  }

  /** A card pressed: chosen, or taken back; a sentence when it may not be chosen. */
  toggle(code) {
    if (this.chosen.has(code)) {
      this.order = this.order.filter((c) => c !== code);
    } else if (this.order.length >= this.needed) {
      return `${plural(this.needed, "card")} are chosen already: take one back first.`;
    } else if (!this.allowed.has(code)) {
      return this.reasons[code] || "That card may not be set aside now.";
    } else {
      this.order = [...this.order, code];
    }
    this.update();
    return "";
  }

  reset() {
    this.order = [];
    this.allowed = new Set(this.first);
    this.update();
  }

  /** After a change: the engine's word on what may be chosen next. Until it answers,
   * the cards allowed before stay allowed (choosing more never allows fewer of them). */
  async update() {
    this.chosen = new Set(this.order);
    this.allowed = new Set([...this.allowed].filter((card) => !this.chosen.has(card)));
    this.show();
    const token = ++this.token;
    this.changed();
    if (this.order.length >= this.needed) return;
    this.el.dataset.busy = "true";
    try {
      const { legal, refusals } = await this.preview(
        this.order.map((card) => ({ type: "aside", card })),
      );
      if (token !== this.token) return;
      this.allowed = new Set(legal.filter((a) => a.type === "aside").map((a) => a.card));
      this.reasons = refusals || {};
      this.changed();
    } catch (error) {
      console.error(error); // the cards allowed before stay; the engine judges at "Set aside"
    } finally {
      if (token === this.token) delete this.el.dataset.busy;
    }
  }

  send() {
    if (this.order.length !== this.needed) return;
    this.confirm(this.order.map((card) => ({ type: "aside", card })));
  }
}
