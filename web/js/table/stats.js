// Statistics per game, kept in localStorage: games played and won, the current and best
// winning streaks, hands played, contracts made (of those bid), points per hand.
//
//   const stats = createStats("precedence")
//   stats.hand({points, made})   after each hand: the person's side's points; made is
//                                true/false for a contract the side bid, null otherwise
//   stats.game({won})            once per finished game
//   stats.load() / stats.reset()
//   showStats(stats, title)      the dialog (with a reset button); resolves when closed
//   statsRows(data)              [[label, value], ...] (for a page's own panel)

import { openDialog } from "../ui/dialog.js";

const EMPTY = { played: 0, won: 0, streak: 0, best: 0, hands: 0, points: 0, bids: 0, made: 0 };

export function createStats(game) {
  const key = `celestix.${game}.stats`;
  const load = () => {
    try {
      const raw = JSON.parse(localStorage.getItem(key) || "{}");
      const out = { ...EMPTY };
      for (const name of Object.keys(EMPTY)) if (Number.isFinite(raw[name])) out[name] = raw[name];
      return out;
    } catch {
      return { ...EMPTY };
    }
  };
  const store = (data) => {
    try {
      localStorage.setItem(key, JSON.stringify(data));
    } catch {
      // storage full or disabled: the figures are lost for this visit only
    }
  };
  return {
    load,
    hand({ points = 0, made = null } = {}) {
      const data = load();
      data.hands += 1;
      data.points += points;
      if (made !== null) {
        data.bids += 1;
        if (made) data.made += 1;
      }
      store(data);
    },
    game({ won }) {
      const data = load();
      data.played += 1;
      if (won) {
        data.won += 1;
        data.streak += 1;
        data.best = Math.max(data.best, data.streak);
      } else {
        data.streak = 0;
      }
      store(data);
    },
    reset() {
      store({ ...EMPTY });
    },
  };
}

const percent = (part, whole) => (whole ? `${Math.round((100 * part) / whole)}%` : "–");

export function statsRows(data) {
  return [
    ["Games played", String(data.played)],
    ["Games won", `${data.won} (${percent(data.won, data.played)})`],
    ["Current winning streak", String(data.streak)],
    ["Best winning streak", String(data.best)],
    ["Hands played", String(data.hands)],
    ["Contracts made", data.bids ? `${data.made} of ${data.bids} (${percent(data.made, data.bids)})` : "–"],
    ["Average points per hand", data.hands ? (data.points / data.hands).toFixed(1) : "–"],
  ];
}

export async function showStats(stats, title = "Statistics") {
  for (;;) {
    const body = document.createElement("div");
    const table = document.createElement("dl");
    table.className = "stats-list";
    for (const [label, value] of statsRows(stats.load())) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = value;
      table.append(dt, dd);
    }
    const note = document.createElement("p");
    note.className = "dialog-note";
    note.textContent = "Kept on this device only.";
    body.append(table, note);
    const answer = await openDialog({
      title,
      body,
      actions: [
        { label: "Reset statistics", value: "reset" },
        { label: "Close", value: "close", primary: true },
      ],
    });
    if (answer !== "reset") return;
    const sure = await openDialog({
      title: "Reset the statistics?",
      body: "Every figure goes back to zero. This cannot be undone.",
      actions: [
        { label: "Keep them", value: "keep" },
        { label: "Reset", value: "reset", primary: true },
      ],
    });
    if (sure === "reset") stats.reset();
  }
}
