// The options form before a game, built from the engine's own list (engine.games()):
// every option with its label, default, choices (named as the engine names them) or
// range and help; the level of each computer seat from the game's `levels` (as many
// seats as the game will have: a "players" option shows and hides them), or "A person
// at this device" with a name (pass-and-play, table/pass.js; the person's own name is
// asked for then too); a deal number when the game asks for one. The game speed is a
// site setting (ui/settings.js).
//
//   const choice = await askOptions({game, prefs, human: 0, seatName, personName, title,
//                                    deal, dealField, note})
//     -> {options, levels, seed, people} or null when cancelled (people: per seat a
//        person's name or null, or null when no one shares the device)
//   randomSeed()      a deal number short enough to read out (1 to 999,999)
//   remembered(game, prefs, human) -> {options, levels, people}   the last choices that still
//                     hold (an option the engine no longer offers, or a value out of
//                     its range, is left out; a seat without a known level plays at
//                     DEFAULT_LEVEL): what a first visit deals with, and what the
//                     dialog starts from
//
// `prefs` ({options, levels}) are the last choices (store.prefs()); options whose
// default depends on another (the engine's `default_when`) follow it until the player
// sets them. The seed is `deal`, the deal number typed, or a fresh random one.

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { choiceName, optionName, resolved } from "./links.js";
import { NAME_MAX, sharing } from "./pass.js";
import { DEFAULT_LEVEL } from "./session.js";

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
const levelText = (level) =>
  `${level.charAt(0).toUpperCase()}${level.slice(1)}${LEVEL_HELP[level] ? `: ${LEVEL_HELP[level]}` : ""}`;

let uid = 0;

export function remembered(game, prefs = {}, human = 0) {
  const specs = game.options || {};
  const saved = prefs.options && typeof prefs.options === "object" ? prefs.options : {};
  const options = Object.fromEntries(
    Object.entries(saved).filter(([name, value]) => validFor(specs[name], value)),
  );
  const levels = game.levels || [];
  const fallback = levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels[0] || null;
  const most = game.seats?.[1] || 4;
  const before = Array.isArray(prefs.levels) ? prefs.levels : [];
  const seatLevels = Array.from({ length: most }, (_, s) =>
    s === human ? null : levels.includes(before[s]) ? before[s] : fallback,
  );
  // people at this device (table/pass.js): a name per person's seat, null for a computer
  const people =
    sharing(prefs.people) && prefs.people.length <= most && typeof prefs.people[human] === "string"
      ? prefs.people.map((name) => (typeof name === "string" ? name.slice(0, NAME_MAX) : null))
      : null;
  return { options, levels: seatLevels, people };
}

const PERSON = "person";

/**
 * The new-game form; resolves with the choices, or null when cancelled.
 * @param {object} ask
 * @param {any} ask.game the game as engine.games() lists it
 * @param {{options?: object, levels?: (string | null)[], people?: (string | null)[] | null}} [ask.prefs] the last choices
 * @param {number} [ask.human] the person's seat
 * @param {(seat: number) => string} ask.seatName
 * @param {(seat: number) => string} [ask.personName] a person's name at a seat (pass-and-play)
 * @param {string} [ask.title]
 * @param {number | null} [ask.deal] the deal number when none is typed
 * @param {boolean} [ask.dealField] a field for the deal number
 * @param {string} [ask.note] a line under the form
 * @returns {Promise<{options: object, levels: (string | null)[], people: (string | null)[] | null, seed: number} | null>}
 */
export async function askOptions({
  game,
  prefs = {},
  human = 0,
  seatName,
  personName = seatName,
  title = "",
  deal = null,
  dealField = false,
  note = "",
}) {
  const specs = game.options || {};
  uid += 1;
  const form = uid;
  const id = (name) => `opt-${form}-${name}`;
  const before = remembered(game, prefs, human);
  const known = before.options;
  const chosen = resolved(game, known);
  const touched = new Set(Object.keys(known).filter((name) => !specs[name]?.default_when));
  const body = h("div", { class: "options-form" });
  const main = h("div", { class: "options-main" });
  const moreBody = h("div", { class: "options-more-body" });
  // the fold named for what it holds: the chip games' several numbers, or the one
  // number of a game without chips (the patience's "Redeals")
  const numbers = Object.values(specs).filter((spec) => !spec.choices);
  const foldName = numbers.length === 1 ? numbers[0].label : "Chips and scoring";
  const more = h("details", { class: "options-more" }, h("summary", { text: foldName }), moreBody);

  const dealInput = dealField ? dealNumberField(main, id) : null;
  for (const [name, spec] of Object.entries(specs)) {
    const field = spec.choices
      ? choiceField(game, name, spec, chosen[name], id)
      : numberField(game, name, spec, chosen[name], id, () => {
          more.open = true;
        });
    (spec.choices ? main : moreBody).append(field);
    field.addEventListener("change", () => touched.add(name));
  }
  body.append(main);

  // the players: as many seats as the game will have, each a computer player (its
  // level) or a person at this device (a name): pass-and-play, table/pass.js
  const most = game.seats?.[1] || 4;
  const read = () => readForm(body, specs, human, most, before, personName);
  const seats = seatChoices(game, before, human, most, seatName, personName, id);
  if (seats.field) body.append(seats.field);
  if (moreBody.children.length) body.append(more);
  if (note) body.append(h("p", { class: "dialog-note", text: note }));

  const showSeats = () => {
    const n = read().levels.length; // the players the game will have
    let shared = false;
    for (const row of seats.rows) {
      row.hidden = Number(row.dataset.seat) >= n;
      const person = row.querySelector("select").value === PERSON;
      row.querySelector("input").hidden = !person;
      shared ||= person && !row.hidden;
    }
    seats.own.hidden = !shared;
  };
  // defaults that follow another option, until the player sets them
  body.addEventListener("change", (event) => {
    const changed = /** @type {HTMLInputElement | HTMLSelectElement} */ (event.target).name;
    const values = read().options;
    for (const [name, spec] of Object.entries(specs)) {
      if (!spec.default_when || spec.default_when.option !== changed || touched.has(name)) continue;
      setValue(body, specs, name, resolved(game, { ...values, [name]: undefined })[name]);
    }
    showSeats();
  });
  showSeats();

  const answer = await openDialog({
    title: title || `New game of ${game.name}`,
    body,
    className: "options-dialog",
    actions: [
      { label: "Cancel", value: "cancel" },
      { label: "Deal", value: "deal", primary: true, submit: true },
    ],
  });
  if (answer !== "deal") return null;
  const typed = dealInput?.value.trim() ? Number(dealInput.value.trim()) : null;
  return { ...read(), seed: typed ?? deal ?? randomSeed() };
}

/** The deal number's field, added to `main`; returns its input. */
function dealNumberField(main, id) {
  const dealInput = h("input", {
    name: "deal",
    inputmode: "numeric",
    pattern: "[0-9]*",
    autocomplete: "off",
    placeholder: "A random deal",
    "aria-describedby": id("deal-help"),
    id: id("deal"),
  });
  dealInput.addEventListener("input", () => {
    const text = dealInput.value.trim();
    const ok = text === "" || (/^\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)));
    dealInput.setCustomValidity(ok ? "" : "A deal number is a whole number, like 12345.");
  });
  main.append(
    h(
      "div",
      { class: "field" },
      h("label", { class: "field-label", for: id("deal"), text: "Deal number" }),
      dealInput,
      h("span", {
        class: "field-help",
        id: id("deal-help"),
        text: "Leave it empty for a random deal, or type the number of a deal someone shared.",
      }),
    ),
  );
  return dealInput;
}

/** An option with choices: a group of radio buttons, `value` checked. */
function choiceField(game, name, spec, value, id) {
  const help = h("span", { class: "field-help", id: id(`${name}-help`), text: spec.help || "" });
  const choices = h("div", { class: "choices" });
  for (const choice of spec.choices) {
    const input = h("input", { type: "radio", name, value: String(choice) });
    input.checked = choice === value;
    choices.append(
      h("label", { class: "choice" }, input, h("span", { text: choiceName(game, name, choice) })),
    );
  }
  return h(
    "fieldset",
    { class: "field", "aria-describedby": help.id },
    h("legend", { class: "field-label", text: optionName(game, name) }),
    choices,
    help,
  );
}

/** A number option: a field with its range; `invalid` runs when the form finds it wrong. */
function numberField(game, name, spec, value, id, invalid) {
  const help = h("span", { class: "field-help", id: id(`${name}-help`), text: spec.help || "" });
  const input = h("input", {
    type: "number",
    name,
    step: "1",
    required: true,
    min: String(spec.min ?? 0),
    max: spec.max == null ? null : String(spec.max),
    "aria-describedby": help.id,
    id: id(name),
  });
  input.value = String(value);
  input.addEventListener("invalid", invalid);
  return h(
    "div",
    { class: "field" },
    h("label", { class: "field-label", for: id(name), text: optionName(game, name) }),
    input,
    help,
  );
}

/** Each seat but the person's: a computer player (its level) or a person at this device
 * (a name); and the person's own name, asked for once a seat is a person. Returns the
 * fieldset (none for a game without levels), the rows (one a seat) and the own row. */
function seatChoices(game, before, human, most, seatName, personName, id) {
  const levels = game.levels || [];
  const rows = [];
  const grid = h("div", { class: "seat-levels" });
  const nameInput = (s) => {
    const input = /** @type {HTMLInputElement} */ (
      h("input", {
        type: "text",
        name: `name-${s}`,
        id: id(`name-${s}`),
        maxlength: String(NAME_MAX),
        autocomplete: "off",
        placeholder: personName(s),
        "aria-label": s === human ? "Your name" : `Name of the person playing ${seatName(s)}`,
      })
    );
    input.value = before.people?.[s] && before.people[s] !== personName(s) ? before.people[s] : "";
    return input;
  };
  const mine = nameInput(human);
  const own = h(
    "div",
    { class: "seat-level seat-own", dataset: { seat: String(human) } },
    h("label", {
      class: "seat-level-name",
      for: mine.id,
      text: `${seatName(human)} (${personName(human)})`,
    }),
    mine,
  );
  grid.append(own);
  for (let s = 0; s < most; s += 1) {
    if (s === human) continue;
    const select = /** @type {HTMLSelectElement} */ (
      h(
        "select",
        { name: `level-${s}`, id: id(`level-${s}`) },
        levels.map((level) => h("option", { value: level, text: levelText(level) })),
        h("option", { value: PERSON, text: "A person at this device" }),
      )
    );
    select.value = before.people?.[s] != null ? PERSON : before.levels[s];
    const row = h(
      "div",
      { class: "seat-level", dataset: { seat: String(s) } },
      h("label", { class: "seat-level-name", for: select.id, text: seatName(s) }),
      select,
      nameInput(s),
    );
    rows.push(row);
    grid.append(row);
  }
  if (!levels.length || most <= 1) return { field: null, rows, own };
  const field = h(
    "fieldset",
    { class: "field options-seats" },
    h("legend", { class: "field-label", text: "At the table" }),
    grid,
    h("span", {
      class: "field-help",
      text: "How well each computer player plays: Easy for a gentle game, Strong for the hardest. Choose a person at this device to pass it round the table: each hand stays hidden until its player shows it.",
    }),
  );
  return { field, rows, own };
}

/** Set option `name` in the form to `value`. */
function setValue(body, specs, name, value) {
  if (specs[name].choices) {
    for (const input of body.querySelectorAll(`input[name="${CSS.escape(name)}"]`))
      input.checked = input.value === String(value);
  } else {
    body.querySelector(`input[name="${CSS.escape(name)}"]`).value = String(value);
  }
}

/** The options, the seats' levels and the people at this device the form holds now. */
function readForm(body, specs, human, most, before, personName) {
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.choices) {
      const input = body.querySelector(`input[name="${CSS.escape(name)}"]:checked`);
      const match = spec.choices.find(
        (c) => String(c) === (input ? input.value : String(spec.default)),
      );
      options[name] = match ?? spec.default;
    } else {
      options[name] = Number(body.querySelector(`input[name="${CSS.escape(name)}"]`).value);
    }
  }
  const n = Number(options.players) || specs.players?.default || most;
  const levels = [];
  const people = [];
  for (let s = 0; s < n; s += 1) {
    const value = body.querySelector(`select[name="level-${s}"]`)?.value || null;
    const person = s === human || value === PERSON;
    const typed = body.querySelector(`input[name="name-${s}"]`)?.value.trim() || "";
    people.push(person ? typed.slice(0, NAME_MAX) || personName(s) : null);
    levels.push(s === human ? null : value === PERSON ? before.levels[s] || DEFAULT_LEVEL : value);
  }
  return { options, levels, people: sharing(people) ? people : null };
}

function validFor(spec, value) {
  if (!spec) return false;
  if (spec.choices) return spec.choices.includes(value);
  return (
    Number.isSafeInteger(value) &&
    value >= (spec.min ?? 0) &&
    (spec.max == null || value <= spec.max)
  );
}
