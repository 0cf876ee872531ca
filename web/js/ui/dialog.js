// Modal dialogs on the native <dialog> element. Focus is kept inside: Tab from the
// last control goes round to the first and Shift+Tab from the first to the last (the
// browser would otherwise leave the page for its own controls); Escape cancels; on
// closing, focus goes back to what had it before (the button that opened the dialog),
// unless something else took it meanwhile.
//
//   const choice = await openDialog({ title, body, actions: [{label, value, primary}] });
//
// `body` is a string or a node; the promise resolves with the chosen action's value,
// or null when the dialog is cancelled. `onOpen(dialog)` runs once it is shown.
// Every dialog shown is also said to the document as a "dialogopen" event (a tool's
// button stops showing it is busy: TablePage.runTool).
// The dialog opens at its top (title first); its body scrolls between the title and
// the buttons, which stay in view.

// how long a dialog is open before a press on its backdrop closes it (a double tap's
// second tap comes within about 300 ms)
const BACKDROP_AFTER_MS = 400;

/** Close every dialog open (each resolves as cancelled). */
export function closeOpenDialogs() {
  for (const dialog of document.querySelectorAll("dialog")) if (dialog.open) dialog.close();
}

/**
 * A button of a dialog.
 * @typedef {object} DialogAction
 * @property {string} label its words
 * @property {string} [value] what the dialog resolves with when it is chosen
 * @property {boolean} [primary] the main choice (focused first)
 * @property {boolean} [submit] checks the form's fields before it closes the dialog
 */

/**
 * @param {object} [dialog]
 * @param {string} [dialog.title]
 * @param {string | Node} [dialog.body]
 * @param {DialogAction[]} [dialog.actions]
 * @param {string} [dialog.className]
 * @param {(dialog: HTMLDialogElement) => void} [dialog.onOpen]
 * @param {string} [dialog.initialFocus] a selector: what has focus first
 * @returns {Promise<string | null>}
 */
export function openDialog({
  title,
  body,
  actions = [],
  className = "",
  onOpen,
  initialFocus,
} = {}) {
  return new Promise((resolve) => {
    const dialog = document.createElement("dialog");
    dialog.className = `dialog ${className}`.trim();
    const titleId = `dialog-title-${Math.random().toString(36).slice(2, 8)}`;
    dialog.setAttribute("aria-labelledby", titleId);

    const form = document.createElement("form");
    form.method = "dialog";
    const heading = document.createElement("h2");
    heading.id = titleId;
    heading.className = "dialog-title";
    heading.textContent = title;
    const content = document.createElement("div");
    content.className = "dialog-body";
    content.setAttribute("role", "group");
    content.setAttribute("aria-labelledby", titleId);
    if (typeof body === "string") {
      const p = document.createElement("p");
      p.textContent = body;
      content.append(p);
    } else if (body) {
      content.append(body);
    }
    const bar = document.createElement("div");
    bar.className = "dialog-actions";
    let result = null;
    for (const action of actions) {
      const button = document.createElement("button");
      button.type = action.submit ? "submit" : "button";
      button.className = `btn ${action.primary ? "primary" : ""}`.trim();
      button.textContent = action.label;
      if (action.value !== undefined) button.dataset.value = action.value;
      button.addEventListener("click", (event) => {
        if (action.submit && !form.reportValidity()) return;
        event.preventDefault();
        result = action.value ?? null;
        dialog.close();
      });
      bar.append(button);
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const primary = actions.find((a) => a.primary);
      result = primary ? primary.value : null;
      dialog.close();
    });
    form.append(heading, content, bar);
    dialog.append(form);
    // A press on the backdrop (outside the form) closes the dialog: one that begins there
    // once the dialog has been open a moment (data-backdrop="closes"). The rest of a
    // press begun before it opened (a click's release, over what is now the backdrop) or
    // the second tap of a double tap on the tool that opened it is not such a press.
    let backdropPress = false;
    dialog.addEventListener("pointerdown", (event) => {
      backdropPress = event.target === dialog && dialog.dataset.backdrop === "closes";
    });
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog && backdropPress) dialog.close();
      backdropPress = false;
    });
    setTimeout(() => {
      dialog.dataset.backdrop = "closes";
    }, BACKDROP_AFTER_MS);
    dialog.addEventListener("close", () => {
      const lost =
        dialog.contains(document.activeElement) || document.activeElement === document.body;
      dialog.remove();
      if (lost && opener instanceof HTMLElement && opener.isConnected && opener !== document.body)
        opener.focus({ preventScroll: true });
      resolve(result);
    });
    const opener = document.activeElement;
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = tabStops(dialog);
      if (!stops.length) return;
      const first = stops[0];
      const last = stops[stops.length - 1];
      const at = document.activeElement;
      const inside = dialog.contains(at) && at !== dialog;
      if (event.shiftKey && (!inside || at === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || at === last)) {
        event.preventDefault();
        first.focus();
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    document.dispatchEvent(new Event("dialogopen"));
    const focus = /** @type {HTMLElement | null} */ (
      initialFocus ? dialog.querySelector(initialFocus) : bar.querySelector(".primary")
    );
    if (focus) focus.focus({ preventScroll: true });
    content.scrollTop = 0;
    dialog.scrollTop = 0;
    // a body that scrolls can be scrolled from the keyboard too
    const scrolls = () => {
      if (content.scrollHeight > content.clientHeight + 1) content.tabIndex = 0;
      else content.removeAttribute("tabindex");
    };
    scrolls();
    new ResizeObserver(scrolls).observe(content);
    if (onOpen) onOpen(dialog);
  });
}

const STOPS = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

/** The controls Tab reaches inside `root`, in order (one radio button per group: the
 * checked one, or the first when none is). */
function tabStops(root) {
  const seen = new Set();
  return [...root.querySelectorAll(STOPS)].filter((el) => {
    if (el.disabled || el.tabIndex < 0 || el.closest("[inert]")) return false;
    if (!el.getClientRects().length) return false;
    if (el.type === "radio" && el.name) {
      const group = el.form
        ? [...el.form.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`)]
        : [el];
      const stop = group.find((r) => r.checked) || group[0];
      if (el !== stop || seen.has(el.name)) return false;
      seen.add(el.name);
    }
    return true;
  });
}
