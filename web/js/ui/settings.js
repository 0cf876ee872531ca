// Site-wide preferences, kept in localStorage: four-colour suits and the game speed
// (how quickly cards fly and computer players move, the same at every table).

import { createCard } from "../cards/card.js";
import "../cards/standard.js";
import { openDialog } from "./dialog.js";

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
  const body = document.createElement("div");
  body.className = "settings";
  const sw = document.createElement("label");
  sw.className = "switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.name = "fourColour";
  input.checked = settings.fourColour;
  const text = document.createElement("span");
  text.className = "switch-text";
  const title = document.createElement("span");
  title.className = "switch-title";
  title.textContent = "Four-colour suits";
  const help = document.createElement("span");
  help.className = "switch-help";
  help.textContent = "Diamonds in blue and clubs in green, so all four suits differ at a glance.";
  text.append(title, help);
  sw.append(input, text);
  const preview = document.createElement("div");
  preview.className = "suit-preview";
  preview.setAttribute("aria-hidden", "true");
  for (const code of ["AS", "AH", "AD", "AC"]) preview.append(createCard(code));
  input.addEventListener("change", () => {
    settings.fourColour = input.checked;
    saveSettings(settings);
    applySettings(settings);
  });

  const speed = document.createElement("fieldset");
  speed.className = "field";
  const legend = document.createElement("legend");
  legend.className = "field-label";
  legend.textContent = "Game speed";
  const choices = document.createElement("div");
  choices.className = "choices";
  for (const { id, label } of SPEEDS) {
    const item = document.createElement("label");
    item.className = "choice";
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "speed";
    radio.value = id;
    radio.checked = id === settings.speed;
    radio.addEventListener("change", () => {
      settings.speed = id;
      saveSettings(settings);
    });
    const span = document.createElement("span");
    span.textContent = label;
    item.append(radio, span);
    choices.append(item);
  }
  const speedHelp = document.createElement("span");
  speedHelp.className = "field-help";
  speedHelp.textContent =
    "How quickly cards fly and computer players move, at every table. Cards never fly when your system asks for reduced motion.";
  speed.append(legend, choices, speedHelp);
  body.append(sw, preview, speed);
  await openDialog({
    title: "Settings",
    body,
    actions: [{ label: "Done", value: "done", primary: true }],
  });
}
