// The table's one move queue (issue 25): every move, whoever makes it (the person's
// click or key, a computer player, a friend over a connection), is applied in the order
// it came, one at a time, each checked by the engine (engine.play, or engine.botPlay
// for a computer player's choice), never two at once; a move the engine refuses changes
// nothing, and its refusal goes to the one presenter of refusals (table/refusal.js: on
// the page of the person whose move it was, a friend's over its connection). A session
// (table/session.js TableSession, friends/host.js HostSession, friends/guest.js
// GuestSession) has one; a page's other steps in the game's order (going back, a move's
// events worked out again) take their turn in it too.
//
//   const moves = new MoveQueue()
//   await moves.add(task)     task() runs after every task added before it has settled
//   moves.waiting             tasks added and not yet settled (0: the queue is idle)
//   moves.limit               at most this many waiting (null: no limit): add() then
//                             resolves with `full` without running task (key repeats)
//   new MoveRefused(words)    a refusal of the table's own (not the engine's), of the same
//                             kind as the engine's, so that isRefusal(error) and the
//                             presenter take it the same way

// A move that came after the table had moved on (a friend's, over a connection)
import { kindOf } from "../engine/errors.js";

export const MOVED_ON = "The table had moved on before your move arrived, so it was not played.";

/**
 * Whether `error` is a refusal of a move (the engine's, or the table's MoveRefused), to
 * be said to its mover, rather than a fault.
 * @param {unknown} error
 * @returns {boolean}
 */
export function isRefusal(error) {
  const kind = kindOf(error);
  return kind === "malformed" || kind === "illegal";
}

/**
 * A move refused by the table itself (a friend's move that came after the table had moved
 * on, say): kind "illegal", as the engine's refusals are.
 */
export class MoveRefused extends Error {
  /** @param {string} message the refusal, in words */
  constructor(message) {
    super(message);
    this.name = "MoveRefused";
    this.kind = "illegal";
  }
}

export class MoveQueue {
  /** @param {{limit?: number | null}} [options] */
  constructor({ limit = null } = {}) {
    /** @type {Promise<unknown>} the last task added, settled either way */
    this.tail = Promise.resolve();
    this.waiting = 0;
    this.limit = limit;
  }

  /**
   * Run `task` once every task added before it has settled; resolves (or rejects) as the
   * task does. A queue at its limit runs nothing and resolves with `full`.
   * @template T, F
   * @param {() => Promise<T> | T} task
   * @param {F} [full]
   * @returns {Promise<T | F>}
   */
  add(task, full) {
    if (this.limit !== null && this.waiting >= this.limit) return Promise.resolve(full);
    this.waiting += 1;
    const run = this.tail.then(task).finally(() => {
      this.waiting -= 1;
    });
    this.tail = run.catch(() => {});
    return run;
  }
}
