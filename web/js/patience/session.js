// A game in progress: the record (game, options, seed, setup, actions), the position
// in it (undo and redo move the position; a new move drops what was ahead), and the
// engine's answer for the current position (state, view, legal actions).
//
// The engine is the only judge: every move goes through engine.apply, and a saved
// record comes back through engine.replay. States already computed are kept, so undo
// and redo are immediate; after a reload they are recomputed by replaying the record.

const GAME = "patience";
const SEAT = 0;

export class Session {
  constructor(engine, record, position, state) {
    this.engine = engine;
    this.record = record;
    this.position = position;
    this.states = [];
    this.states[position] = state;
    this.view = null;
    this.legal = [];
    this.queue = Promise.resolve();
  }

  /** A fresh deal. `options` may leave things out; the state holds them complete. */
  static async deal(engine, seed, options = {}) {
    const state = await engine.newGame(GAME, options, seed);
    const record = { game: GAME, options: state.options, seed: state.seed, setup: null, actions: [] };
    const session = new Session(engine, record, 0, state);
    await session.refresh();
    return session;
  }

  /** Pick up a saved game: the record is replayed by the engine (which checks every move). */
  static async resume(engine, saved) {
    const { record, position } = saved;
    // The whole record must replay cleanly (redo needs it), then the current position.
    const end = await engine.replay(record);
    const state =
      position === record.actions.length
        ? end
        : await engine.replay({ ...record, actions: record.actions.slice(0, position) });
    // Options left out of a record are the defaults; keep them written out.
    const session = new Session(engine, { ...record, options: state.options }, position, state);
    session.states[record.actions.length] = end;
    await session.refresh();
    return session;
  }

  get seed() {
    return this.record.seed;
  }

  get options() {
    return this.record.options;
  }

  get state() {
    return this.states[this.position];
  }

  get canUndo() {
    return this.position > 0;
  }

  get canRedo() {
    return this.position < this.record.actions.length;
  }

  /** What to save: the record and the position in it. */
  toSaved() {
    return { version: 1, record: this.record, position: this.position };
  }

  /** Run `task` after every earlier one (moves never overlap). */
  serial(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  async refresh() {
    const { view, legal } = await this.engine.turn(this.state, SEAT);
    this.view = view;
    this.legal = legal;
  }

  /** Play `action`; resolves with the engine's events, rejects with its EngineError. */
  act(action) {
    return this.serial(async () => {
      const { state, events } = await this.engine.apply(this.state, action, SEAT);
      const actions = this.record.actions.slice(0, this.position);
      actions.push({ seat: SEAT, action });
      this.record = { ...this.record, actions };
      this.states.length = this.position + 1;
      this.position += 1;
      this.states[this.position] = state;
      await this.refresh();
      return events;
    });
  }

  /** Go to position `target` (0 = the deal as dealt); resolves with whether it moved. */
  goto(target) {
    return this.serial(async () => {
      if (target < 0 || target > this.record.actions.length || target === this.position) return false;
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

  /** The events of the move that led to the current position (e.g. why it was lost). */
  lastEvents() {
    return this.serial(async () => {
      if (this.position === 0) return [];
      const before = await this.stateAt(this.position - 1);
      const { events } = await this.engine.apply(before, this.record.actions[this.position - 1].action, SEAT);
      return events;
    });
  }

  async stateAt(index) {
    if (this.states[index]) return this.states[index];
    if (index === this.position + 1 && this.states[this.position]) {
      const next = this.record.actions[this.position];
      const { state } = await this.engine.apply(this.states[this.position], next.action, next.seat);
      this.states[index] = state;
      return state;
    }
    const state = await this.engine.replay({ ...this.record, actions: this.record.actions.slice(0, index) });
    this.states[index] = state;
    return state;
  }
}
