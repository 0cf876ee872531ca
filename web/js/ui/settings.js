// Site-wide preferences, kept in localStorage: four-colour suits and the game speed
// (how quickly cards fly and computer players move, the same at every table).

import { createCard } from "../cards/card.js";
import "../cards/standard.js";
import { openDialog } from "./dialog.js";
import { h } from "./dom.js";

const KEY = "celestix.settings";

/** The game speeds, slowest first. */
export const SPEEDS = [
  { id: "relaxed", label: "Relaxed" },
  { id: "normal", label: "Normal" },
  { id: "brisk", label: "Brisk" },
  { id: "instant", label: "Instant" },
];
const SPEED_IDS = SPEEDS.map((s) => s.id);
const DEFAULTS = { fourColour: false, speed: "normal" };

export function loadSettings() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "{}");
    return {
      fourColour: raw.fourColour === true,
      speed: SPEED_IDS.includes(raw.speed) ? raw.speed : DEFAULTS.speed,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(settings) {
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
  const change = (key, value) => {
    settings[key] = value;
    saveSettings(settings);
    applySettings(settings);
  };
  const fourColour = h("input", {
    type: "checkbox",
    name: "fourColour",
    onchange: (event) => change("fourColour", event.target.checked),
  });
  fourColour.checked = settings.fourColour;
  const preview = h(
    "div",
    { class: "suit-preview", "aria-hidden": "true" },
    ["AS", "AH", "AD", "AC"].map((code) => createCard(code)),
  );
  const speeds = SPEEDS.map(({ id, label }) => {
    const radio = h("input", {
      type: "radio",
      name: "speed",
      value: id,
      onchange: () => change("speed", id),
    });
    radio.checked = id === settings.speed;
    return h("label", { class: "choice" }, radio, h("span", { text: label }));
  });
  const body = h(
    "div",
    { class: "settings" },
    h(
      "label",
      { class: "switch" },
      fourColour,
      h(
        "span",
        { class: "switch-text" },
        h("span", { class: "switch-title", text: "Four-colour suits" }),
        h("span", {
          class: "switch-help",
          text: "Diamonds in blue and clubs in green, so all four suits differ at a glance.",
        }),
      ),
    ),
    preview,
    h(
      "fieldset",
      { class: "field" },
      h("legend", { class: "field-label", text: "Game speed" }),
      h("div", { class: "choices" }, speeds),
      h("span", {
        class: "field-help",
        text: "How quickly cards fly and computer players move, at every table. Cards never fly when your system asks for reduced motion.",
      }),
    ),
  );
  await openDialog({
    title: "Settings",
    body,
    actions: [{ label: "Done", value: "done", primary: true }],
  });
}
