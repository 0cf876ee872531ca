// The meld declaration: select, then confirm. The engine lists every legal declaration
// (legal actions); the player selects cards (in the hand, or a whole meld with one of
// the meld buttons; a second press takes it back) and the panel finds the declarations
// made of exactly those cards. Nothing is declared until the one button is pressed; its
// words follow the selection ("Declare no melds", "Declare: Run of 3, 3 points").
// Each meld's kind, points and wager come from the engine: the page asks engine.apply
// for the declaration's events without keeping the result.
//
//   const panel = new DeclarePanel({deck, preview(action) -> events, declare(action), changed()})
//   panel.open(legal, view) -> the panel's element (legal: the seat's declare actions)
//   panel.toggle(code)       a card pressed in the hand
//   panel.selected           the Set of selected codes (the hand draws them pressed)
//   panel.focus()            the first meld button, if any

import { cardName } from "../cards/card.js";
import { h } from "../ui/dom.js";
import { ChoiceGroup } from "../table/choices.js";
import { plural } from "./messages.js";

const keyOf = (meld) => meld.join(" ");

/** A meld in short words from its cards' names (the deck's own rank and suit words):
 * "Triad of 6s (Void, Border, Core)", "Run of 3 (4 to 6 of Frontier)" (the engine's melds.meld_name says it so too). */
export function meldWords(meld, deck) {
  const parts = meld.map((code) => {
    const name = cardName(code, deck);
    const at = name.lastIndexOf(" of ");
    return { rank: name.slice(0, at), suit: name.slice(at + 4) };
  });
  if (parts.every((p) => p.rank === parts[0].rank)) {
    const kind = meld.length === 4 ? "Quad" : "Triad";
    const suits = meld.length === 4 ? "" : ` (${parts.map((p) => p.suit).join(", ")})`;
    return `${kind} of ${parts[0].rank}s${suits}`;
  }
  const last = parts[parts.length - 1];
  return `Run of ${meld.length} (${parts[0].rank} to ${last.rank} of ${last.suit})`;
}

export class DeclarePanel {
  constructor({ deck, preview, declare, changed }) {
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
    this.selected = new Set();
    this.choice = null;
    const seen = new Map();
    for (const action of legal)
      for (const meld of action.melds) if (!seen.has(keyOf(meld))) seen.set(keyOf(meld), meld);
    this.melds = [...seen.values()];
    this.options = h("div", { class: "pr-meld-options" });
    this.group = new ChoiceGroup(this.options, { label: "Melds you could declare" });
    this.group.set(
      this.melds.map((meld) =>
        h("button", {
          type: "button",
          class: "btn pr-meld-choice",
          "aria-pressed": "false",
          dataset: { meld: keyOf(meld), value: keyOf(meld) },
          text: meldWords(meld, this.deck),
          title: meld.map((c) => cardName(c, this.deck)).join(", "),
          onclick: () => this.toggleMeld(meld),
        }),
      ),
    );
    this.box = h("p", { class: "pr-preview", "aria-live": "polite" });
    this.button = h("button", {
      type: "button",
      class: "btn primary pr-declare",
      onclick: () => this.choice && this.declare(this.choice),
    });
    this.el = h(
      "div",
      { class: "pr-declare-panel" },
      h("p", {
        class: "tp-help",
        text: `Each meld costs ${plural(view.wagers.meld_wager, "chip")}; declared cards stay face up and must be played first.`,
      }),
      this.melds.length
        ? this.options
        : h("p", { class: "tp-help", text: "Your hand holds no melds this time." }),
      h("div", { class: "tp-actions" }, this.box, this.button),
    );
    this.update(true);
    return this.el;
  }

  /** Focus the first meld choice, or, with no meld to declare, the one button there is
   * ("Declare no melds"), not a card of the hand. */
  focus() {
    if (this.melds.length) return this.group.focus();
    if (!this.button?.isConnected) return false;
    this.button.focus();
    return true;
  }

  /** The buttons that make `action` (a declaration): its melds' buttons, or the one
   * button when it declares nothing (where a hint points). */
  buttonsFor(action) {
    if (!action.melds.length) return [this.button];
    return action.melds.map((meld) =>
      this.options.querySelector(`.pr-meld-choice[data-meld="${keyOf(meld)}"]`),
    );
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

  setButton(text, choice) {
    this.choice = choice;
    this.button.textContent = text;
    this.button.disabled = !choice;
  }

  async update(quiet = false) {
    if (!quiet) this.changed();
    for (const button of this.options.querySelectorAll(".pr-meld-choice")) {
      const meld = button.dataset.meld.split(" ");
      button.setAttribute("aria-pressed", String(meld.every((c) => this.selected.has(c))));
    }
    const token = ++this.token;
    const found = this.selected.size ? this.matches() : [];
    if (!this.selected.size) {
      this.box.textContent = this.melds.length
        ? "Select the cards of each meld you want to show."
        : "";
      this.setButton("Declare no melds", { type: "declare", melds: [] });
      return;
    }
    if (!found.length) {
      this.box.textContent = `${plural(this.selected.size, "card")} selected: these cards do not make whole melds yet.`;
      this.setButton("Declare", null);
      return;
    }
    // several ways to split the same cards (a long run, or two runs): the player picks
    this.setButton("Declare", null);
    const previews = await Promise.all(found.map((action) => this.preview(action)));
    if (token !== this.token) return;
    this.box.replaceChildren();
    previews.forEach((events, i) => {
      const declared = events.find((e) => e.type === "declare");
      const melds = declared.melds
        .map((m) => `${m.label}, ${plural(m.points, "point")}`)
        .join("; ");
      const text = h("span", {
        text: `${melds}. Total ${plural(declared.points, "point")}, wager ${plural(declared.wager, "chip")}.`,
      });
      if (found.length === 1) {
        this.box.append(text);
        return;
      }
      const radio = h("input", {
        type: "radio",
        name: `pr-split-${token}`,
        onchange: () => {
          this.choice = found[i];
        },
      });
      radio.checked = i === 0;
      this.box.append(h("label", { class: "pr-preview-option" }, radio, " ", text));
    });
    this.setButton("Declare", found[0]);
  }
}
