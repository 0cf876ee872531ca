// The options form before a game, built from the engine's own list (engine.games()):
// every option with its label, default, choices or range and help; the level of each
// computer seat from the game's `levels`; the animation speed.
//
//   const choice = await askOptions({game, prefs, human: 0, seatName, title, deal})
//     -> {options, levels, speed, seed} or null when cancelled
//   SPEEDS            [{id, label}] ("brisk", "normal", "relaxed")
//   timing(speed)     -> {fly, pause, trick, bot}: ms for a card's flight, the pause after
//                      a move, a finished trick's stay, a computer player's least thinking
//                      time; flights are 0 when the player prefers reduced motion
//   choiceLabel(v)    "no-king" -> "No king"
//
// `prefs` ({options, levels, speed}) are the last choices (store.prefs()); options whose
// default depends on another (the engine's `default_when`) follow it until the player
// sets them. The seed is a fresh random deal number unless `deal` gives one.

import { openDialog } from "../ui/dialog.js";
import { reducedMotion } from "../ui/motion.js";

export const SPEEDS = [
  { id: "brisk", label: "Brisk" },
  { id: "normal", label: "Normal" },
  { id: "relaxed", label: "Relaxed" },
];

const TIMINGS = {
  brisk: { fly: 220, pause: 120, trick: 650, bot: 250 },
  normal: { fly: 340, pause: 260, trick: 1100, bot: 500 },
  relaxed: { fly: 480, pause: 480, trick: 1800, bot: 900 },
  instant: { fly: 0, pause: 0, trick: 0, bot: 0 },
};

export function timing(speed) {
  const base = TIMINGS[speed] || TIMINGS.normal;
  return reducedMotion() ? { ...base, fly: 0 } : base;
}

export function choiceLabel(value) {
  const text = String(value).replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function randomSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return (values[0] % 999999) + 1;
}

const LEVEL_HELP = {
  random: "plays any legal card",
  basic: "plays sensibly",
  easy: "a gentle opponent",
  normal: "a fair challenge",
  strong: "thinks hardest",
};

function defaultFor(spec, values) {
  const when = spec.default_when;
  if (when && Object.hasOwn(when.values, values[when.option])) return when.values[values[when.option]];
  return spec.default;
}

export async function askOptions({ game, prefs = {}, human = 0, seatName = (s) => `Seat ${s}`, title = "", deal = null, seats = null }) {
  const specs = game.options || {};
  const saved = prefs.options || {};
  const body = document.createElement("div");
  body.className = "options-form";
  const uid = Math.random().toString(36).slice(2, 7);
  const id = (name) => `opt-${uid}-${name}`;
  const chosen = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, saved[name] ?? spec.default]));
  const touched = new Set(Object.keys(saved).filter((name) => !specs[name]?.default_when));

  const main = document.createElement("div");
  main.className = "options-main";
  const more = document.createElement("details");
  more.className = "options-more";
  more.innerHTML = `<summary>Chips and scoring</summary><div class="options-more-body"></div>`;
  for (const [name, spec] of Object.entries(specs)) {
    const help = `<span class="field-help" id="${id(name)}-help"></span>`;
    const label = spec.label || choiceLabel(name);
    let field;
    if (spec.choices) {
      field = document.createElement("fieldset");
      field.className = "field";
      field.setAttribute("aria-describedby", `${id(name)}-help`);
      field.innerHTML = `<legend class="field-label"></legend><div class="choices"></div>${help}`;
      field.querySelector("legend").textContent = label;
      for (const choice of spec.choices) {
        const item = document.createElement("label");
        item.className = "choice";
        item.innerHTML = `<input type="radio" name="${name}"><span></span>`;
        item.querySelector("input").value = String(choice);
        item.querySelector("input").checked = choice === chosen[name];
        item.querySelector("span").textContent = choiceLabel(choice);
        field.querySelector(".choices").append(item);
      }
      main.append(field);
    } else {
      field = document.createElement("label");
      field.className = "field";
      field.innerHTML = `<span class="field-label"></span><input type="number" name="${name}" step="1" required aria-describedby="${id(name)}-help">${help}`;
      field.querySelector(".field-label").textContent = label;
      const input = field.querySelector("input");
      input.min = String(spec.min ?? 0);
      if (spec.max != null) input.max = String(spec.max);
      input.value = String(chosen[name]);
      more.querySelector(".options-more-body").append(field);
    }
    field.querySelector(".field-help").textContent = spec.help || "";
    field.addEventListener("change", () => touched.add(name));
  }
  body.append(main);

  // computer players
  const levels = game.levels || [];
  const count = seats || game.seats?.[1] || 4;
  const bots = document.createElement("fieldset");
  bots.className = "field options-seats";
  bots.innerHTML = `<legend class="field-label">Computer players</legend><div class="seat-levels"></div>`;
  for (let s = 0; s < count; s += 1) {
    if (s === human) continue;
    const row = document.createElement("label");
    row.className = "seat-level";
    row.innerHTML = `<span class="seat-level-name"></span><select name="level-${s}"></select>`;
    row.querySelector(".seat-level-name").textContent = seatName(s);
    const select = row.querySelector("select");
    const want = (prefs.levels && prefs.levels[s]) || (levels.includes("basic") ? "basic" : levels[0]);
    for (const level of levels) {
      const option = document.createElement("option");
      option.value = level;
      option.textContent = LEVEL_HELP[level] ? `${choiceLabel(level)}: ${LEVEL_HELP[level]}` : choiceLabel(level);
      option.selected = level === want;
      select.append(option);
    }
    bots.querySelector(".seat-levels").append(row);
  }
  body.append(bots);

  // animation speed
  const speed = document.createElement("fieldset");
  speed.className = "field";
  speed.innerHTML = `<legend class="field-label">Animation speed</legend><div class="choices"></div>
    <span class="field-help"></span>`;
  for (const { id: value, label } of SPEEDS) {
    const item = document.createElement("label");
    item.className = "choice";
    item.innerHTML = `<input type="radio" name="speed"><span></span>`;
    item.querySelector("input").value = value;
    item.querySelector("input").checked = value === (prefs.speed || "normal");
    item.querySelector("span").textContent = label;
    speed.querySelector(".choices").append(item);
  }
  speed.querySelector(".field-help").textContent = reducedMotion()
    ? "Your system asks for reduced motion: cards appear in place without flying."
    : "How quickly cards fly and computer players move.";
  body.append(speed, more);

  // defaults that follow another option, until the player sets them
  body.addEventListener("change", (event) => {
    const changed = event.target.name;
    const values = read().options;
    for (const [name, spec] of Object.entries(specs)) {
      if (!spec.default_when || spec.default_when.option !== changed || touched.has(name)) continue;
      setValue(name, defaultFor(spec, values));
    }
  });

  function setValue(name, value) {
    const spec = specs[name];
    if (spec.choices) {
      for (const input of body.querySelectorAll(`input[name="${name}"]`)) input.checked = input.value === String(value);
    } else {
      body.querySelector(`input[name="${name}"]`).value = String(value);
    }
  }

  function read() {
    const options = {};
    for (const [name, spec] of Object.entries(specs)) {
      if (spec.choices) {
        const input = body.querySelector(`input[name="${name}"]:checked`);
        const match = spec.choices.find((c) => String(c) === (input ? input.value : String(spec.default)));
        options[name] = match ?? spec.default;
      } else {
        options[name] = Number(body.querySelector(`input[name="${name}"]`).value);
      }
    }
    const seatLevels = [];
    for (let s = 0; s < count; s += 1) {
      seatLevels.push(s === human ? null : body.querySelector(`select[name="level-${s}"]`)?.value || null);
    }
    const pace = body.querySelector('input[name="speed"]:checked')?.value || "normal";
    return { options, levels: seatLevels, speed: pace };
  }

  const answer = await openDialog({
    title: title || `New game of ${game.name}`,
    body,
    className: "options-dialog",
    actions: [
      { label: "Cancel", value: "cancel" },
      { label: "Deal", value: "deal", primary: true, submit: true },
    ],
    onOpen: (dialog) => {
      for (const input of dialog.querySelectorAll('.options-more input[type="number"]')) {
        input.addEventListener("invalid", () => { more.open = true; });
      }
    },
  });
  if (answer !== "deal") return null;
  return { ...read(), seed: deal ?? randomSeed() };
}
