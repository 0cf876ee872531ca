// The Sabacc page's dialogs: a new game (every option from the engine's own list,
// engine.games(), plus each computer player's level and the animation speed), the last
// trick, the chip ledger, the keys and the rules in short.

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { openDialog } from "../ui/dialog.js";
import { bidName, card, ledgerReason, seatName } from "./messages.js";
import { POSITIONS } from "./table.js";

export const SPEEDS = { slow: 1.7, normal: 1, fast: 0.45, instant: 0 };
const SPEED_LABELS = { slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant" };
const LEVEL_HELP = {
  random: "any legal card",
  basic: "plays sensibly",
  easy: "a gentle player",
  normal: "the engine's usual player",
  strong: "thinks hardest",
};

function choiceLabel(value) {
  const text = String(value).replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Ask for a new game: {options, levels, speed}, or null when cancelled.
 * `game` is the engine's entry for Sabacc (games()); `prefs` the choices last made.
 */
export async function askNewGame(game, prefs, { inProgress = "" } = {}) {
  const specs = game.options;
  const levels = game.levels && game.levels.length ? game.levels : ["basic"];
  const current = prefs.options || {};
  const body = document.createElement("div");
  body.className = "deal-form sb-new-game";
  const parts = [];
  for (const [name, spec] of Object.entries(specs)) {
    const value = current[name] ?? spec.default;
    const helpId = `sb-opt-${name}-help`;
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
      parts.push(`
        <fieldset class="field" aria-describedby="${helpId}">
          <legend class="field-label">${spec.label || choiceLabel(name)}</legend>
          <div class="choices">${radios}</div>
          <span class="field-help" id="${helpId}"></span>
        </fieldset>`);
    } else {
      const max = spec.max == null ? "" : `max="${spec.max}"`;
      parts.push(`
        <label class="field">
          <span class="field-label">${spec.label || choiceLabel(name)}</span>
          <input type="number" name="${name}" min="${spec.min ?? 0}" ${max} step="1" value="${value}" required aria-describedby="${helpId}">
          <span class="field-help" id="${helpId}"></span>
        </label>`);
    }
  }
  const most = game.seats ? game.seats[1] : 5;
  const seatFields = [];
  for (let s = 1; s < most; s += 1) {
    const chosen = (prefs.levels && prefs.levels[s]) || (levels.includes("normal") ? "normal" : levels[0]);
    const opts = levels
      .map((l) => `<option value="${l}" ${l === chosen ? "selected" : ""}>${choiceLabel(l)}${LEVEL_HELP[l] ? ` (${LEVEL_HELP[l]})` : ""}</option>`)
      .join("");
    seatFields.push(`
      <label class="field sb-level" data-seat="${s}">
        <span class="field-label">${seatName(s)}</span>
        <select name="level-${s}">${opts}</select>
      </label>`);
  }
  parts.push(`
    <fieldset class="field sb-levels">
      <legend class="field-label">Computer players</legend>
      <div class="sb-level-grid">${seatFields.join("")}</div>
    </fieldset>`);
  const speed = prefs.speed in SPEEDS ? prefs.speed : "normal";
  parts.push(`
    <fieldset class="field">
      <legend class="field-label">Animation speed</legend>
      <div class="choices">${Object.keys(SPEEDS)
        .map((k) => `<label class="choice"><input type="radio" name="speed" value="${k}" ${k === speed ? "checked" : ""}><span>${SPEED_LABELS[k]}</span></label>`)
        .join("")}</div>
      <span class="field-help">Cards never move when your system asks for reduced motion.</span>
    </fieldset>`);
  body.innerHTML = parts.join("");
  for (const [name, spec] of Object.entries(specs)) body.querySelector(`#sb-opt-${name}-help`).textContent = spec.help || "";
  if (inProgress) {
    const note = document.createElement("p");
    note.className = "dialog-note";
    note.textContent = inProgress;
    body.append(note);
  }
  const playersNow = () => {
    const checked = body.querySelector('input[name="players"]:checked');
    return checked ? Number(checked.value) : specs.players ? specs.players.default : most;
  };
  const showSeats = () => {
    const n = playersNow();
    for (const field of body.querySelectorAll(".sb-level")) field.hidden = Number(field.dataset.seat) >= n;
  };
  body.addEventListener("change", showSeats);
  showSeats();
  const choice = await openDialog({
    title: "New game of Contract Sabacc",
    body,
    className: "new-deal",
    actions: [
      { label: "Cancel", value: null },
      { label: "Deal", value: "deal", primary: true, submit: true },
    ],
  });
  if (choice !== "deal") return null;
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.choices) {
      const checked = body.querySelector(`input[name="${name}"]:checked`);
      const raw = checked ? checked.value : spec.default;
      options[name] = typeof spec.default === "number" ? Number(raw) : raw;
    } else {
      options[name] = Number(body.querySelector(`input[name="${name}"]`).value);
    }
  }
  const chosenLevels = [null];
  for (let s = 1; s < options.players; s += 1) chosenLevels.push(body.querySelector(`select[name="level-${s}"]`).value);
  const chosenSpeed = body.querySelector('input[name="speed"]:checked');
  return { options, levels: chosenLevels, speed: chosenSpeed ? chosenSpeed.value : "normal" };
}

/** The last finished trick, each card where its player sits. */
export function showLastTrick(view) {
  const trick = view.last_trick;
  if (!trick) return Promise.resolve(null);
  const body = document.createElement("div");
  body.className = "sb-last-trick";
  body.dataset.players = String(view.options.players);
  const positions = POSITIONS[view.options.players];
  for (const play of trick.plays) {
    const slot = document.createElement("div");
    slot.className = `sb-slot${play.seat === trick.winner ? " won" : ""}`;
    slot.dataset.pos = positions[play.seat];
    const c = createCard(play.card, { deck: "sabacc" });
    c.setAttribute("aria-label", `${play.seat === 0 ? "You" : seatName(play.seat)}: ${card(play.card)}${play.seat === trick.winner ? ", won the trick" : ""}`);
    slot.append(c);
    body.append(slot);
  }
  const line = document.createElement("p");
  line.className = "sb-last-trick-line";
  const lead = trick.plays[0];
  line.textContent = `${lead.seat === 0 ? "You" : seatName(lead.seat)} led; ${trick.winner === 0 ? "you" : seatName(trick.winner)} won with ${card(trick.plays.find((p) => p.seat === trick.winner).card)}.`;
  const wrap = document.createElement("div");
  wrap.append(body, line);
  return openDialog({ title: `Trick ${view.played.length}`, body: wrap, actions: [{ label: "Close", value: "close", primary: true }] });
}

/** Every chip movement of the game, round by round. */
export function showLedger(view) {
  const body = document.createElement("div");
  body.className = "sb-ledger";
  const table = document.createElement("table");
  table.innerHTML = `<caption class="sr-only">Chip ledger</caption><thead><tr><th scope="col">Round</th><th scope="col">Player</th><th scope="col">Chips</th><th scope="col">Pot</th><th scope="col">Why</th></tr></thead><tbody></tbody>`;
  const tbody = table.querySelector("tbody");
  for (const entry of [...view.ledger].reverse()) {
    const tr = document.createElement("tr");
    const cells = [
      String(entry.hand + 1),
      entry.seat === 0 ? "You" : seatName(entry.seat),
      `${entry.dir === "in" ? "−" : "+"}${entry.amount}`,
      entry.pot === "ante_pot" ? "Ante Pot" : entry.pot === "table" ? "Table" : choiceLabel(entry.pot),
      ledgerReason(entry.reason),
    ];
    cells.forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = text;
      if (i === 2) td.className = entry.dir === "in" ? "out" : "in";
      tr.append(td);
    });
    tbody.append(tr);
  }
  const summary = document.createElement("p");
  summary.textContent = `Now: ${view.chips.map((c, s) => `${s === 0 ? "you" : seatName(s)} ${c}`).join(", ")}; Ante Pot ${view.ante_pot}.`;
  body.append(summary, table);
  return openDialog({ title: "Chip ledger", body, className: "sb-wide", actions: [{ label: "Close", value: "close", primary: true }] });
}

export const KEY_HELP = [
  ["←, →", "move between your cards"],
  ["Home, End", "first or last card"],
  ["Enter or Space", "play or set aside the card (or press a bid button)"],
  ["H", "go to your hand"],
  ["B", "go to the bids"],
  ["L", "the last trick"],
  ["G", "the chip ledger"],
  ["N", "a new game"],
  ["?", "this help"],
];

export function showHelp() {
  const body = document.createElement("div");
  body.className = "help";
  body.innerHTML = `
    <p>Three to five players bid for a contract; the highest bidder, the declarer, plays
      alone against everyone else and must take at least 46 of the deck's 91 points in
      their pile. Bids, lowest first: Take, Push and Guard (the talon is shown, then taken
      into the declarer's hand, who sets aside as many cards), Guard without (the talon
      goes unseen to the declarer's pile) and Guard against (to the defenders').</p>
    <p>Each bid has a stake (1, 1, 2, 4 and 6 chips). Unless the table chose "bidder" for
      its stakes, every player puts each bid's stake in, even after passing; the declarer
      then adds a stack equal to their own wager for each defender. A made contract takes
      every chip on the table; a lost one is divided among the defenders.</p>
    <p>Follow suit if you can; if not, play a Sabacc if you can. The highest Sabacc wins
      the trick, else the highest card of the suit led. Sabaccs run from −1 The Magician
      up to −21 The Universe, and 0 The Idiot beats them all. Honours (the Masters, The
      Magician, The Universe, The Idiot) wear a gold star.</p>
    <p>The game ends once everyone has dealt. The rules page has every detail.</p>
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
  return openDialog({ title: "How to play Contract Sabacc", body, className: "help-dialog", actions: [{ label: "Close", value: "close", primary: true }] });
}
