// A row (or grid) of choice buttons that is one tab stop: the arrow keys move between
// the buttons (Up and Down by a row when they wrap onto several), Home and End jump,
// Enter or Space presses. Disabled buttons are skipped. Used for the tools of a table
// and for bids.
//
//   const group = new ChoiceGroup(el, {label, role})   el gets the buttons added to it
//   group.set(buttons)      replace the buttons (focus stays on the same value if it can)
//   group.focus(value)      focus a button (by data-value), or the current one
//   group.button(value)

export class ChoiceGroup {
  constructor(el, { label = "", role = "group" } = {}) {
    this.el = el;
    this.el.setAttribute("role", role);
    if (label) this.el.setAttribute("aria-label", label);
    this.current = null;
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("focusin", (event) => {
      const button = event.target.closest("button");
      if (button && this.el.contains(button)) this.rove(button);
    });
    // the tab stop never rests on a button that cannot take the focus (a tool disabled
    // after the buttons were set: the patience's Undo before the first move kept the
    // whole toolbar out of the Tab order)
    new MutationObserver(() => this.keepStop()).observe(el, {
      subtree: true,
      attributes: true,
      attributeFilter: ["disabled", "hidden"],
    });
  }

  keepStop() {
    const stop = this.current;
    if (stop && this.el.contains(stop) && !stop.disabled && !stop.hidden) return;
    const first = this.buttons[0];
    if (first) this.rove(first);
  }

  get buttons() {
    return [...this.el.querySelectorAll("button")].filter((b) => !b.disabled && !b.hidden);
  }

  set(buttons) {
    const had = this.el.contains(document.activeElement);
    const value = this.current?.dataset.value;
    this.el.replaceChildren(...buttons);
    const keep = buttons.find((b) => b.dataset.value === value && !b.disabled);
    this.rove(keep || this.buttons[0] || null);
    if (had && this.current) this.current.focus({ preventScroll: true });
  }

  rove(button) {
    for (const b of this.el.querySelectorAll("button")) b.tabIndex = b === button ? 0 : -1;
    this.current = button;
  }

  button(value) {
    return this.el.querySelector(`button[data-value="${CSS.escape(String(value))}"]`);
  }

  focus(value = null) {
    const target =
      (value !== null && this.button(value)) ||
      (this.current && !this.current.disabled ? this.current : this.buttons[0]);
    if (!target || target.disabled) return false;
    this.rove(target);
    target.focus({ preventScroll: true });
    return true;
  }

  onKey(event) {
    const buttons = this.buttons;
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (event.key === "ArrowRight") next = at + 1;
    else if (event.key === "ArrowLeft") next = at - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else if (event.key === "ArrowDown" || event.key === "ArrowUp")
      next = this.vertical(buttons, at, event.key === "ArrowDown" ? 1 : -1);
    if (next === null) return;
    event.preventDefault();
    const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))];
    this.rove(target);
    target.focus({ preventScroll: true });
  }

  /** The button in the row below (or above) nearest in x; in a single row, the next one. */
  vertical(buttons, at, step) {
    const here = buttons[at].getBoundingClientRect();
    const rows = buttons.map((b) => b.getBoundingClientRect());
    const others = rows
      .map((r, i) => ({ i, r }))
      .filter(({ r }) => (step > 0 ? r.top > here.bottom - 2 : r.bottom < here.top + 2));
    if (!others.length) return at + step;
    const rowTop =
      step > 0
        ? Math.min(...others.map(({ r }) => r.top))
        : Math.max(...others.map(({ r }) => r.top));
    const row = others.filter(({ r }) => Math.abs(r.top - rowTop) < 2);
    const centre = here.left + here.width / 2;
    row.sort(
      (a, b) =>
        Math.abs(a.r.left + a.r.width / 2 - centre) - Math.abs(b.r.left + b.r.width / 2 - centre),
    );
    return row[0].i;
  }
}
