// The patience table: eight foundations, the stock and the waste, drawn from the
// engine's view. The elements players act on (the stock, the waste's top card, the
// eight foundations) are created once and updated in place, so focus stays put.
//
// The table knows no rules: what a foundation wants next, how many cards it needs,
// the pass number and what may be played all come from the view and the legal list.

import { createCard, createPlaceholder, setCard, setPlaceholder, cardName } from "../cards/card.js";
import { aRankName, rankName } from "../cards/standard.js";
import { pointAt } from "../ui/advice.js";
import { h } from "../ui/dom.js";
import { icon } from "../ui/icons.js";
import { flyFrom } from "../ui/motion.js";
import { plural } from "../ui/words.js";

const FOUNDATIONS = 8;
const WASTE_SHOWN = 3;

/** The stock's name; an empty stock's includes the word drawn on it (EMPTY, REDEAL). */
export function stockLabel(view, canRedeal = false) {
  if (view.stock_count > 0) return `Stock, ${plural(view.stock_count, "card")}`;
  return canRedeal ? "Stock, empty: redeal" : "Stock, empty";
}

export function wasteLabel(view) {
  const top = view.waste[view.waste.length - 1];
  return top ? `Waste, ${cardName(top)} on top` : "Waste, empty";
}

export function foundationLabel(view, k) {
  const info = view.foundation_info[k];
  return `${rankName(info.base)} foundation, ${plural(info.count, "card")}`;
}

function foundationDetail(view, k) {
  const info = view.foundation_info[k];
  const pile = view.foundations[k];
  const parts = [];
  if (pile.length) parts.push(`${cardName(pile[pile.length - 1])} on top.`);
  if (info.needed === 0) parts.push("Complete.");
  else if (info.next) parts.push(`Takes ${aRankName(info.next)} next; ${info.needed} to go.`);
  else parts.push("Cannot be started yet.");
  return parts.join(" ");
}

export class PatienceTable {
  /**
   * @param {HTMLElement} host  where the table is drawn
   * @param {{stock(): void, wasteCard(): void, foundation(k: number): void}} on  the handlers
   * @param {{prefix?: string, readOnly?: boolean}} [options]  prefix: of the table's
   *   element ids (a second table on the page has its own); readOnly: a position shown,
   *   not played (the piles are named but aria-disabled, no keys)
   */
  constructor(host, on, { prefix = "pt", readOnly = false } = {}) {
    this.host = host;
    this.on = on;
    this.prefix = prefix;
    this.readOnly = readOnly;
    this.view = null;
    this.build();
  }

  build() {
    const table = document.createElement("div");
    table.className = "pt-table";
    table.innerHTML = `
      <ol class="pt-foundations" aria-label="Foundations"></ol>
      <div class="pt-lower">
        <div class="pt-stock-area">
          <button type="button" class="pile stock" aria-keyshortcuts="D">
            <span class="pile-stack" aria-hidden="true"></span>
            <span class="badge" aria-hidden="true"></span>
          </button>
          <p class="pt-pass" aria-hidden="true"><span class="pt-pass-text"></span><span class="pt-redeals"></span></p>
          <span class="sr-only pt-stock-desc"></span>
        </div>
        <div class="pt-waste" role="group">
          <div class="waste-fan"></div>
        </div>
        <div class="pt-progress" aria-hidden="true">
          <p class="pt-stat"><span class="pt-stat-label">Built</span><span class="pt-built"></span></p>
          <div class="pt-meter"><div class="pt-meter-fill"></div></div>
          <p class="pt-stat"><span class="pt-stat-label">Moves</span><span class="pt-moves"></span></p>
        </div>
        <p class="pt-coach" hidden></p>
      </div>`;
    this.el = table;
    this.foundationList = table.querySelector(".pt-foundations");
    this.foundations = [];
    for (let k = 0; k < FOUNDATIONS; k++) {
      const li = document.createElement("li");
      li.className = "pt-foundation";
      li.dataset.index = String(k);
      li.append(
        h(
          "button",
          {
            type: "button",
            class: "pile foundation",
            dataset: { index: String(k) },
            "aria-describedby": `${this.prefix}-f${k}-desc`,
            "aria-keyshortcuts": String(k + 1),
          },
          h("span", { class: "pile-stack", "aria-hidden": "true" }),
        ),
        h(
          "div",
          { class: "f-label", "aria-hidden": "true" },
          h("span", { class: "f-base" }),
          h("span", { class: "f-need" }),
        ),
        h("span", { class: "sr-only", id: `${this.prefix}-f${k}-desc` }),
      );
      const button = li.querySelector("button");
      button.addEventListener("click", () => this.on.foundation(k));
      this.foundationList.append(li);
      this.foundations.push({
        li,
        button,
        stack: li.querySelector(".pile-stack"),
        base: li.querySelector(".f-base"),
        need: li.querySelector(".f-need"),
        desc: li.querySelector(".sr-only"),
      });
    }
    this.stock = /** @type {HTMLElement} */ (table.querySelector(".stock"));
    this.stockStack = this.stock.querySelector(".pile-stack");
    this.stockBadge = /** @type {HTMLElement} */ (this.stock.querySelector(".badge"));
    this.stockDesc = table.querySelector(".pt-stock-desc");
    this.stockDesc.id = `${this.prefix}-stock-desc`;
    this.stock.setAttribute("aria-describedby", this.stockDesc.id);
    this.passText = table.querySelector(".pt-pass-text");
    this.redealsText = table.querySelector(".pt-redeals");
    this.stock.addEventListener("click", () => this.on.stock());

    this.waste = table.querySelector(".pt-waste");
    this.fan = /** @type {HTMLElement} */ (table.querySelector(".waste-fan"));
    this.wasteTop = createCard("AS", { as: "button" });
    this.wasteTop.classList.add("waste-top");
    this.wasteTop.setAttribute("aria-keyshortcuts", "B");
    this.wasteTop.addEventListener("click", (event) => {
      if (this.wasteTop.dataset.dragged) {
        delete this.wasteTop.dataset.dragged;
        event.preventDefault();
        return;
      }
      this.on.wasteCard();
    });
    this.built = table.querySelector(".pt-built");
    this.progress = /** @type {HTMLElement} */ (table.querySelector(".pt-progress"));
    this.moves = table.querySelector(".pt-moves");
    this.meter = /** @type {HTMLElement} */ (table.querySelector(".pt-meter-fill"));
    this.coach = /** @type {HTMLElement} */ (table.querySelector(".pt-coach"));
    if (this.readOnly) {
      for (const el of [this.stock, this.wasteTop, ...this.foundations.map((f) => f.button)]) {
        el.setAttribute("aria-disabled", "true");
        el.removeAttribute("aria-keyshortcuts");
      }
    }
    this.host.append(table);
  }

  /** Rectangles of the movable things, taken before a change so it can be animated. */
  snapshot() {
    const rect = (el) => (el?.isConnected && !el.hidden ? el.getBoundingClientRect() : null);
    return {
      stock: rect(this.stockStack.firstElementChild),
      wasteTop: this.view?.waste.length ? rect(this.wasteTop) : null,
      foundations: this.foundations.map((f) => rect(f.stack.firstElementChild)),
    };
  }

  /**
   * Draw `view`. `ui` holds what the page is doing: {candidates: [k] | null, legal}.
   * `before` (from snapshot()) and `from` (a rectangle the moved card starts from,
   * e.g. where a drag let go) animate the change from the previous view.
   */
  render(view, ui = {}, before = null, from = null) {
    const old = this.view;
    this.view = view;
    this.renderFoundations(view, ui);
    this.renderStock(view, ui);
    this.renderWaste(view);
    const built = view.foundation_info.reduce((sum, f) => sum + f.count, 0);
    this.built.textContent = `${built} / 104`;
    this.meter.style.width = `${(built / 104) * 100}%`;
    this.moves.textContent = String(view.moves);
    // before the first move, the foot says how to begin (its figures say nothing yet)
    const first = !this.readOnly && view.moves === 0 && !view.over;
    this.coach.hidden = !first;
    this.progress.hidden = first;
    if (first) this.coach.textContent = firstMoveWords();
    this.el.classList.toggle("over", view.over);
    this.flight = old && before ? this.animate(old, view, before, from) : null;
  }

  /** Resolves once the card the last change set flying has landed (at once if none). */
  landed() {
    return this.flight || Promise.resolve();
  }

  renderFoundations(view, ui) {
    const candidates = ui.candidates || null;
    for (let k = 0; k < FOUNDATIONS; k++) {
      const f = this.foundations[k];
      const info = view.foundation_info[k];
      const pile = view.foundations[k];
      f.button.setAttribute("aria-label", foundationLabel(view, k));
      f.desc.textContent = foundationDetail(view, k);
      f.base.textContent = rankName(info.base) === "10" ? "10" : info.base;
      if (info.needed === 0)
        f.need.replaceChildren(h("span", { class: "f-to-go", text: "complete" }));
      else
        f.need.replaceChildren(
          String(info.needed),
          h("span", { class: "f-to-go", text: " to go" }),
        );
      f.li.classList.toggle("full", info.needed === 0);
      f.li.classList.toggle("waiting", !info.next && info.count === 0);
      f.li.classList.toggle("candidate", Boolean(candidates?.includes(k)));
      f.li.dataset.depth = String(
        pile.length > 9 ? 3 : pile.length > 5 ? 2 : pile.length > 1 ? 1 : 0,
      );
      const top = pile[pile.length - 1];
      const shown = f.stack.firstElementChild;
      if (top) {
        if (shown && !shown.classList.contains("placeholder")) setCard(shown, top);
        else f.stack.replaceChildren(createCard(top));
        f.stack.firstElementChild.removeAttribute("role");
        f.stack.firstElementChild.removeAttribute("aria-label");
      } else {
        const mark = rankName(info.base) === "10" ? "10" : info.base;
        if (shown?.classList.contains("placeholder")) setPlaceholder(shown, { mark });
        else f.stack.replaceChildren(createPlaceholder({ mark }));
      }
    }
  }

  renderStock(view, ui) {
    const legal = ui.legal || [];
    const canRedeal = legal.some((a) => a.type === "redeal");
    this.stock.setAttribute("aria-label", stockLabel(view, canRedeal));
    this.stock.dataset.depth = String(
      view.stock_count > 60 ? 3 : view.stock_count > 25 ? 2 : view.stock_count > 1 ? 1 : 0,
    );
    this.stock.classList.toggle("empty", view.stock_count === 0);
    this.stock.classList.toggle("can-redeal", canRedeal);
    this.stockBadge.textContent = String(view.stock_count);
    this.stockBadge.hidden = view.stock_count === 0;
    const shown = this.stockStack.firstElementChild;
    if (view.stock_count > 0) {
      if (!shown || shown.classList.contains("placeholder")) {
        const back = createCard(null, { faceUp: false });
        back.removeAttribute("role");
        back.removeAttribute("aria-label");
        this.stockStack.replaceChildren(back);
      }
    } else {
      const holder = createPlaceholder();
      const svg = holder.querySelector("svg");
      svg.insertAdjacentHTML(
        "beforeend",
        canRedeal
          ? `<g transform="translate(65 115) scale(5)" class="ph-icon">${icon("redeal").replace(/<\/?svg[^>]*>/g, "")}</g>` +
              `<text class="ph-label" x="125" y="300" text-anchor="middle">REDEAL</text>`
          : `<text class="ph-label" x="125" y="186" text-anchor="middle">EMPTY</text>`,
      );
      this.stockStack.replaceChildren(holder);
    }
    this.passText.textContent = `Pass ${view.pass} of ${view.passes}`;
    this.redealsText.textContent =
      view.redeals_left === 0
        ? "last pass"
        : `${view.redeals_left} redeal${view.redeals_left === 1 ? "" : "s"} left`;
    let desc;
    if (view.stock_count > 0)
      desc = `Pass ${view.pass} of ${view.passes}. Deals the next card onto the waste.`;
    else if (canRedeal)
      desc = `Empty. Turns the waste over for pass ${view.pass + 1} of ${view.passes}.`;
    else desc = `Empty. Pass ${view.pass} of ${view.passes}; no redeal left.`;
    this.stockDesc.textContent = desc;
  }

  renderWaste(view) {
    this.waste.setAttribute("aria-label", wasteLabel(view));
    const shown = view.waste.slice(-WASTE_SHOWN);
    const top = shown[shown.length - 1];
    const under = shown.slice(0, -1);
    const cards = [];
    under.forEach((code) => {
      const card = createCard(code);
      card.classList.add("waste-under");
      cards.push(card);
    });
    if (top) {
      setCard(this.wasteTop, top);
      this.wasteTop.setAttribute("aria-label", cardName(top));
      cards.push(this.wasteTop);
    } else {
      cards.push(createPlaceholder());
    }
    const hadFocus = document.activeElement === this.wasteTop;
    this.fan.replaceChildren(...cards);
    this.fan.dataset.count = String(shown.length);
    cards.forEach((card, i) => {
      card.style.setProperty("--slot", String(i));
    });
    if (hadFocus) (top ? this.wasteTop : this.stock).focus({ preventScroll: true });
  }

  /** The foundation whose drop zone is at (x, y), or that the rectangle overlaps most. */
  foundationAt(x, y, rect) {
    for (const f of this.foundations) {
      const r = f.li.getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom)
        return Number(f.li.dataset.index);
    }
    if (!rect) return null;
    let best = null;
    let bestArea = rect.width * rect.height * 0.2;
    for (const f of this.foundations) {
      const r = f.button.getBoundingClientRect();
      const w = Math.min(r.right, rect.right) - Math.max(r.left, rect.left);
      const h = Math.min(r.bottom, rect.bottom) - Math.max(r.top, rect.top);
      if (w > 0 && h > 0 && w * h > bestArea) {
        bestArea = w * h;
        best = Number(f.li.dataset.index);
      }
    }
    return best;
  }

  setDropHover(k) {
    this.foundations.forEach((f, i) => {
      f.li.classList.toggle("drop-hover", i === k);
    });
  }

  setCandidates(candidates) {
    this.foundations.forEach((f, i) => {
      f.li.classList.toggle("candidate", Boolean(candidates?.includes(i)));
    });
    this.el.classList.toggle("choosing", Boolean(candidates));
  }

  /** The element of a pile: `which` is "stock", "waste" or a foundation number. */
  pile(which) {
    return which === "stock"
      ? this.stock
      : which === "waste"
        ? this.wasteTop
        : this.foundations[which]?.button;
  }

  /** Draw the eye to a pile for a moment (a hint). */
  point(which) {
    pointAt(this.pile(which));
  }

  /** The change from `old` to `view` in motion: the flight of the card that moved (a
   * promise of its landing), or null. */
  animate(old, view, before, from) {
    const wasteDelta = view.waste.length - old.waste.length;
    const stockDelta = view.stock_count - old.stock_count;
    const topOf = (k) => this.foundations[k].stack.firstElementChild;
    if (wasteDelta === 1 && stockDelta === -1) {
      return flyFrom(this.wasteTop, before.stock, { flip: true });
    }
    if (wasteDelta === -1 && stockDelta === 1) {
      return flyFrom(this.stockStack.firstElementChild, before.wasteTop, { flip: true });
    }
    if (view.waste.length === 0 && stockDelta > 0 && old.waste.length === stockDelta) {
      return flyFrom(this.stockStack.firstElementChild, before.wasteTop, {
        flip: true,
        duration: 320,
      });
    }
    if (old.waste.length === 0 && stockDelta < 0 && view.waste.length === -stockDelta) {
      return flyFrom(this.wasteTop, before.stock, { flip: true, duration: 320 });
    }
    for (let k = 0; k < FOUNDATIONS; k++) {
      const change = view.foundations[k].length - old.foundations[k].length;
      if (change === 1 && wasteDelta === -1) {
        return flyFrom(topOf(k), from || before.wasteTop);
      }
      if (change === -1 && wasteDelta === 1) return flyFrom(this.wasteTop, before.foundations[k]);
    }
    return null;
  }
}

/** How to begin, for the pointer in use (a touch screen has no D key). */
function firstMoveWords() {
  const touch = matchMedia("(pointer: coarse)").matches;
  const deal = touch
    ? "Tap the stock to deal a card"
    : "Deal a card from the stock (click it, or press D)";
  return `${deal}, then build the waste's top card where it fits: each foundation goes down one rank from its base, in any suit.`;
}
