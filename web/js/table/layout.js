// A trick game's table laid out (table/flow.js TrickPage): the scores, the felt with the
// trick in the middle, the last trick and the hint, your plate, decision and hand; the
// seats round the felt once the number of players is known.

import { AdvicePanel, freeBand } from "../ui/advice.js";
import { h } from "../ui/dom.js";
import { FitLine } from "./fit.js";
import { HandView } from "./hand.js";
import { SeatPlate } from "./seats.js";
import { TrickArea } from "./trick.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

/** @param {TrickPage} page */
export function buildTrickTable(page, root) {
  page.scores = h("div", { class: "tp-scores" });
  page.centre = h("div", { class: "tp-centre" });
  page.trickEl = h("div", { class: "tp-trick" });
  // the last trick, one tap away: its cards drawn small, under a button named in words
  page.lastCards = h("span", { class: "tp-last-cards", "aria-hidden": "true" });
  page.lastOpen = h(
    "button",
    { type: "button", class: "tp-last-open", onclick: () => page.runTool("last") },
    h("span", { text: "Last trick" }),
  );
  page.lastButton = h("div", { class: "tp-last" }, page.lastCards, page.lastOpen);
  page.advice = new AdvicePanel({ label: "Hint", compact: true });
  page.adviceView = null;
  page.felt = h("div", { class: "tp-felt" }, page.centre, page.lastButton, page.advice.el);
  page.centre.append(page.trickEl);
  // one line that says less rather than cutting (say()): the line shown, and the
  // whole of it for screen readers and as its title
  page.statusLine = new FitLine("p", { class: "tp-status", role: "status" });
  page.status = page.statusLine.el;
  page.panel = h("div", { class: "tp-panel" });
  page.myPlate = h("div", { class: "tp-me-plate" });
  page.me = h(
    "div",
    { class: "tp-me" },
    page.myPlate,
    h("div", { class: "tp-decision" }, page.status, page.panel),
  );
  page.handEl = h("div", { class: "tp-hand" });
  root.append(page.scores, page.felt, page.me, page.handEl);
  // the hint: in a corner of the felt that holds no cards; on a phone, where the felt
  // has no such corner, a strip of its own between the felt and your decision
  const narrow = matchMedia("(max-width: 640px)");
  const placeAdvice = () => {
    if (narrow.matches) root.insertBefore(page.advice.el, page.me);
    else page.felt.append(page.advice.el);
  };
  placeAdvice();
  narrow.addEventListener("change", placeAdvice);
  page.unplaceAdvice = () => narrow.removeEventListener("change", placeAdvice);
  // in the felt's corner, the hint (its reason unfolded too) stays under the plates above
  // it: its height is at most the room between the felt's foot and them; on a phone its
  // reason unfolds as a sheet that hides nothing the hint points at (placeSheet)
  const room = new ResizeObserver(() => {
    adviceRoom(page);
    placeSheet(page, root);
  });
  page.advice.onFold = (folded) => folded || placeSheet(page, root);
  room.observe(page.felt);
  room.observe(page.advice.el);
  room.observe(page.handEl);
  page.hand = new HandView(page.handEl, {
    deck: page.deck,
    choose: (code) => page.choose(code),
  });
  // a dimmed card focused: the engine's reason it may not go now, under the decision
  page.handEl.addEventListener("focusin", (event) => {
    const button = event.target instanceof Element && event.target.closest("button.card");
    if (!(button instanceof HTMLElement) || !page.decision) return;
    const reasons = page.decision.reasons
      ? page.decision.reasons()
      : page.session?.view.refusals || {};
    const why = button.getAttribute("aria-disabled") === "true" ? reasons[button.dataset.code] : "";
    if (why) page.say(why);
    else page.say(page.decision.status, page.decision.short);
  });
  page.trick = new TrickArea(page.trickEl, {
    deck: page.deck,
    place: (seat) => page.slotOf(seat, page.seats),
    seatName: (seat) => page.seatName(seat),
  });
  page.plates = [];
  page.seatBoxes = [];
  page.seats = 0;
  page.busy = false;
  page.thinking = null;
  page.running = null;
  page.gathering = null; // a finished trick being swept to its winner
  page.decisionKey = null;
}

// px kept between the hint in the felt's corner and the plate (or melds) above it
const ADVICE_GAP = 8;

/** The room for the hint in the felt's corner (`--advice-room` on the felt): from the
 * felt's foot up to the lowest seat (its plate and what lies under it) above the hint.
 * @param {TrickPage} page
 */
function adviceRoom(page) {
  const advice = page.advice.el;
  if (advice.hidden || advice.parentElement !== page.felt) return;
  const felt = page.felt.getBoundingClientRect();
  const { left, right } = advice.getBoundingClientRect();
  let top = felt.top;
  for (const box of page.seatBoxes) {
    if (!page.felt.contains(box)) continue;
    for (const part of box.children) {
      const r = part.getBoundingClientRect();
      if (r.width && r.height && r.left < right && r.right > left) top = Math.max(top, r.bottom);
    }
  }
  const bottom = parseFloat(getComputedStyle(advice).bottom) || 0;
  const px = Math.floor(felt.bottom - bottom - top - ADVICE_GAP);
  page.felt.style.setProperty("--advice-room", `${Math.max(0, px)}px`);
}

// the least room for the hint's reason over your hand on a phone (px): a hand of few cards
// (or none) leaves it this much, over the foot of your decision
const SHEET_MIN = 180;
// The least room for the sheet clear of the trick too: a shorter sheet scrolls (its foot
// fades while more lies below), which beats hiding the cards its words speak of.
const SHEET_CLEAR_MIN = 110;
// px kept between the sheet and what it must not hide
const SHEET_GAP = 4;

/** On a phone, the hint's reason (its "Why?") unfolds as a sheet over the page (between
 * `--advice-sheet-top` and `--advice-sheet-bottom` on it): the strip above your decision
 * keeps its height, so the felt, the trick and the seats' plates do not move or shrink.
 * It lies over your hand, from the hand's top to the page's foot, unless what the hint
 * points at is there (the card to play, the cards to set aside or declare): then in the
 * tallest band of the page that hides none of it, nor the seats' plates, the strip, your
 * plate and your status (before, the sheet covered the card the hint suggested), nor the
 * cards of the trick when such a band is tall enough for the sheet.
 * @param {TrickPage} page
 */
function placeSheet(page, root) {
  if (page.advice.el.parentElement !== root) return;
  const page0 = root.getBoundingClientRect();
  const hinted = [...root.querySelectorAll(".hinted")];
  const hand = page.handEl.getBoundingClientRect();
  const overHand = (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.bottom > hand.top && r.top < page0.bottom;
  };
  let top = Math.min(page.handEl.offsetTop, root.clientHeight - SHEET_MIN);
  let bottom = 0;
  delete root.dataset.sheetClear;
  if (hinted.some(overHand)) {
    const plates = page.seatBoxes.flatMap((box) => [...box.querySelectorAll(".seat-plate")]);
    const avoid = [...hinted, ...plates, page.advice.el, page.me, page.scores];
    const felt = page.felt.getBoundingClientRect();
    // the trick the reason speaks of stays in view too, where the room allows (audit 8
    // F2: the sheet lay over the felt's middle and hid the cards played)
    const played = [...page.trickEl.querySelectorAll(".trick-card")];
    const clear = freeBand([...avoid, ...played], felt.top, page0.bottom);
    const roomy = clear.bottom - clear.top >= SHEET_CLEAR_MIN;
    const band = roomy ? clear : freeBand(avoid, felt.top, page0.bottom);
    // (what the sheet left in view, for the tests: "trick", or "hand" where no band
    // clear of the trick was tall enough)
    root.dataset.sheetClear = roomy ? "trick" : "hand";
    top = band.top - page0.top + SHEET_GAP;
    bottom = page0.bottom - band.bottom + SHEET_GAP;
  }
  root.style.setProperty("--advice-sheet-top", `${Math.max(0, Math.round(top))}px`);
  root.style.setProperty("--advice-sheet-bottom", `${Math.max(0, Math.round(bottom))}px`);
  // the sheet is as tall as its words (a short reason hid the felt's middle with an empty
  // box, audit 10), on the side of its band next to the strip it unfolds from
  const strip = page.advice.el.getBoundingClientRect();
  root.dataset.sheetAnchor = top - SHEET_GAP >= strip.bottom - page0.top - 1 ? "top" : "bottom";
}

/** Lay the seats out round the felt once the number of players is known.
 * @param {TrickPage} page
 */
export function layoutSeats(page, seats) {
  if (seats === page.seats) return;
  page.seats = seats;
  for (const box of page.seatBoxes) box.remove();
  page.felt.dataset.seats = String(seats);
  page.trickEl.dataset.seats = String(seats);
  page.plates = [];
  page.seatBoxes = [];
  for (let seat = 0; seat < seats; seat += 1) {
    const slot = page.slotOf(seat, seats);
    const plate = new SeatPlate({
      seat,
      name: page.seatName(seat),
      slot,
      you: seat === page.human,
    });
    const extra = h("div", { class: "tp-seat-extra" });
    const box = h("div", { class: "tp-seat", dataset: { slot } }, plate.el, extra);
    if (seat === page.human) page.myPlate.replaceChildren(box);
    else page.felt.append(box);
    page.plates.push(plate);
    page.seatBoxes.push(box);
  }
}

/** A card-sized rectangle in the middle of the felt (where deals start).
 * @param {TrickPage} page
 */
export function centreRect(page) {
  const r = page.felt.getBoundingClientRect();
  const w = 40;
  return {
    left: r.left + r.width / 2 - w / 2,
    top: r.top + r.height / 2 - w * 0.7,
    width: w,
    height: w * 1.4,
  };
}
