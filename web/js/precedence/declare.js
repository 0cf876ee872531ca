// The meld declaration panel. The engine lists every legal declaration (legal actions);
// the player selects cards (in the hand, or a whole meld with one of the meld buttons)
// and the panel finds the declarations made of exactly those cards. Before declaring,
// each meld's kind, points and wager come from the engine itself: the page asks
// engine.apply for the declaration's events without keeping the result.
//
//   const panel = new DeclarePanel(el, {deck, preview(action) -> events, declare(action), changed()})
//   panel.open(legal, view)      legal: the seat's declare actions
//   panel.toggle(code)           a card clicked in the hand
//   panel.selected               the Set of selected codes (the hand draws them pressed)
//   panel.close()

import { cardName } from "../cards/card.js";
import { plural } from "./messages.js";

const keyOf = (meld) => meld.join(" ");

export class DeclarePanel {
  constructor(el, { deck, preview, declare, changed }) {
    this.el = el;
    this.deck = deck;
    this.preview = preview;
    this.declare = declare;
    this.changed = changed;
    this.selected = new Set();
    this.legal = [];
    this.token = 0;
  }

  open(legal, view) {
    this.legal = legal;
    this.view = view;
    this.selected = new Set();
    const seen = new Map();
    for (const action of legal) for (const meld of action.melds) if (!seen.has(keyOf(meld))) seen.set(keyOf(meld), meld);
    this.melds = [...seen.values()];
    this.el.hidden = false;
    this.el.innerHTML = `
      <h2 class="pr-panel-title" id="pr-declare-title">Declare your melds</h2>
      <p class="pr-panel-help">Select the cards of the melds you want to show, in your hand or with the buttons below.
        Each meld costs <strong class="pr-wager"></strong>; declared cards stay face up and must be played first.</p>
      <div class="pr-meld-options" role="group" aria-label="Melds you could declare"></div>
      <div class="pr-preview" aria-live="polite"></div>
      <div class="pr-panel-actions">
        <button type="button" class="btn" data-none>Declare no melds</button>
        <button type="button" class="btn primary" data-declare disabled>Declare</button>
      </div>`;
    this.el.querySelector(".pr-wager").textContent = plural(view.wagers.meld_wager, "chip");
    const options = this.el.querySelector(".pr-meld-options");
    if (!this.melds.length) {
      options.append(Object.assign(document.createElement("p"), { textContent: "Your hand holds no melds this time." }));
    }
    for (const meld of this.melds) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn pr-meld-choice";
      button.dataset.meld = keyOf(meld);
      button.setAttribute("aria-pressed", "false");
      button.textContent = meld.map((c) => cardName(c, this.deck)).join(", ");
      button.addEventListener("click", () => this.toggleMeld(meld));
      options.append(button);
    }
    this.el.querySelector("[data-none]").addEventListener("click", () => this.declare({ type: "declare", melds: [] }));
    this.el.querySelector("[data-declare]").addEventListener("click", () => {
      if (this.choice) this.declare(this.choice);
    });
    this.update();
  }

  close() {
    this.el.hidden = true;
    this.el.replaceChildren();
    this.selected = new Set();
    this.legal = [];
  }

  toggle(code) {
    if (this.selected.has(code)) this.selected.delete(code);
    else this.selected.add(code);
    this.update();
  }

  toggleMeld(meld) {
    const all = meld.every((c) => this.selected.has(c));
    for (const c of meld) {
      if (all) this.selected.delete(c);
      else this.selected.add(c);
    }
    this.update();
  }

  matches() {
    const n = this.selected.size;
    return this.legal.filter((action) => {
      const cards = action.melds.flat();
      return cards.length === n && cards.every((c) => this.selected.has(c));
    });
  }

  async update() {
    this.changed();
    for (const button of this.el.querySelectorAll(".pr-meld-choice")) {
      const meld = button.dataset.meld.split(" ");
      button.setAttribute("aria-pressed", String(meld.every((c) => this.selected.has(c))));
    }
    const box = this.el.querySelector(".pr-preview");
    const declareButton = this.el.querySelector("[data-declare]");
    const token = ++this.token;
    const found = this.selected.size ? this.matches() : [];
    this.choice = null;
    declareButton.disabled = true;
    if (!this.selected.size) {
      box.textContent = "No cards selected: you would declare no melds.";
      return;
    }
    if (!found.length) {
      box.textContent = `${plural(this.selected.size, "card")} selected: these cards do not make whole melds yet.`;
      return;
    }
    // several ways to split the same cards (a long run, or two runs): the player picks
    const previews = await Promise.all(found.map((action) => this.preview(action)));
    if (token !== this.token) return;
    box.replaceChildren();
    const name = `pr-split-${token}`;
    previews.forEach((events, i) => {
      const declared = events.find((e) => e.type === "declare");
      const item = document.createElement(found.length > 1 ? "label" : "div");
      item.className = "pr-preview-option";
      const text = document.createElement("span");
      const melds = declared.melds.map((m) => `${m.label}, ${plural(m.points, "point")}`).join("; ");
      text.textContent = `${melds}. Total ${plural(declared.points, "point")}, wager ${plural(declared.wager, "chip")}.`;
      if (found.length > 1) {
        const radio = document.createElement("input");
        radio.type = "radio";
        radio.name = name;
        radio.checked = i === 0;
        radio.addEventListener("change", () => { this.choice = found[i]; });
        item.append(radio, " ");
      }
      item.append(text);
      box.append(item);
    });
    this.choice = found[0];
    declareButton.disabled = false;
  }
}
