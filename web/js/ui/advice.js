// Advice: a hint or the solver's verdict, shown under the table until the position
// changes, or a decision's verdict in the review. The engine writes the words (api.hint,
// api.winnable, api.review); this panel only shows them, and says them once through the
// polite live region (unless `speak` is false: the page says them its own way, as the
// review's dialog does in its own live region, the page outside a modal dialog being
// inert).

import { sameJson } from "../engine/json.js";
import { iconNode } from "./icons.js";
import { announce } from "./live.js";

export class AdvicePanel {
  /** An empty, hidden panel; put `panel.el` where the advice should appear. `closable`:
   * with its close button; `speak`: what it shows is said in the live region. */
  constructor({ label = "Advice", closable = true, speak = true } = {}) {
    this.el = document.createElement("aside");
    this.el.className = "advice";
    this.el.setAttribute("aria-label", label);
    this.el.hidden = true;
    this.el.innerHTML = `
      <div class="advice-head">
        <span class="advice-icon"></span>
        <strong class="advice-title"></strong>
        <button type="button" class="advice-close" aria-label="Close the advice" title="Close"></button>
      </div>
      <p class="advice-text"></p>
      <ul class="advice-list"></ul>`;
    this.titleEl = this.el.querySelector(".advice-title");
    this.textEl = this.el.querySelector(".advice-text");
    this.listEl = this.el.querySelector(".advice-list");
    this.iconEl = this.el.querySelector(".advice-icon");
    this.iconEl.append(iconNode("hint"));
    this.el.querySelector(".advice-close").append(iconNode("close"));
    this.el.querySelector(".advice-close").addEventListener("click", () => this.clear());
    if (!closable) this.el.querySelector(".advice-close").remove();
    this.speak = speak;
    this.token = 0;
  }

  /**
   * Ask for advice: `task` resolves with what to show ({title, text, items, tone, icon})
   * or null. A later ask or a clear() makes an earlier answer stale: it is dropped.
   * `button` shows that the engine is thinking meanwhile.
   */
  async ask(task, button = null) {
    const token = ++this.token;
    if (button) {
      button.setAttribute("aria-busy", "true");
      button.classList.add("thinking");
    }
    try {
      const shown = await task();
      if (token !== this.token || !shown) return false;
      this.show(shown);
      return true;
    } finally {
      if (button) {
        button.removeAttribute("aria-busy");
        button.classList.remove("thinking");
      }
    }
  }

  /** Show advice now: `items` are further lines (the alternatives and their values). */
  show({ title, text, items = [], tone = "hint", iconName = "hint" }) {
    this.titleEl.textContent = title;
    this.textEl.textContent = text;
    this.listEl.replaceChildren(
      ...items.map((line) => {
        const li = document.createElement("li");
        li.textContent = line;
        return li;
      }),
    );
    this.listEl.hidden = items.length === 0;
    this.iconEl.replaceChildren(iconNode(iconName));
    this.el.dataset.tone = tone;
    this.el.hidden = false;
    if (this.speak) announce(`${title}: ${text}`);
  }

  /** Hide the advice (the position changed); an answer still on its way is dropped. */
  clear() {
    this.token += 1;
    this.el.hidden = true;
    unpoint();
  }
}

/**
 * The lines for a hint's other choices (the recommended one is the hint itself): each
 * `label(action)` (when it gives one) before the engine's reason, which says what its
 * numbers are (no bare value after it). At most `most` lines.
 */
export function alternativeLines(hint, { label = () => "", most = 4 } = {}) {
  return (hint.alternatives || [])
    .filter((alt) => !sameJson(alt.action, hint.action))
    .slice(0, most)
    .map((alt) => {
      const name = label(alt.action);
      return `${name ? `${name}: ` : ""}${alt.reason}`;
    });
}

/** Draw the eye to `els` (where a hint points) until the position changes: the mark
 * stays until unpoint() (the advice cleared: any move) or the next pointAt (a new hint).
 * One mark at a time, in every game and in the review's walk. */
export function pointAt(...els) {
  const marked = els.filter(Boolean);
  if (!marked.length) return;
  unpoint(marked);
  for (const el of marked) el.classList.add("hinted");
}

/** Take the hint's mark away (from every element but those in `keep`). */
export function unpoint(keep = []) {
  for (const old of document.querySelectorAll(".hinted"))
    if (!keep.includes(old)) old.classList.remove("hinted");
}
