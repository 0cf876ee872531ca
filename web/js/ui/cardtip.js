// A card's full name on a long press (touch): a small label over the card, as the
// hover title gives it to a mouse. The name is the card's title (card.js names every
// face-up card; a hand's card adds why it may not go). A long press chooses nothing:
// the click that follows it is swallowed.
//
//   installCardTips()   once (card.js does it when it draws its first card)

const HOLD_MS = 450;
/** px a finger (or a mouse) may wander before it is a drag, not a press or a tap */
export const SLOP = 10;
const SHOW_MS = 2600;

let tip = null;
let hideTimer = 0;

function show(card) {
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "card-tip";
    tip.setAttribute("role", "tooltip");
    document.body.append(tip);
  }
  tip.textContent = card.title;
  tip.hidden = false;
  const r = card.getBoundingClientRect();
  const t = tip.getBoundingClientRect();
  const left = Math.max(6, Math.min(innerWidth - t.width - 6, r.left + r.width / 2 - t.width / 2));
  const above = r.top - t.height - 8;
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(above >= 6 ? above : r.bottom + 8)}px`;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, SHOW_MS);
}

function hide() {
  clearTimeout(hideTimer);
  if (tip) tip.hidden = true;
}

export function installCardTips() {
  let press = null; // {card, x, y, timer, shown}
  const cancel = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };
  document.addEventListener(
    "pointerdown",
    (event) => {
      hide();
      cancel();
      if (event.pointerType !== "touch" && event.pointerType !== "pen") return;
      const card =
        event.target instanceof Element && event.target.closest(".card[data-face=up][title]");
      if (!card) return;
      press = { card, x: event.clientX, y: event.clientY, shown: false };
      press.timer = setTimeout(() => {
        if (!press) return;
        press.shown = true;
        show(card);
      }, HOLD_MS);
    },
    true,
  );
  document.addEventListener(
    "pointermove",
    (event) => {
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) cancel();
    },
    true,
  );
  document.addEventListener("pointercancel", cancel, true);
  let swallowUntil = 0;
  document.addEventListener(
    "pointerup",
    () => {
      if (press?.shown) swallowUntil = Date.now() + 600;
      if (press) clearTimeout(press.timer);
      press = null;
    },
    true,
  );
  document.addEventListener(
    "click",
    (event) => {
      if (Date.now() > swallowUntil) return;
      swallowUntil = 0;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  // the phone's own long-press menu (copy, share) would cover the name
  document.addEventListener("contextmenu", (event) => {
    if (event.target instanceof Element && event.target.closest(".card[data-face=up]"))
      event.preventDefault();
  });
  addEventListener("scroll", hide, { passive: true, capture: true });
}
