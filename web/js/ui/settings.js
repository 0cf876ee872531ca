// Site-wide preferences, kept in localStorage: four-colour suits.

import { createCard } from "../cards/card.js";
import "../cards/standard.js";
import { openDialog } from "./dialog.js";

const KEY = "celestix.settings";
const DEFAULTS = { fourColour: false };

export function loadSettings() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { ...DEFAULTS, fourColour: raw.fourColour === true };
  } catch {
    return { ...DEFAULTS };
  }
}

function saveSettings(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage may be full or disabled: the setting still applies to this visit.
  }
}

/** Apply the settings to the document (a class on <html>). */
export function applySettings(settings = loadSettings()) {
  document.documentElement.classList.toggle("four-colour", settings.fourColour);
}

/** The settings dialog. */
export async function openSettings() {
  const settings = loadSettings();
  const body = document.createElement("div");
  body.className = "settings";
  body.innerHTML = `
    <label class="switch">
      <input type="checkbox" name="fourColour" ${settings.fourColour ? "checked" : ""}>
      <span class="switch-text">
        <span class="switch-title">Four-colour suits</span>
        <span class="switch-help">Diamonds in blue and clubs in green, so all four suits differ at a glance.</span>
      </span>
    </label>
    <div class="suit-preview" aria-hidden="true"></div>`;
  const preview = body.querySelector(".suit-preview");
  for (const code of ["AS", "AH", "AD", "AC"]) preview.append(createCard(code));
  const input = body.querySelector("input");
  input.addEventListener("change", () => {
    settings.fourColour = input.checked;
    saveSettings(settings);
    applySettings(settings);
  });
  await openDialog({
    title: "Settings",
    body,
    actions: [{ label: "Done", value: "done", primary: true }],
  });
}
