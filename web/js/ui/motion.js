// Card movement: a card is drawn where it ends up, then flies there from where it was
// (the FLIP technique), with the Web Animations API. Off when the player prefers
// reduced motion.

// How long past its time a flight may run before it counts as landed anyway
const LANDING_GRACE_MS = 250;

const query = window.matchMedia("(prefers-reduced-motion: reduce)");

export function reducedMotion() {
  return query.matches;
}

/** The transform `el` rests with (its stylesheet's: a trick card's place and tilt), to
 * compose a movement with: an animation's transform replaces it while it runs, so a
 * card animated to "none" would fly to the middle and then jump to its place. */
export function restingTransform(el) {
  const rest = getComputedStyle(el).transform;
  return rest && rest !== "none" ? rest : "";
}

/**
 * Animate `el` (already in its final place) from the rectangle `from`.
 * `flip: true` turns the card over on the way (a deal from a face-down stock).
 */
export function flyFrom(el, from, { duration = 260, flip = false, delay = 0 } = {}) {
  if (!el || !from || reducedMotion()) return Promise.resolve();
  const to = el.getBoundingClientRect();
  if (!to.width || !from.width) return Promise.resolve();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width / to.width;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.01) return Promise.resolve();
  const rest = restingTransform(el);
  const start = `translate(${dx}px, ${dy}px) ${rest} scale(${scale})`;
  const frames = flip
    ? [
        { transform: `${start} scaleX(0.15)`, offset: 0 },
        {
          transform: `translate(${dx * 0.45}px, ${dy * 0.45 - 6}px) ${rest} scale(${(scale + 1) / 2}) scaleX(0.9)`,
          offset: 0.55,
        },
        { transform: rest || "none", offset: 1 },
      ]
    : [
        { transform: start },
        { transform: `translate(0, -4px) ${rest} scale(1.03)`, offset: 0.8 },
        { transform: rest || "none" },
      ];
  el.style.zIndex = "30";
  const animation = el.animate(frames, {
    duration,
    delay,
    easing: "cubic-bezier(0.2, 0.8, 0.2, 1)",
    fill: "backwards",
  });
  // Landed when the animation ends, or when it should have: a page whose animations are
  // held (not being drawn, or a busy machine's late frames) must not keep what waits on
  // the landing waiting (the end's panel of a patience deal once never came in a long test
  // run). A flight overdue is finished there and then, so that nothing is still moving
  // once it counts as landed (a bid asked while the deal's cards still flew, in CI).
  const due = new Promise((resolve) =>
    setTimeout(
      () => {
        if (animation.playState !== "finished") animation.finish();
        resolve(undefined);
      },
      delay + duration + LANDING_GRACE_MS,
    ),
  );
  return Promise.race([animation.finished, due]).then(
    () => {
      el.style.zIndex = "";
    },
    () => {
      el.style.zIndex = "";
    },
  );
}
