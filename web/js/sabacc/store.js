// The saved Sabacc game in localStorage, written after every action:
//   {version: 1, record: {game, options, seed, setup, actions: [{seat, action}]},
//    levels: [null, "basic", ...], pending: [event, ...] | null, history: [round, ...],
//    current: round | null}
// `pending` holds the events of a round's end the player has not yet looked at, so a
// reload shows the count again; `history` the rounds played (see history.js). The shape
// is checked here; whether the moves are legal is the engine's to say (engine.replay).

const KEY = "celestix.sabacc.game";
const PREFS = "celestix.sabacc.prefs";

/** {status: "none"} | {status: "ok", saved} | {status: "unreadable", reason} */
export function loadSaved() {
  let text;
  try {
    text = localStorage.getItem(KEY);
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
}

export function shapeProblem(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "The saved game is not a game record.";
  if (data.version !== 1) return "The saved game was made by another version of the card room.";
  const { record } = data;
  if (!record || typeof record !== "object") return "The saved game has no record of its moves.";
  if (record.game !== "sabacc") return "The saved game is not a game of Contract Sabacc.";
  if (!Number.isSafeInteger(record.seed) || record.seed < 0) return "The saved game has no deal number.";
  if (!Array.isArray(record.actions)) return "The saved game's list of moves is damaged.";
  if (record.actions.some((e) => !e || typeof e !== "object" || !e.action || typeof e.action !== "object")) {
    return "The saved game's list of moves is damaged.";
  }
  if (data.levels != null && !Array.isArray(data.levels)) return "The saved game's players are damaged.";
  if (data.pending != null && !Array.isArray(data.pending)) return "The saved game's last count is damaged.";
  if (data.history != null && !Array.isArray(data.history)) return "The saved game's history is damaged.";
  return null;
}

/**
 * The record as it was played. A game saved or exported before the table option
 * `stakes` existed has options without it (the page always writes every option), and was
 * played when only the bidder put a bid's stake in: it replays under "bidder". (The
 * engine takes a missing option as the default, "everyone", so the page names it.)
 */
export function recordAsPlayed(record) {
  const options = record.options && typeof record.options === "object" ? record.options : {};
  if ("stakes" in options) return record;
  return { ...record, options: { ...options, stakes: "bidder" } };
}

/** Save; returns false when the browser refuses (storage full or disabled). */
export function save(saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify(saved));
    return true;
  } catch {
    return false;
  }
}

export function clearSaved() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** A line for the home page, or null with nothing saved. */
export function savedSummary() {
  const found = loadSaved();
  if (found.status !== "ok") return null;
  const { record } = found.saved;
  const players = (record.options && record.options.players) || 4;
  const rounds = (found.saved.history || []).length;
  return `${players} players, ${rounds === 0 ? "first round" : `${rounds} round${rounds === 1 ? "" : "s"} played`}`;
}

/** The player's table preferences: {speed, levels: {players: [...]}, options}. */
export function loadPrefs() {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFS) || "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

export function savePrefs(prefs) {
  try {
    localStorage.setItem(PREFS, JSON.stringify(prefs));
  } catch {
    // the preferences still apply to this visit
  }
}
