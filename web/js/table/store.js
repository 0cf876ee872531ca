// The saved game of a table page, in localStorage, written after every action, and
// the one check every saved game, kept game and imported record passes before use.
//
//   const store = createStore("sabacc", {name: "Contract Sabacc"})
//   store.load(info)   -> {status: "none"} | {status: "ok", saved}
//                         | {status: "unreadable", reason, seed}   (never throws)
//   store.problem(data, info) -> a sentence, or null when `data` may be used
//   store.save(saved)  -> false when the browser refuses (storage full or disabled)
//   store.line()       the home page's line for the saved game (its summary), or null
//   store.clear()
//   store.keep(saved) / store.takeKept(match) -> saved | null
//                         games in progress put aside when a link opens another game
//                         (the last KEPT of them), so a link never throws a game away
//   store.prefs() / store.savePrefs(prefs)   the last options and computer players
//
// `info` is the game's entry in engine.games() ({levels, seats}); without it, levels
// are only checked to be names.
//
// A saved game is {version: 1, record: {game, version, options, seed, setup, actions:
// [{seat, action}]}, levels: [null | level, ...], position, pending, counted, summary}:
//   record.version  the engine's state version when the game began (state.version); a
//             record saved, kept or exported before records had one is version 1. The
//             engine replays an older record as it was played (its migration, at its
//             edge: docs/ARCHITECTURE.md "Old saves"), so the page never reads one.
//   position  how far into the record the player is (undo and redo), 0..actions
//   pending   the number of moves after which a hand ended that the player has not
//             yet looked at (its events are asked of the engine again), or null
//   counted   the game's result is already in the statistics
//   summary   the line the home page shows ("Hand 3, you 64 to 35")
//   draft     a choice the person had begun and not yet made, {position, cards}: the
//             cards chosen so far at that position (Contract Sabacc's aside), or null
//   people    people sharing the device (pass-and-play, table/pass.js): per seat a
//             name, or null for a computer player; null for a table of one person
//   friends   a table with friends on their own devices (table/friends/host.js): per
//             seat a friend's name, or null; null for a table without friends
// Keys of older versions (a hand log, a round history, the speed) are ignored. Whether
// the moves are legal is the engine's to say: the page gives the record to
// engine.replay and reports a refusal kindly (table/dialogs.js).

export const SAVE_VERSION = 1;
const KEPT = 6;
// A move of any game is a small object: {type, card}, {type, melds: [[card, ...]]}...
const ACTION_DEPTH = 4;
const ACTION_SIZE = 400;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether `value` is JSON data no deeper than `depth` and with at most `room` values. */
function smallJson(value, depth, room = { left: ACTION_SIZE }) {
  room.left -= 1;
  if (room.left < 0) return false;
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (depth <= 0 || typeof value !== "object") return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => smallJson(item, depth - 1, room));
}

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function createStore(game, { name = game } = {}) {
  const key = `celestix.${game}.game`;
  const keptKey = `celestix.${game}.kept`;
  const prefsKey = `celestix.${game}.prefs`;

  function recordProblem(record) {
    if (!isObject(record)) return "The saved game has no record of its moves.";
    if (record.game !== game) return `The saved game is not a game of ${name}.`;
    if (!Number.isSafeInteger(record.seed) || record.seed < 0)
      return "The saved game has no deal number.";
    if (record.version != null && (!Number.isSafeInteger(record.version) || record.version < 1))
      return "The saved game's version is damaged.";
    if (record.options != null && (!isObject(record.options) || !smallJson(record.options, 1))) {
      return "The saved game's options are damaged.";
    }
    if (
      record.setup != null &&
      (!isObject(record.setup) || !smallJson(record.setup, 3, { left: 2000 }))
    ) {
      return "The saved game's starting position is damaged.";
    }
    if (!Array.isArray(record.actions)) return "The saved game's list of moves is damaged.";
    for (const entry of record.actions) {
      const ok =
        isObject(entry) &&
        Number.isSafeInteger(entry.seat) &&
        entry.seat >= 0 &&
        isObject(entry.action) &&
        typeof entry.action.type === "string" &&
        smallJson(entry.action, ACTION_DEPTH);
      if (!ok) return "The saved game's list of moves is damaged.";
    }
    return null;
  }

  function levelsProblem(levels, info) {
    if (levels == null) return null;
    const most = info?.seats?.[1] ?? 8;
    if (!Array.isArray(levels) || levels.length > most)
      return "The saved game's players are damaged.";
    const known = info?.levels;
    const ok = levels.every((level, seat) =>
      seat === 0 ? level === null : typeof level === "string" && (!known || known.includes(level)),
    );
    return ok ? null : "The saved game's computer players are damaged.";
  }

  /** People sharing the device (table/pass.js): a name per person's seat, the first
   * seat's among them, null for a computer player's. */
  function peopleOk(people, info) {
    const most = info?.seats?.[1] ?? 8;
    return (
      Array.isArray(people) &&
      people.length <= most &&
      typeof people[0] === "string" &&
      people.every((name) => name === null || (typeof name === "string" && name.length <= 24))
    );
  }

  // a table with friends (friends/host.js): per seat a friend's name, or null
  function friendsOk(friends, info) {
    const most = info?.seats?.[1] ?? 8;
    return (
      Array.isArray(friends) &&
      friends.length <= most &&
      friends.some((name) => name !== null) &&
      friends.every((name) => name === null || (typeof name === "string" && name.length <= 24))
    );
  }

  function problem(data, info = null) {
    if (!isObject(data)) return "The saved game is not a game record.";
    if (data.version !== SAVE_VERSION)
      return "The saved game was made by another version of the card room.";
    const bad = recordProblem(data.record) || levelsProblem(data.levels, info);
    if (bad) return bad;
    const moves = data.record.actions.length;
    const within = (n) => Number.isSafeInteger(n) && n >= 0 && n <= moves;
    if (data.position != null && !within(data.position))
      return "The saved game's position is damaged.";
    if (data.pending != null && !within(data.pending) && !Array.isArray(data.pending)) {
      return "The saved game's last hand is damaged.";
    }
    if (data.counted != null && typeof data.counted !== "boolean")
      return "The saved game's statistics are damaged.";
    if (data.summary != null && (typeof data.summary !== "string" || data.summary.length > 200)) {
      return "The saved game's summary is damaged.";
    }
    if (data.draft != null && !draftOk(data.draft, within))
      return "The saved game's unfinished choice is damaged.";
    if (data.people != null && !peopleOk(data.people, info))
      return "The saved game's people at this device are damaged.";
    if (data.friends != null && !friendsOk(data.friends, info))
      return "The saved game's friends are damaged.";
    return null;
  }

  /** The fields the pages use, in today's shape (an older save's hand-end list of
   * events becomes "a hand ended after the last move": the engine says what it was). */
  function normal(data) {
    const moves = data.record.actions.length;
    let pending = data.pending ?? null;
    if (Array.isArray(pending)) pending = pending.length ? moves : null;
    return {
      version: SAVE_VERSION,
      // (before records had a version: the first)
      record: { options: null, setup: null, ...data.record, version: data.record.version ?? 1 },
      levels: data.levels ?? null,
      position: data.position ?? moves,
      pending,
      counted: data.counted === true,
      summary: typeof data.summary === "string" ? data.summary : "",
      draft: data.draft ?? null,
      people: data.people ?? null,
      friends: data.friends ?? null,
    };
  }

  function loadText(text, info) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return { status: "unreadable", reason: "The saved game is not readable data.", seed: null };
    }
    const bad = problem(data, info);
    if (bad) {
      const seed =
        isObject(data) && isObject(data.record) && Number.isSafeInteger(data.record.seed)
          ? data.record.seed
          : null;
      return { status: "unreadable", reason: bad, seed };
    }
    return { status: "ok", saved: normal(data) };
  }

  function kept() {
    try {
      const list = JSON.parse(read(keptKey) || "[]");
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  return {
    key,
    problem,
    normal,
    load(info = null) {
      const text = read(key);
      return text == null ? { status: "none" } : loadText(text, info);
    },
    save(saved) {
      return write(key, { ...saved, version: SAVE_VERSION });
    },
    /** The home page's line for the saved game, or null with nothing saved. */
    line() {
      const found = this.load();
      if (found.status !== "ok") return null;
      const { summary, record } = found.saved;
      return summary || `Deal ${record.seed}, ${record.actions.length} moves in`;
    },
    clear() {
      write(key, null);
    },
    keep(saved) {
      const others = kept().filter(
        (other) =>
          !(isObject(other) && isObject(other.record) && sameRecord(other.record, saved.record)),
      );
      write(keptKey, [{ ...saved, version: SAVE_VERSION }, ...others].slice(0, KEPT));
    },
    /** The kept game whose record `match(record)` accepts (taken out of the list). */
    takeKept(match, info = null) {
      const list = kept();
      const at = list.findIndex((data) => !problem(data, info) && match(normal(data).record));
      if (at < 0) return null;
      const [found] = list.splice(at, 1);
      write(keptKey, list);
      return normal(found);
    },
    prefs() {
      try {
        const raw = JSON.parse(read(prefsKey) || "{}");
        return isObject(raw) ? raw : {};
      } catch {
        return {};
      }
    },
    savePrefs(prefs) {
      write(prefsKey, prefs);
    },
  };
}

/** A draft: {position, cards}, cards a short list of distinct card codes. */
function draftOk(draft, within) {
  if (!isObject(draft) || !within(draft.position) || !Array.isArray(draft.cards)) return false;
  const cards = draft.cards;
  return (
    cards.length <= 32 &&
    new Set(cards).size === cards.length &&
    cards.every((card) => typeof card === "string" && /^-?[0-9A-Za-z]{1,4}$/.test(card))
  );
}

/** Two records of the same deal with the same options (the same game, maybe further on). */
export function sameRecord(a, b) {
  return (
    a.game === b.game &&
    a.seed === b.seed &&
    JSON.stringify(sorted(a.options)) === JSON.stringify(sorted(b.options))
  );
}

function sorted(options) {
  return Object.fromEntries(
    Object.entries(options || {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
  );
}
