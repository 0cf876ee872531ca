// A seat's plate at a table: the player's name, a badge (the dealer, the declarer), a
// line of detail (bid, tricks, chips), whose turn it is (outlined, "to bid", "to play"
// said in words too), and a thinking indicator while a computer player chooses in the worker.
// The plate's height never changes (one line; on a phone, the other seats' plates are
// two: the name, always whole, then the detail; Contract Sabacc's three, the badge and
// the detail flowing under the name, broken only between parts). It says less rather
// than cutting: the detail is a list of parts, the most needed first, and what does not
// fit is left out from the end, once a badge too long has gone to its short form; the
// badge goes out last (table/fit.js). The whole of it stays the plate's title and what a
// screen reader reads.
//
//   const plate = new SeatPlate({seat, name, slot, you})   plate.el to place on the table
//   plate.set({name, detail, turn, thinking, badge})       any subset; turn: what the
//       seat is to do ("to bid"), or ""; detail: a string or [part, ...] (the most needed
//       first); badge: a string or [long, short]
//   plate.rect()                                           where cards fly from / to
//
// HUMAN: the seat of the person whose page this is, from which every name and place is
// said ("You"): 0, or a friend's own seat at a host's table (table/friends/guest.js
// seatGuest calls sitAt). A game's words read it (a live binding).

import { h } from "../ui/dom.js";
import { fewer, refitOnResize, showFitting, uncut } from "./fit.js";

export let HUMAN = 0;

/** The page's person sits at `seat` (a friend's page) or back at 0. */
export function sitAt(seat) {
  HUMAN = seat;
}

/** The parts shown, "a · b · c": each part, with the dot after it, in a span that is
 * never broken (a plate whose detail wraps breaks only between parts). */
function shownParts(parts) {
  return parts.flatMap((part, i) => {
    const span = document.createElement("span");
    span.className = "seat-part";
    span.textContent = part;
    if (i < parts.length - 1)
      span.append(h("span", { class: "seat-dot", "aria-hidden": "true", text: " ·" }));
    return i ? [" ", span] : [span];
  });
}

/** A part that ends its line keeps no dot after it ("99 chips ·" over "Pass"): the dot
 * is made invisible, keeping its room, so that the parts do not flow anew. */
function dropLineEndDots(shown) {
  const parts = [...shown.querySelectorAll(".seat-part")];
  parts.forEach((part, i) => {
    const next = parts[i + 1];
    const ends = next !== undefined && next.offsetTop > part.offsetTop + 1;
    part.classList.toggle("line-end", ends);
  });
}

const list = (value) => (Array.isArray(value) ? value.filter(Boolean) : value ? [value] : []);

export class SeatPlate {
  constructor({ seat, name, slot, you = false }) {
    this.seat = seat;
    this.el = document.createElement("div");
    this.el.className = "seat-plate";
    this.el.dataset.slot = slot;
    this.el.dataset.seat = String(seat);
    if (you) this.el.classList.add("you");
    this.el.innerHTML = `
      <span class="seat-name"></span>
      <span class="seat-badge" hidden aria-hidden="true"></span>
      <span class="seat-detail"><span class="seat-shown" aria-hidden="true"></span><span class="sr-only seat-said"></span></span>
      <span class="seat-status" aria-hidden="true"><span class="dot"></span><span class="dot"></span><span class="dot"></span></span>
      <span class="sr-only seat-state"></span>`;
    this.badgeEl = /** @type {HTMLElement} */ (this.el.querySelector(".seat-badge"));
    this.shownEl = this.el.querySelector(".seat-shown");
    this.state = { name, detail: "", turn: "", thinking: false, badge: "" };
    this.fitted = "";
    this.set({ name });
    refitOnResize(this.el, () => this.fit(true));
  }

  set(changes) {
    Object.assign(this.state, changes);
    const { name, turn, thinking } = this.state;
    const detail = list(this.state.detail).join(" · ");
    const badge = list(this.state.badge)[0] || "";
    this.el.querySelector(".seat-name").textContent = name;
    this.el.querySelector(".seat-said").textContent = [badge, detail].filter(Boolean).join(", ");
    this.el.title = [name, badge, detail].filter(Boolean).join(" · ");
    this.el.classList.toggle("turn", Boolean(turn));
    this.el.classList.toggle("thinking", Boolean(thinking));
    this.el.querySelector(".seat-state").textContent = thinking
      ? ", thinking"
      : turn
        ? `, ${turn}`
        : "";
    this.fit();
  }

  /** Show the fullest badge and detail that fit the plate (again only when what it
   * says has changed, unless `always`): the badge goes to its short form before a part
   * of the detail is left out, and goes only when the first part alone does not fit
   * beside it (before, a long badge at 1440 px left out the chips). */
  fit(always = false) {
    const key = `${this.el.title}|${this.el.className}`;
    if (!always && key === this.fitted) return;
    this.fitted = key;
    const parts = list(this.state.detail);
    const badges = list(this.state.badge);
    const forms = [
      ...fewer(parts).flatMap((shown) => badges.map((badge) => ({ badge, shown }))),
      ...fewer(parts).map((shown) => ({ badge: "", shown })),
    ];
    showFitting(
      forms,
      ({ badge, shown }) => {
        this.badgeEl.hidden = !badge;
        this.badgeEl.textContent = badge;
        this.shownEl.replaceChildren(...shownParts(shown));
      },
      () => uncut(this.el) && uncut(this.el.querySelector(".seat-detail")),
    );
    dropLineEndDots(this.shownEl);
  }

  rect() {
    return this.el.getBoundingClientRect();
  }
}
