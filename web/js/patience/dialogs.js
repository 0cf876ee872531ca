// The patience's dialogs: a new deal (its options are built from the engine's own
// option list, engine.games()), how to play with the keys, and sharing a deal's link.

import { openDialog } from "../ui/dialog.js";
import { toast } from "../ui/toast.js";
import { KEY_HELP } from "./keys.js";

const MAX_DEAL = Number.MAX_SAFE_INTEGER;

/** "no-king" -> "No king". */
export function choiceLabel(value) {
  const text = String(value).replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short line for the options in force: "King start · 2 redeals". */
export function optionsLine(options) {
  const parts = [];
  if (options.start !== undefined) parts.push(`${choiceLabel(options.start)} start`);
  if (options.redeals !== undefined) {
    parts.push(options.redeals === 0 ? "no redeal" : `${options.redeals} redeal${options.redeals === 1 ? "" : "s"}`);
  }
  return parts.join(" · ");
}

/** A random deal number, short enough to read out (1 to 999,999). */
export function randomDeal() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return (values[0] % 999999) + 1;
}

/**
 * Ask for a new deal: {seed, options}, or null when cancelled.
 * `specs` is the game's "options" from engine.games(); `current` the options in force.
 */
export async function askNewDeal(specs, current, { inProgress = "" } = {}) {
  const body = document.createElement("div");
  body.className = "deal-form";
  const fields = [];
  fields.push(`
    <label class="field">
      <span class="field-label">Deal number</span>
      <input name="deal" inputmode="numeric" pattern="[0-9]*" autocomplete="off" placeholder="A random deal" aria-describedby="deal-help">
      <span class="field-help" id="deal-help">Leave empty for a random deal, or type the number of a deal someone shared.</span>
    </label>`);
  for (const [name, spec] of Object.entries(specs)) {
    const value = current[name] ?? spec.default;
    const helpId = `opt-${name}-help`;
    if (spec.choices) {
      const radios = spec.choices
        .map(
          (choice) => `
          <label class="choice">
            <input type="radio" name="${name}" value="${choice}" ${choice === value ? "checked" : ""}>
            <span>${choiceLabel(choice)}</span>
          </label>`,
        )
        .join("");
      fields.push(`
        <fieldset class="field" aria-describedby="${helpId}">
          <legend class="field-label">${spec.label || choiceLabel(name)}</legend>
          <div class="choices">${radios}</div>
          <span class="field-help" id="${helpId}"></span>
        </fieldset>`);
    } else {
      const min = spec.min ?? 0;
      const max = spec.max == null ? "" : `max="${spec.max}"`;
      fields.push(`
        <label class="field">
          <span class="field-label">${spec.label || choiceLabel(name)}</span>
          <input type="number" name="${name}" min="${min}" ${max} step="1" value="${value}" required aria-describedby="${helpId}">
          <span class="field-help" id="${helpId}"></span>
        </label>`);
    }
  }
  body.innerHTML = fields.join("");
  for (const [name, spec] of Object.entries(specs)) {
    body.querySelector(`#opt-${name}-help`).textContent = spec.help || "";
  }
  if (inProgress) {
    const note = document.createElement("p");
    note.className = "dialog-note";
    note.textContent = inProgress;
    body.append(note);
  }
  const dealInput = body.querySelector('input[name="deal"]');
  dealInput.addEventListener("input", () => {
    const text = dealInput.value.trim();
    const ok = text === "" || (/^\d+$/.test(text) && Number(text) <= MAX_DEAL);
    dealInput.setCustomValidity(ok ? "" : "A deal number is a whole number, like 12345.");
  });
  const choice = await openDialog({
    title: "New deal",
    body,
    className: "new-deal",
    actions: [
      { label: "Cancel", value: null },
      { label: "Deal", value: "deal", primary: true, submit: true },
    ],
    initialFocus: 'button.primary',
  });
  if (choice !== "deal") return null;
  const text = dealInput.value.trim();
  const seed = text ? Number(text) : randomDeal();
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.choices) {
      const checked = body.querySelector(`input[name="${name}"]:checked`);
      options[name] = checked ? checked.value : spec.default;
    } else {
      options[name] = Number(body.querySelector(`input[name="${name}"]`).value);
    }
  }
  return { seed, options };
}

/** The keys, and the game in a few lines. */
export function showHelp() {
  const body = document.createElement("div");
  body.className = "help";
  body.innerHTML = `
    <p>Build all 104 cards onto the eight foundations. Each foundation starts with its base
      rank (King, Queen, Jack, 10, 9, 8, 7, 6, left to right), and only after the one to its
      left has started. Foundations go <em>down</em> one rank at a time, in any suit, turning
      the corner from Ace to King, until each holds 13 cards.</p>
    <p>Deal from the stock to the waste one card at a time; the top card of the waste can be
      built. When the stock runs out, turn the waste over to deal again; the label under the
      stock shows which pass you are on.</p>
    <h3>Keys</h3>
    <dl class="keys"></dl>`;
  const list = body.querySelector(".keys");
  for (const [keys, what] of KEY_HELP) {
    const dt = document.createElement("dt");
    dt.innerHTML = keys
      .split(/(, | or )/)
      .map((part) => (part === ", " || part === " or " ? part : `<kbd>${part}</kbd>`))
      .join("");
    const dd = document.createElement("dd");
    dd.textContent = what;
    list.append(dt, dd);
  }
  return openDialog({ title: "How to play", body, className: "help-dialog", actions: [{ label: "Close", value: "close", primary: true }] });
}

/** Copy the deal's link; when the clipboard is not available, show it to copy by hand. */
export async function shareLink(url, seed) {
  try {
    await navigator.clipboard.writeText(url);
    toast(`Anyone who opens it gets deal ${seed}.`, { tone: "success", title: "Link copied." });
    return;
  } catch {
    // No clipboard access here: show the link instead.
  }
  const body = document.createElement("div");
  body.innerHTML = `<p>Anyone who opens this link gets deal ${seed}, card for card.</p>
    <input class="share-link" readonly aria-label="Link to this deal">`;
  const input = body.querySelector("input");
  input.value = url;
  await openDialog({
    title: "Share this deal",
    body,
    actions: [{ label: "Done", value: "done", primary: true }],
    onOpen: () => input.select(),
  });
}
