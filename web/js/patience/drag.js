// Drag and drop with pointer events (mouse, pen and touch alike): the waste's top card
// follows the pointer as a ghost; letting go over a foundation asks the page to build
// there. A press that hardly moves stays a click.
//
//   enableDrag(card, { canStart(), start(), over(x, y, rect) -> k|null,
//                      drop(k, rect) -> Promise<boolean>, end(), scale() -> number })
//
// `scale()` is the size of a card on the drop targets relative to this one: the ghost
// shrinks towards it as it travels, so on a phone it does not hide the foundations.

import { reducedMotion } from "../ui/motion.js";

const THRESHOLD = 6; // pixels before a press becomes a drag

export function enableDrag(card, hooks) {
  let press = null; // {id, x, y, rect}
  let ghost = null;
  let target = null;

  card.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !event.isPrimary || !hooks.canStart()) return;
    press = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      rect: card.getBoundingClientRect(),
    };
  });

  card.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!ghost) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      begin(event);
    }
    move(dx, dy, event.clientX, event.clientY);
  });

  card.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (ghost) finish(true);
    press = null;
  });

  card.addEventListener("pointercancel", () => {
    if (ghost) finish(false);
    press = null;
  });

  // Touch pointers start captured by the element under the finger (a part of the card's
  // SVG); taking the capture for the card makes that part lose it, so only the card's
  // own loss counts.
  card.addEventListener("lostpointercapture", (event) => {
    if (event.target !== card) return;
    if (ghost && press) finish(false);
    press = null;
  });

  function begin(event) {
    card.setPointerCapture(event.pointerId);
    ghost = card.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.add("drag-ghost");
    ghost.setAttribute("aria-hidden", "true");
    ghost.tabIndex = -1;
    Object.assign(ghost.style, {
      left: `${press.rect.left}px`,
      top: `${press.rect.top}px`,
      width: `${press.rect.width}px`,
      transformOrigin: `${press.x - press.rect.left}px ${press.y - press.rect.top}px`,
    });
    press.scale = hooks.scale ? hooks.scale() : 1;
    document.body.append(ghost);
    card.classList.add("drag-source");
    document.documentElement.classList.add("dragging");
    hooks.start();
  }

  function move(dx, dy, x, y) {
    const travel = Math.min(1, Math.hypot(dx, dy) / 160);
    const scale = 1 + (press.scale - 1) * travel;
    const tilt = Math.max(-6, Math.min(6, dx / 40));
    ghost.style.transform = `translate(${dx}px, ${dy}px) scale(${scale}) rotate(${tilt}deg)`;
    const rect = ghost.getBoundingClientRect();
    target = hooks.over(x, y, rect);
  }

  async function finish(dropped) {
    const g = ghost;
    const k = target;
    ghost = null;
    target = null;
    document.documentElement.classList.remove("dragging");
    // The click that follows this pointerup must not count as a click on the card.
    card.dataset.dragged = "1";
    setTimeout(() => delete card.dataset.dragged, 0);
    const rect = g.getBoundingClientRect();
    let built = false;
    if (dropped && k != null) built = await hooks.drop(k, rect);
    card.classList.remove("drag-source");
    hooks.end();
    if (built || reducedMotion()) {
      g.remove();
      return;
    }
    // Back to where it came from.
    const home = card.isConnected ? card.getBoundingClientRect() : press?.rect;
    const from = g.style.transform;
    g.style.transform = "none";
    const dx = home ? home.left - parseFloat(g.style.left) : 0;
    const dy = home ? home.top - parseFloat(g.style.top) : 0;
    card.classList.add("drag-source");
    const animation = g.animate(
      [{ transform: from }, { transform: `translate(${dx}px, ${dy}px)` }],
      {
        duration: 220,
        easing: "cubic-bezier(0.2, 0.8, 0.2, 1)",
      },
    );
    const done = () => {
      g.remove();
      card.classList.remove("drag-source");
    };
    animation.finished.then(done, done);
  }
}
