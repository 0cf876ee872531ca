// Saying less rather than cutting: a line of the table (a seat plate, the status line,
// Contract Sabacc's pots) has a fixed height, so what it shows must fit its width. It
// is given its forms, the fullest first; the first that fits is shown. The fullest form
// stays the line's title and what a screen reader reads.
//
//   showFitting(forms, apply, fits)   apply(form) each in turn until fits(); the form shown
//   fewer(parts)                      [all the parts, all but the last, ..., the first]
//   uncut(el)                         el and its children show all their text
//   refitOnResize(el, fit)            fit() again whenever el's size changes or a font loads
//   const line = new FitLine(tag, props)   line.el: a line of text that fits
//   line.say(text, ...shorter)        show text, or the first shorter form that fits

import { h } from "../ui/dom.js";

/** Apply each form in turn, the fullest first, until `fits()` holds (the last form
 * stays when none does): the form shown. */
export function showFitting(forms, apply, fits) {
  let shown = null;
  for (const form of forms) {
    apply(form);
    shown = form;
    if (fits()) break;
  }
  return shown;
}

/** A list of parts said in fewer and fewer words: all of them, then without the last
 * (the least needed), and so on down to the first alone. */
export function fewer(parts) {
  if (!parts.length) return [[]];
  return parts.map((_, i) => parts.slice(0, parts.length - i));
}

/** Whether an element and its children show all their text (none ends in an ellipsis
 * or is clamped; text for screen readers only is not shown). An element not laid out
 * counts as uncut. */
export function uncut(el) {
  return [el, ...el.children]
    .filter((part) => !part.classList.contains("sr-only"))
    .every(
      (part) =>
        part.scrollWidth <= part.clientWidth &&
        part.scrollHeight <= part.clientHeight + 1 &&
        inside(part),
    );
}

/** Whether the shown children of an element end within its box: scrollWidth is rounded,
 * and a text a fraction of a pixel too wide still ends in an ellipsis. */
function inside(part) {
  if (!part.clientWidth) return true;
  const box = part.getBoundingClientRect();
  const style = getComputedStyle(part);
  const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  return [...part.children].every(
    (child) =>
      child.classList.contains("sr-only") ||
      !child.getClientRects().length ||
      child.getBoundingClientRect().right <= right + 0.01,
  );
}

/** Call `fit()` again whenever `el` changes size (a phone turned, the window resized),
 * and when a font has loaded. */
export function refitOnResize(el, fit) {
  let size = "";
  new ResizeObserver(([entry]) => {
    const box = entry.contentRect;
    const now = `${Math.round(box.width)}x${Math.round(box.height)}`;
    if (now === size) return;
    size = now;
    fit();
  }).observe(el);
  // a font come late draws the same words wider (or narrower) in a box of the same size
  document.fonts?.addEventListener("loadingdone", () => fit());
}

/** A line of text (a status, a line of figures) of one line's height: it shows the
 * fullest of its forms that fits its width; the fullest is its title and what a screen
 * reader reads (`props` are the line's, as for h()). */
export class FitLine {
  constructor(tag, props = {}) {
    this.shown = h("span", { class: "fit-shown", "aria-hidden": "true" });
    this.said = h("span", { class: "sr-only" });
    this.el = h(tag, props, this.shown, this.said);
    this.forms = [];
    refitOnResize(this.el, () => this.fit());
  }

  say(text, ...shorter) {
    this.said.textContent = text;
    this.el.title = text;
    this.forms = [text, ...shorter.filter(Boolean)];
    this.fit();
  }

  fit() {
    showFitting(
      this.forms,
      (form) => {
        this.shown.textContent = form;
      },
      () => uncut(this.el),
    );
  }
}
