// A game at a table: the record, the position in it, the engine's state there and what
// the person's seat sees. Every move is one round trip to the engine (engine.play: the
// move and the person's view and legal actions after it); computer players choose in
// the worker from their own seat's view (engine.botPlay), so the page never freezes and
// holds no rules. Every move, whoever makes it, goes through the session's one move
// queue (table/moves.js): one at a time, in the order they came. Undo and redo move the
// position (a new move drops what was ahead); states already computed are kept.
//
//   const s = await TableSession.start(engine, game, options, seed, {levels, human, onLost})
//   const s = await TableSession.resume(engine, saved, {human, onLost})  // engine.replay checks it
//   s.view, s.legal, s.state, s.record, s.position, s.levels
//   s.toAct, s.over, s.isHumanTurn, s.isBotTurn, s.canUndo, s.canRedo, s.moved
//   await s.play(action)      the person's move -> events (rejects with the engine's refusal)
//   await s.move(seat, action, turn)   a person's move for `seat` (a friend's, at a host's
//                             table) -> {seat, action, events}; refused (MoveRefused) when
//                             `turn`, the position the mover saw, is no longer the table's
//   s.moves                   the move queue (moves.add(task): a step in the game's order)
//   await s.botMove()         the computer player to act moves -> {seat, action, events}
//   s.botThink()              ... starts working it out now (botMove then uses it)
//   await s.ahead(actions)    {view, legal} after the person's own `actions` (none played)
//   await s.goto(k) / s.undo() / s.redo()   -> whether the position moved
//   await s.eventsOf(k)       the events of move k (1-based: the move that made position k)
//   await s.stateAt(k)        the state at position k (kept once worked out)
//   TableSession.steps(engine, record, onStep, {human, onStart})   replay a record move by
//                             move (a history rebuilt), onStart(view), onStep({seat, action,
//                             events, view})
//
// When the engine's worker dies (an EngineError of kind "died"), `onLost(true)` is called,
// the call waits for the restarted engine (engine.ready) and is made again with the same
// state (states are plain values the page holds), then `onLost(false)`.

import { MOVED_ON, MoveQueue, MoveRefused } from "./moves.js";
import { kindOf } from "../engine/errors.js";

const RETRIES = 3;
// The computer players' level when none was chosen (every seat, every game)
export const DEFAULT_LEVEL = "normal";
// Moves worked out one by one from a known state, rather than replaying the record
const NEAR = 24;

/** Call `task()` (an engine call); after a worker's death, wait for the new one and retry. */
export async function withEngine(engine, task, onLost = null) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (kindOf(error) !== "died" || attempt >= RETRIES) throw error;
      onLost?.(true);
      await engine.ready;
      onLost?.(false);
    }
  }
}

/** The state at position `k` of a record: its seed changed there when the record's
 * `reseeds` say so (engine.reseed: a table of friends deals each hand from its own seed). */
function reseeded(engine, record, k, state, call) {
  const change = record.reseeds?.find((r) => r.at === k);
  return change ? call(() => engine.reseed(state, change.seed)) : state;
}

export class TableSession {
  constructor(
    engine,
    record,
    state,
    { levels = null, human = 0, position = null, onLost = null, people = null } = {},
  ) {
    this.engine = engine;
    this.record = record;
    this.position = position ?? record.actions.length;
    this.states = [];
    this.states[this.position] = state;
    this.levels = levels; // per seat: null for the person, else a computer player's level
    this.human = human;
    this.onLost = onLost;
    this.people = people; // a table shared at one device (table/pass.js)
    this.view = null;
    this.legal = [];
    this.moves = new MoveQueue();
  }

  /**
   * A new game's session, of the class it is called on (HostSession.start gives a
   * HostSession).
   * @template {typeof TableSession} T
   * @this {T}
   * @returns {Promise<InstanceType<T>>}
   */
  static async start(
    engine,
    game,
    options,
    seed,
    { levels = null, human = 0, setup = null, onLost = null, people = null } = {},
  ) {
    const state = await withEngine(
      engine,
      () => engine.newGame(game, options, seed, setup ?? undefined),
      onLost,
    );
    const record = {
      game,
      version: state.version,
      options: state.options,
      seed: state.seed,
      setup,
      actions: [],
    };
    const session = /** @type {InstanceType<T>} */ (
      new this(engine, record, state, { levels, human, onLost, people })
    );
    await session.refresh();
    return session;
  }

  static async resume(engine, saved, { human = 0, onLost = null } = {}) {
    const record = { setup: null, ...saved.record };
    const call = (task) => withEngine(engine, task, onLost);
    const end = await call(() => engine.replay(record));
    const position = Math.min(saved.position ?? record.actions.length, record.actions.length);
    const state =
      position === record.actions.length
        ? end
        : await call(() =>
            engine.replay({ ...record, actions: record.actions.slice(0, position) }),
          );
    // options left out of a record are the defaults: keep them written out
    const session = new this(engine, { ...record, options: end.options }, state, {
      levels: saved.levels,
      human,
      position,
      onLost,
      people: saved.people ?? null,
    });
    session.states[record.actions.length] = end;
    await session.refresh();
    return session;
  }

  static async steps(engine, record, onStep, { human = 0, onStart = null, onLost = null } = {}) {
    const call = (task) => withEngine(engine, task, onLost);
    let state = await call(() =>
      engine.newGame(record.game, record.options, record.seed, record.setup ?? undefined),
    );
    if (onStart) await onStart(await call(() => engine.view(state, human)));
    for (const [k, { seat, action }] of record.actions.entries()) {
      const before = await reseeded(engine, record, k, state, call);
      const result = await call(() => engine.play(before, action, seat, human));
      state = result.state;
      await onStep(result);
    }
    return reseeded(engine, record, record.actions.length, state, call);
  }

  get state() {
    return this.states[this.position];
  }

  get seats() {
    return this.view ? (this.view.hand_sizes || [0]).length : 0;
  }

  get toAct() {
    return this.state.to_act;
  }

  get over() {
    return this.state.over;
  }

  get isHumanTurn() {
    return !this.state.over && this.state.to_act === this.viewer;
  }

  get isBotTurn() {
    return !this.state.over && this.state.to_act !== null && !this.isPerson(this.state.to_act);
  }

  /** The seat whose view is asked for (the person's; a table shared at one device says
   * null while the device passes: table/pass.js). */
  get viewer() {
    return this.human;
  }

  /** Whether a person plays `seat` (not a computer player). */
  isPerson(seat) {
    return seat === this.human;
  }

  /** Whether a person at this table has made a move yet (computer players' moves do not
   * count: a new game before the person's first move ends nothing of theirs). */
  get moved() {
    return this.record.actions.some((entry) => this.isPerson(entry.seat ?? 0));
  }

  get canUndo() {
    return this.position > 0;
  }

  get canRedo() {
    return this.position < this.record.actions.length;
  }

  call(task) {
    return withEngine(this.engine, task, this.onLost);
  }

  async refresh() {
    const state = this.state;
    const viewer = this.viewer;
    const { view, legal } = await this.call(() => this.engine.turn(state, viewer));
    this.take(view, legal);
  }

  take(view, legal) {
    this.view = view;
    this.legal = legal;
    // one level per seat: null for the person
    const seats = (view.hand_sizes || [null]).length;
    this.levels = Array.from({ length: seats }, (_, s) =>
      s === this.human ? null : (Array.isArray(this.levels) && this.levels[s]) || DEFAULT_LEVEL,
    );
  }

  advance(result) {
    this.record.actions.length = this.position;
    this.record.actions.push({ seat: result.seat, action: result.action });
    this.states.length = this.position + 1;
    this.position += 1;
    this.states[this.position] = result.state;
    this.take(result.view, result.legal);
  }

  /** The person's move; resolves with the events. */
  play(action) {
    return this.move(null, action).then((move) => move.events);
  }

  /**
   * A person's move through the move queue: `seat`'s (null: the seat whose view is
   * shown), checked by the engine once every move before it is played. With `turn` (the
   * position the mover saw: a friend's move over a connection), a move that comes after
   * the table has moved on is refused (MoveRefused) and nothing is played.
   * @param {number | null} seat
   * @param {object} action
   * @param {number | null} [turn]
   * @returns {Promise<{seat: number, action: object, events: object[]}>}
   */
  move(seat, action, turn = null) {
    return this.moves.add(async () => {
      if (turn !== null && turn !== this.position) throw new MoveRefused(MOVED_ON);
      const state = this.state;
      const viewer = this.viewer;
      const mover = seat ?? viewer;
      const result = await this.call(() => this.engine.play(state, action, mover, viewer));
      this.advance(result);
      return { seat: mover, action: result.action, events: result.events };
    });
  }

  /** What `seat` (the person's, by default) would see after `actions` of its own, a
   * choice of several moves being made (a Sabacc aside): {view, legal}. Nothing is
   * played; the engine refuses an action that is not that seat's to make. */
  async ahead(actions, seat = this.human) {
    let state = this.state;
    for (const action of actions) {
      const before = state;
      ({ state } = await this.call(() => this.engine.apply(before, action, seat)));
    }
    const after = state;
    return this.call(() => this.engine.turn(after, seat));
  }

  /** The computer player to act chooses (from its own view, in the worker) and moves. */
  botMove() {
    return this.moves.add(async () => {
      const result = await this.botThink();
      this.thought = null;
      this.advance(result);
      return { seat: result.seat, action: result.action, events: result.events };
    });
  }

  /** The computer player to act starts working out its move now (while the move before
   * it is still being shown); nothing changes until botMove(), which uses it. The same
   * move as botMove() alone would make: its seed is fixed by the deal and the position. */
  botThink() {
    const state = this.state;
    if (this.thought?.state !== state) {
      const seat = state.to_act;
      // a seed of its own for every decision, fixed by the deal and the move number
      const seed = (this.record.seed * 7919 + this.position * 104729 + seat) % 2 ** 48;
      const level = this.levels[seat] || DEFAULT_LEVEL;
      const viewer = this.viewer;
      const promise = this.call(() => this.engine.botPlay(state, level, seed, viewer));
      promise.catch(() => {}); // (a failure is botMove's to report)
      this.thought = { state, promise };
    }
    return this.thought.promise;
  }

  /** Go to position `target` (0: the deal as dealt); resolves with whether it moved. */
  goto(target) {
    return this.moves.add(async () => {
      if (target < 0 || target > this.record.actions.length || target === this.position)
        return false;
      this.states[target] = await this.stateAt(target);
      this.position = target;
      await this.refresh();
      return true;
    });
  }

  undo() {
    return this.goto(this.position - 1);
  }

  redo() {
    return this.goto(this.position + 1);
  }

  /** The events of the move that made position `k` (k >= 1). */
  eventsOf(k) {
    return this.moves.add(async () => {
      if (k < 1 || k > this.record.actions.length) return [];
      const before = await this.stateAt(k - 1);
      const { seat, action } = this.record.actions[k - 1];
      const { events } = await this.call(() => this.engine.apply(before, action, seat));
      return events;
    });
  }

  /** The state at position `index`: known, or worked out from the nearest earlier state
   * known (a move at a time when it is near: a review steps through a hand), or replayed. */
  async stateAt(index) {
    if (this.states[index]) return this.states[index];
    let from = index - 1;
    while (from >= 0 && !this.states[from]) from -= 1;
    if (from >= 0 && index - from <= NEAR) {
      let state = this.states[from];
      for (let k = from; k < index; k += 1) {
        const { seat, action } = this.record.actions[k];
        const before = state;
        ({ state } = await this.call(() => this.engine.apply(before, action, seat)));
        state = await reseeded(this.engine, this.record, k + 1, state, (task) => this.call(task));
        this.states[k + 1] = state;
      }
      return state;
    }
    const record = { ...this.record, actions: this.record.actions.slice(0, index) };
    const state = await this.call(() => this.engine.replay(record));
    this.states[index] = state;
    return state;
  }
}
