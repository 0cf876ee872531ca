// Advice: a hint or the solver's verdict, shown until the position changes, or a
// decision's verdict in the review. A `compact` panel (the hints at the tables) shows
// its first sentence, the action, and folds the rest of the reason and the other
// choices behind "Why?", so that it stays small beside what it is about. The engine writes the words (api.hint,
// api.winnable, api.review); this panel only shows them, and says them once through the
// polite live region (unless `speak` is false: the page says them its own way, as the
// review's dialog does in its own live region, the page outside a modal dialog being
// inert).

import { sameJson } from "../engine/json.js";
import { iconNode } from "./icons.js";
import { announce } from "./live.js";

let panels = 0; // for the ids that tie a panel's "Why?" to what it unfolds
// An action longer than this (in characters) has the compact panel's row to itself
const LONG_ACTION = 48;

export class AdvicePanel {
  /** An empty, hidden panel; put `panel.el` where the advice should appear. `closable`:
   * with its close button; `speak`: what it shows is said in the live region. */
  constructor({ label = "Advice", closable = true, speak = true, compact = false } = {}) {
    this.el = document.createElement("aside");
    this.el.className = compact ? "advice compact" : "advice";
    this.compact = compact;
    this.el.setAttribute("aria-label", label);
    this.el.hidden = true;
    this.el.innerHTML = `
      <div class="advice-head">
        <span class="advice-icon"></span>
        <strong class="advice-title"></strong>
        <button type="button" class="advice-close" aria-label="Close the advice" title="Close"></button>
      </div>
      <p class="advice-text"></p>
      <button type="button" class="btn advice-toggle" aria-expanded="false"></button>
      <div class="advice-more" id="advice-more-${++panels}" hidden>
        <p class="advice-why"></p>
      </div>
      <ul class="advice-list"></ul>`;
    this.titleEl = this.el.querySelector(".advice-title");
    this.textEl = this.el.querySelector(".advice-text");
    this.listEl = /** @type {HTMLElement} */ (this.el.querySelector(".advice-list"));
    this.moreEl = /** @type {HTMLElement} */ (this.el.querySelector(".advice-more"));
    this.whyEl = /** @type {HTMLElement} */ (this.el.querySelector(".advice-why"));
    this.toggleEl = /** @type {HTMLElement} */ (this.el.querySelector(".advice-toggle"));
    this.toggleEl.setAttribute("aria-controls", this.moreEl.id);
    this.toggleEl.addEventListener("click", () => this.fold(!this.moreEl.hidden));
    this.moreEl.addEventListener("scroll", () => this.cue(), { passive: true });
    new ResizeObserver(() => this.cue()).observe(this.moreEl);
    if (compact) {
      this.moreEl.append(this.listEl);
      this.titleEl.classList.add("sr-only"); // the icon shows what it is
    } else {
      this.moreEl.remove();
      this.toggleEl.remove();
    }
    this.iconEl = this.el.querySelector(".advice-icon");
    this.iconEl.append(iconNode("hint"));
    this.el.querySelector(".advice-close").append(iconNode("close"));
    this.el.querySelector(".advice-close").addEventListener("click", () => this.close());
    if (!closable) this.el.querySelector(".advice-close").remove();
    this.speak = speak;
    this.token = 0;
    /** the topic of the answer on its way, if any */
    this.pending = null;
    /** @type {((folded: boolean) => void) | null} the page's, after a fold (fold()) */
    this.onFold = null;
  }

  /**
   * Ask for advice: `task` resolves with what to show ({title, text, items, tone, icon})
   * or null. A later ask or a clear() makes an earlier answer stale: it is dropped.
   * `button` shows that the engine is thinking meanwhile. `topic` ({name, of, chosen?}):
   * asked again for the same topic while its answer is shown, the answer goes.
   */
  async ask(task, button = null, topic = null) {
    if (topic && sameTopic(this.pending, topic)) return false; // on its way: it comes once
    if (topic && this.shown() && sameTopic(this.topic, topic)) {
      this.clear(); // asked again while shown: the advice goes (its button toggles it)
      return false;
    }
    // Whatever else the panel shows (another question's answer, an older hint) goes at
    // once: the answer asked for replaces it, never toggles it (audit 5 F6b: Hint after
    // "Winnable?" left the verdict up while it thought, and a second press closed it)
    if (!this.el.hidden) this.clear();
    const token = ++this.token;
    this.pending = topic;
    if (button) {
      button.setAttribute("aria-busy", "true");
      button.classList.add("thinking");
    }
    try {
      const shown = await task();
      if (token !== this.token || !shown) return false;
      this.show(shown);
      this.topic = topic;
      this.asker = button;
      return true;
    } finally {
      if (token === this.token) this.pending = null;
      if (button) {
        button.removeAttribute("aria-busy");
        button.classList.remove("thinking");
      }
    }
  }

  /** Show advice now: `items` are further lines (the alternatives and their values). */
  show({ title, text, items = [], tone = "hint", iconName = "hint" }) {
    this.titleEl.textContent = title;
    this.topic = null;
    this.asker = null;
    if (this.compact) {
      const [head, rest] = headline(text);
      this.textEl.textContent = head;
      // a long action (the six cards of an aside) takes the row's width, and its
      // "Why?" goes under it: beside it the action wrapped in a narrow column
      this.el.toggleAttribute("data-long", head.length > LONG_ACTION);
      this.whyEl.textContent = rest;
      this.whyEl.hidden = !rest;
      this.toggleEl.hidden = !rest && items.length === 0;
      this.unfolds = { why: Boolean(rest), others: items.length > 0 };
      this.fold(true);
    } else this.textEl.textContent = text;
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
    this.sizeToggle();
    if (this.speak) announce(`${title}: ${text}`);
  }

  /** Fold (`true`) or unfold the reason and the other choices of a compact panel. Its
   * button says what it does: "Why?" opens the reason, "Hide" ("Hide why") closes it
   * (before, it kept its label while open); then `onFold(folded)` (the page places the unfolded part
   * where it hides nothing the hint points at). */
  fold(folded) {
    this.moreEl.hidden = folded;
    this.toggleEl.setAttribute("aria-expanded", String(!folded));
    const { why, others } = this.unfolds || { why: true, others: false };
    this.toggleEl.textContent = this.toggleLabels()[folded ? 0 : 1];
    if (why && others)
      this.toggleEl.setAttribute(
        "aria-label",
        folded ? "Why? Other choices" : "Hide why and the other choices",
      );
    else if (why && !folded) this.toggleEl.setAttribute("aria-label", "Hide why");
    else this.toggleEl.removeAttribute("aria-label");
    this.cue();
    this.onFold?.(folded);
  }

  /** The toggle as wide as its wider label ("Why?", "Hide why"), so that the panel's rows
   * stay as they are when it says the other (on a phone the felt above keeps its height). */
  sizeToggle() {
    const el = this.toggleEl;
    if (!this.compact || el.hidden || !el.getClientRects().length) return;
    const now = el.textContent;
    el.style.minWidth = "";
    let widest = 0;
    for (const label of this.toggleLabels()) {
      el.textContent = label;
      widest = Math.max(widest, el.getBoundingClientRect().width);
    }
    el.textContent = now;
    el.style.minWidth = `${Math.ceil(widest)}px`;
  }

  /** The toggle's words folded, then unfolded: "Why?" and "Hide" (named "Hide why": as
   * wide as "Why?", so that the action beside it keeps its lines), or, with no reason to
   * unfold, "Other choices" and "Hide other choices". */
  toggleLabels() {
    return this.unfolds?.why === false ? ["Other choices", "Hide other choices"] : ["Why?", "Hide"];
  }

  /** Where the unfolded reason has less room than it needs and scrolls: a fade at its
   * foot while more lies below (ui.css), and it takes focus (named, so a screen reader
   * says what it is), so that the keys scroll it. */
  /** A panel in the page's flow, unfolded: whole in the window (audit 11: at 1440x900 the
   * patience's reason ran below the screen). Its reason scrolls in the room left under
   * the window's foot; with less than `least` px there, the page scrolls it up first. */
  fitInWindow(least = 140) {
    const more = this.moreEl;
    more.style.removeProperty("max-height");
    if (this.el.hidden || more.hidden) return;
    const over = this.el.getBoundingClientRect().bottom + 8 - innerHeight;
    if (over > 0) {
      const room = more.getBoundingClientRect().height - over;
      more.style.maxHeight = `${Math.max(least, Math.floor(room))}px`;
      if (room < least) this.el.scrollIntoView({ block: "nearest" });
    }
    this.cue();
  }

  cue() {
    const more = this.moreEl;
    const scrolls = !more.hidden && more.scrollHeight > more.clientHeight + 1;
    const below = scrolls && more.scrollTop + more.clientHeight < more.scrollHeight - 1;
    more.toggleAttribute("data-scrolls", scrolls);
    more.toggleAttribute("data-more-below", below);
    if (scrolls) {
      more.tabIndex = 0;
      more.setAttribute("role", "region");
      more.setAttribute("aria-label", this.unfolds?.why === false ? "Other choices" : "Why");
    } else {
      more.removeAttribute("tabindex");
      more.removeAttribute("role");
      more.removeAttribute("aria-label");
    }
  }

  /** The person closed the advice: it goes, and the keyboard's focus, which was on the
   * close button, goes back to the button that asked for it (Hint, or Winnable? when
   * it is on the toolbar), else to the page's Hint button, never to the page's body. */
  close() {
    const focused = this.el.contains(document.activeElement);
    const asker = this.asker;
    this.clear();
    if (!focused) return;
    const hintButton = document.querySelector('[data-tool="hint"]');
    const back = [asker, hintButton].find((el) => el?.isConnected && el.getClientRects().length);
    /** @type {HTMLElement | undefined} */ (back)?.focus();
  }

  /** Whether the advice is on the screen (not hidden, nor laid out of sight). */
  shown() {
    return !this.el.hidden && this.el.getClientRects().length > 0;
  }

  /** Hide the advice (the position changed); an answer still on its way is dropped. */
  clear() {
    this.token += 1;
    this.topic = null;
    this.pending = null;
    this.el.hidden = true;
    unpoint();
  }
}

/** Whether two asks are for the same thing: the same `name` of the same position `of`,
 * with the same cards `chosen` so far (if the asker says). */
function sameTopic(a, b) {
  return Boolean(a && b && a.name === b.name && a.of === b.of && a.chosen === b.chosen);
}

/** A reason's first sentence (what to do) and the rest (why): ["Play the 9 of Core.",
 * "It takes the trick."]. A sentence ends at ". " before a capital letter. */
export function headline(text) {
  const match = /[.!?]\s+(?=[A-Z"“])/.exec(text);
  if (!match) return [text, ""];
  const end = match.index + 1;
  return [text.slice(0, end), text.slice(end).trim()];
}

/**
 * The lines of a hint's choices: the recommended one first, said as the others are (its
 * odds beside theirs) and marked "(the hint)", then the others as the engine lists them
 * (bids as they run, cards and asides best first). Each is `label(action)` (when it gives
 * one) before the engine's reason, which says what its numbers are (no bare value after
 * it). At most `most` other choices. The recommended one says only what the hint's own
 * paragraph does not (its odds, say), and is left out when the paragraph says it all
 * (a card's "Why" said the paragraph again as "The hint: ..."; audit 7 F1); so is any
 * other whose whole line the paragraph holds.
 * @param {any} hint the engine's hint
 * @param {{label?: (action: any) => string, most?: number}} [options]
 */
export function alternativeLines(hint, { label = () => "", most = 4 } = {}) {
  const all = hint.alternatives || [];
  const chosen = all.find((alt) => sameJson(alt.action, hint.action));
  const said = String(hint.reason || "");
  // (a choice the paragraph already speaks of, word for word, is not said again: the
  // hint to declare no melds quotes the best meld's line; audit 8 F1)
  const others = all.filter((alt) => alt !== chosen && beyond(alt.reason, said)).slice(0, most);
  if (!others.length) return [];
  const added = chosen ? beyond(chosen.reason, said) : "";
  const first = added ? [{ ...chosen, reason: added }] : [];
  return [...first, ...others].map((alt) => {
    const name = label(alt.action);
    const mark = alt === first[0] ? (name ? `${name} (the hint)` : "The hint") : name;
    return `${mark ? `${mark}: ` : ""}${alt.reason}`;
  });
}

/** What a reason adds to `said`: its clauses (parted by "; ") that `said` does not hold
 * word for word; "" when it adds nothing but which other choices are alike. */
function beyond(reason, said) {
  const added = reason.split("; ").filter((clause) => !said.includes(clause));
  return added.every((clause) => clause.startsWith("likewise ")) ? "" : added.join("; ");
}

/** The tallest band of the window between `top` and `bottom` (px from the window's top)
 * that holds none of `avoid` (elements; a hidden one or null counts for nothing): where a
 * sheet may lie over the page and hide none of them. {top, bottom}. */
export function freeBand(avoid, top, bottom) {
  const boxes = avoid
    .filter((el) => el?.isConnected && el.getClientRects().length)
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > top && r.top < bottom)
    .sort((a, b) => a.top - b.top);
  let best = { top, bottom: top };
  let from = top;
  for (const r of boxes) {
    if (r.top - from > best.bottom - best.top) best = { top: from, bottom: r.top };
    from = Math.max(from, r.bottom);
  }
  if (bottom - from > best.bottom - best.top) best = { top: from, bottom };
  return best;
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
