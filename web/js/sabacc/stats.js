// Statistics kept locally for Contract Sabacc: games played and won, winning streaks,
// the contracts you declared and made, your average count as declarer, chips won.
// Recorded from the engine's events at each round's end and at game over.

import { openDialog } from "../ui/dialog.js";

const KEY = "celestix.sabacc.stats";
const EMPTY = {
  played: 0, won: 0, streak: 0, best: 0,
  declared: 0, made: 0, declarerHalfPoints: 0, chipsWon: 0,
  contracts: {},
};

export function loadStats() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "{}");
    const stats = { ...EMPTY, contracts: {} };
    for (const key of Object.keys(EMPTY)) {
      if (key === "contracts") continue;
      if (Number.isFinite(raw[key])) stats[key] = raw[key];
    }
    if (raw.contracts && typeof raw.contracts === "object") {
      for (const [name, v] of Object.entries(raw.contracts)) {
        if (v && Number.isFinite(v.declared) && Number.isFinite(v.made)) stats.contracts[name] = { declared: v.declared, made: v.made };
      }
    }
    return stats;
  } catch {
    return { ...EMPTY, contracts: {} };
  }
}

function store(stats) {
  try {
    localStorage.setItem(KEY, JSON.stringify(stats));
  } catch {
    // not kept, but the game goes on
  }
}

/** A round was counted (round_counted event): your contract, if you declared. */
export function recordRound(counted) {
  if (!counted || counted.declarer !== 0) return;
  const stats = loadStats();
  stats.declared += 1;
  stats.declarerHalfPoints += counted.points;
  if (counted.made) stats.made += 1;
  const c = stats.contracts[counted.contract] || { declared: 0, made: 0 };
  c.declared += 1;
  if (counted.made) c.made += 1;
  stats.contracts[counted.contract] = c;
  store(stats);
}

/** The game ended (game_over event); `start` is the chips each player started with. */
export function recordGame(over, start) {
  const stats = loadStats();
  stats.played += 1;
  const won = over.winners.includes(0);
  if (won) {
    stats.won += 1;
    stats.streak += 1;
    stats.best = Math.max(stats.best, stats.streak);
  } else {
    stats.streak = 0;
  }
  stats.chipsWon += over.chips[0] - start;
  store(stats);
}

function percent(a, b) {
  return b ? `${Math.round((100 * a) / b)}%` : "–";
}

export async function showStats() {
  const stats = loadStats();
  const body = document.createElement("div");
  body.className = "sb-stats";
  const rows = [
    ["Games played", String(stats.played)],
    ["Games won", `${stats.won} (${percent(stats.won, stats.played)})`],
    ["Current winning streak", String(stats.streak)],
    ["Best winning streak", String(stats.best)],
    ["Contracts you declared", String(stats.declared)],
    ["Contracts made", `${stats.made} (${percent(stats.made, stats.declared)})`],
    ["Average count as declarer", stats.declared ? `${(stats.declarerHalfPoints / stats.declared / 2).toFixed(1)} points` : "–"],
    ["Chips won over all games", `${stats.chipsWon >= 0 ? "+" : ""}${stats.chipsWon}`],
  ];
  for (const [name, v] of Object.entries(stats.contracts)) {
    rows.push([`${name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())}: made`, `${v.made} of ${v.declared}`]);
  }
  const dl = document.createElement("dl");
  dl.className = "sb-stat-list";
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    dl.append(dt, dd);
  }
  body.append(dl);
  const choice = await openDialog({
    title: "Your Contract Sabacc statistics",
    body,
    actions: [
      { label: "Reset", value: "reset" },
      { label: "Close", value: "close", primary: true },
    ],
  });
  if (choice === "reset") {
    const sure = await openDialog({
      title: "Reset the statistics?",
      body: "Every game counted so far will be forgotten.",
      actions: [
        { label: "Keep them", value: null, primary: true },
        { label: "Reset", value: "yes" },
      ],
    });
    if (sure === "yes") store({ ...EMPTY, contracts: {} });
  }
}
