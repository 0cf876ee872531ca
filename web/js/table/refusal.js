// A move refused, said the same way in every game: the engine's reason (or the host's,
// for a friend's move) in a toast titled "Not allowed." that lets taps through (it may
// lie over the cards being tapped: ui/toast.js `passive`), read out politely, and what
// was refused (a card, a pile) given a small shake, "not there", unless motion is
// reduced. Nothing is played; the turn stays as it was.
//
//   showRefusal(reason, {shake})   shake: the element of what was refused, or null
//   shake(el)                      the shake alone (a pile a card does not fit)

import { announce } from "../ui/live.js";
import { reducedMotion } from "../ui/motion.js";
import { toast } from "../ui/toast.js";

/**
 * @param {string} reason the refusal, in words
 * @param {{shake?: Element | null}} [options]
 */
export function showRefusal(reason, { shake: refused = null } = {}) {
  toast(reason, { tone: "error", title: "Not allowed.", passive: true, fleeting: true });
  announce(reason);
  shake(refused);
}

/**
 * A small shake of `el` ("not there"), sideways, leaving its own transform alone.
 * @param {Element | null | undefined} el
 */
export function shake(el) {
  if (!el || reducedMotion()) return;
  el.animate(
    [
      { translate: "0 0" },
      { translate: "-5px 0" },
      { translate: "5px 0" },
      { translate: "-3px 0" },
      { translate: "0 0" },
    ],
    { duration: 320, easing: "ease-out" },
  );
}
