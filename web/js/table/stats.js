// Statistics per game, kept in localStorage (celestix.<game>.stats): games played and
// won, the current and best winning streaks, and the game's own figures (whole numbers
// in `data`, and counts by name in `data.by`, e.g. contracts declared and made).
//
//   const stats = createStats("sabacc")
//   stats.load()                 {played, won, streak, best, by: {}, ...the game's own}
//   stats.change((data) => {...})   update the game's own figures
//   stats.game(won, (data) => {...})  once per finished game (streaks follow)
//   stats.reset()
//   showStats(stats, {title, rows(data) -> [[label, value], ...]})  the dialog (with a reset)
//   percent(part, whole), common(data) -> the rows every game shows first

import { openDialog } from "../ui/dialog.js";
import { confirm } from "./dialogs.js";

const BASE = { played: 0, won: 0, streak: 0, best: 0 };

export function createStats(game) {
  const key = `celestix.${game}.stats`;
  const load = () => {
    const out = { ...BASE, by: {} };
    try {
      const raw = JSON.parse(localStorage.getItem(key) || "{}");
      if (!raw || typeof raw !== "object") return out;
      for (const [name, value] of Object.entries(raw))
        if (Number.isFinite(value)) out[name] = value;
      const by = raw.by && typeof raw.by === "object" ? raw.by : raw.contracts; // (older Sabacc figures)
      if (by && typeof by === "object") {
        for (const [name, v] of Object.entries(by)) {
          if (v && Number.isFinite(v.declared) && Number.isFinite(v.made))
            out.by[name] = { declared: v.declared, made: v.made };
        }
      }
    } catch {
      // unreadable figures start again from zero
    }
    return out;
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
    change(update) {
      const data = load();
      update(data);
      store(data);
    },
    game(won, update = null) {
      const data = load();
      data.played += 1;
      if (won) {
        data.won += 1;
        data.streak += 1;
        data.best = Math.max(data.best, data.streak);
      } else {
        data.streak = 0;
      }
      update?.(data);
      store(data);
    },
    reset() {
      store({ ...BASE, by: {} });
    },
  };
}

export const percent = (part, whole) => (whole ? `${Math.round((100 * part) / whole)}%` : "–");

export function common(data) {
  return [
    ["Games played", String(data.played)],
    ["Games won", `${data.won} (${percent(data.won, data.played)})`],
    ["Current winning streak", String(data.streak)],
    ["Best winning streak", String(data.best)],
  ];
}

export async function showStats(stats, { title = "Statistics", rows = common } = {}) {
  for (;;) {
    const body = document.createElement("div");
    const list = document.createElement("dl");
    list.className = "stats-list";
    for (const [label, value] of rows(stats.load())) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = value;
      list.append(dt, dd);
    }
    const note = document.createElement("p");
    note.className = "dialog-note";
    note.textContent = "Kept on this device only.";
    body.append(list, note);
    const answer = await openDialog({
      title,
      body,
      actions: [
        { label: "Reset statistics", value: "reset" },
        { label: "Close", value: "close", primary: true },
      ],
    });
    if (answer !== "reset") return;
    const sure = await confirm({
      title: "Reset the statistics?",
      body: "Every figure goes back to zero. This cannot be undone.",
      keep: "Keep them",
      go: "Reset",
    });
    if (sure) stats.reset();
  }
}
