// The saved patience game in localStorage:
//   {version: 1, record: {game, options, seed, setup, actions: [{seat, action}]}, position}
// The shape is checked here; whether the moves are legal is the engine's to say
// (Session.resume replays the record).

const KEY = "celestix.patience.game";

/** What is saved: {status: "none"} | {status: "ok", saved} | {status: "unreadable", reason, seed}. */
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
    return { status: "unreadable", reason: "The saved game is not readable data.", seed: null };
  }
  const problem = shapeProblem(data);
  if (problem) {
    const seed = data && data.record && Number.isSafeInteger(data.record.seed) ? data.record.seed : null;
    return { status: "unreadable", reason: problem, seed };
  }
  return { status: "ok", saved: data };
}

function shapeProblem(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "The saved game is not a game record.";
  if (data.version !== 1) return "The saved game was made by another version of the card room.";
  const { record, position } = data;
  if (!record || typeof record !== "object") return "The saved game has no record of its moves.";
  if (record.game !== "patience") return "The saved game is not a patience.";
  if (!Number.isSafeInteger(record.seed) || record.seed < 0) return "The saved game has no deal number.";
  if (record.options != null && (typeof record.options !== "object" || Array.isArray(record.options))) {
    return "The saved game's options are damaged.";
  }
  if (!Array.isArray(record.actions)) return "The saved game's list of moves is damaged.";
  for (const entry of record.actions) {
    if (!entry || typeof entry !== "object" || !entry.action || typeof entry.action !== "object") {
      return "The saved game's list of moves is damaged.";
    }
  }
  if (!Number.isInteger(position) || position < 0 || position > record.actions.length) {
    return "The saved game's position is damaged.";
  }
  return null;
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

/** A line for the home page ("Deal 12345, 37 moves in"), or null with nothing saved. */
export function savedSummary() {
  const found = loadSaved();
  if (found.status !== "ok") return null;
  const { record, position } = found.saved;
  if (position === 0) return `Deal ${record.seed}, just dealt`;
  return `Deal ${record.seed}, ${position} move${position === 1 ? "" : "s"} in`;
}
