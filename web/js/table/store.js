// The saved game of a table page, in localStorage, written after every action.
//
//   const store = createStore("precedence", { name: "Precedence", check });
//   store.load()    -> {status: "none"} | {status: "ok", saved}
//                      | {status: "unreadable", reason}   (never throws)
//   store.save(saved) -> false when the browser refuses (storage full or disabled)
//   store.clear()
//   store.prefs() / store.savePrefs(prefs)   the player's table preferences (options,
//                      levels, speed) kept apart from the game, so a new game starts
//                      with the last choices
//
// A saved game is  {version: 1, record: {game, options, seed, setup, actions: [{seat,
// action}]}, levels: [null | level, ...], history: [...], ...the page's own keys}.
// The shape is checked here (and by `check(saved)`, the page's own check, which returns
// a sentence or null); whether the moves are legal is the engine's to say: the page
// gives `saved.record` to engine.replay and reports a refusal with `unreadableDialog`
// (table/dialogs.js), never a blank page.

export const SAVE_VERSION = 1;

export function createStore(game, { name = game, check = () => null } = {}) {
  const key = `celestix.${game}.game`;
  const prefsKey = `celestix.${game}.prefs`;

  function shapeProblem(data) {
    if (!data || typeof data !== "object" || Array.isArray(data)) return "The saved game is not a game record.";
    if (data.version !== SAVE_VERSION) return "The saved game was made by another version of the card room.";
    const { record } = data;
    if (!record || typeof record !== "object" || Array.isArray(record)) return "The saved game has no record of its moves.";
    if (record.game !== game) return `The saved game is not a game of ${name}.`;
    if (!Number.isSafeInteger(record.seed) || record.seed < 0) return "The saved game has no deal number.";
    if (record.options != null && (typeof record.options !== "object" || Array.isArray(record.options))) {
      return "The saved game's options are damaged.";
    }
    if (!Array.isArray(record.actions)) return "The saved game's list of moves is damaged.";
    for (const entry of record.actions) {
      if (!entry || typeof entry !== "object" || !Number.isInteger(entry.seat) || !entry.action || typeof entry.action !== "object") {
        return "The saved game's list of moves is damaged.";
      }
    }
    if (data.levels != null && !Array.isArray(data.levels)) return "The saved game's players are damaged.";
    if (data.history != null && !Array.isArray(data.history)) return "The saved game's hand history is damaged.";
    return check(data);
  }

  return {
    key,
    shapeProblem,
    load() {
      let text;
      try {
        text = localStorage.getItem(key);
      } catch {
        return { status: "none" };
      }
      if (text == null) return { status: "none" };
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        return { status: "unreadable", reason: "The saved game is not readable data." };
      }
      const problem = shapeProblem(data);
      return problem ? { status: "unreadable", reason: problem } : { status: "ok", saved: data };
    },
    save(saved) {
      try {
        localStorage.setItem(key, JSON.stringify({ ...saved, version: SAVE_VERSION }));
        return true;
      } catch {
        return false;
      }
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing to clear
      }
    },
    prefs() {
      try {
        const raw = JSON.parse(localStorage.getItem(prefsKey) || "{}");
        return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
      } catch {
        return {};
      }
    },
    savePrefs(prefs) {
      try {
        localStorage.setItem(prefsKey, JSON.stringify(prefs));
      } catch {
        // the preferences still apply to this visit
      }
    },
  };
}
