// A game at a table in progress: the record, the engine's state at its end, and what
// the person's seat sees. Every move goes through the engine (engine.play); computer
// players choose in the worker from their own seat's view (engine.botPlay), so the page
// never freezes and holds no rules.
//
//   const s = await TableSession.start(engine, game, options, seed, levels, {human: 0})
//   const s = await TableSession.resume(engine, saved)   // engine.replay checks the record
//   s.view, s.legal          the person's view and legal actions now
//   s.state, s.record        the state, {game, options, seed, setup, actions: [{seat, action}]}
//   s.toAct, s.over, s.isHumanTurn, s.isBotTurn
//   await s.play(action)     the person's move -> events (rejects with the engine's refusal)
//   await s.botMove()        the computer player to act moves -> {seat, action, events}
//   s.serial(task)           run `task` after every earlier move (moves never overlap)
//   TableSession.steps(engine, record, onStep, {human, onStart})   replay a record move
//                            by move with engine.play, calling onStart(view) with the
//                            first view, then onStep({seat, action, events, view}) for
//                            each move (rebuilds a hand history from an imported record)

export class TableSession {
  constructor(engine, record, state, levels, human = 0) {
    this.engine = engine;
    this.record = record;
    this.state = state;
    this.levels = levels; // per seat: null for the person, else a bot level
    this.human = human;
    this.view = null;
    this.legal = [];
    this.queue = Promise.resolve();
  }

  static async start(engine, game, options, seed, levels, { human = 0, setup = null } = {}) {
    const state = await engine.newGame(game, options, seed, setup ?? undefined);
    const record = { game, options: state.options, seed: state.seed, setup, actions: [] };
    const session = new TableSession(engine, record, state, levels, human);
    await session.refresh();
    return session;
  }

  static async resume(engine, saved, { human = 0 } = {}) {
    const record = { setup: null, ...saved.record };
    const state = await engine.replay(record);
    const session = new TableSession(engine, { ...record, options: state.options }, state, saved.levels, human);
    await session.refresh();
    return session;
  }

  static async steps(engine, record, onStep, { human = 0, onStart = null } = {}) {
    let state = await engine.newGame(record.game, record.options, record.seed, record.setup ?? undefined);
    if (onStart) await onStart(await engine.view(state, human));
    for (const { seat, action } of record.actions) {
      const result = await engine.play(state, action, seat, human);
      state = result.state;
      await onStep(result);
    }
    return state;
  }

  get seats() {
    return this.view ? this.view.hand_sizes.length : 0;
  }

  get toAct() {
    return this.state.to_act;
  }

  get over() {
    return this.state.over;
  }

  get isHumanTurn() {
    return !this.state.over && this.state.to_act === this.human;
  }

  get isBotTurn() {
    return !this.state.over && this.state.to_act !== null && this.state.to_act !== this.human;
  }

  serial(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  async refresh() {
    const { view, legal } = await this.engine.turn(this.state, this.human);
    this.view = view;
    this.legal = legal;
    // one level per seat (every view has hand_sizes): null for the person
    this.levels = view.hand_sizes.map((_, s) =>
      s === this.human ? null : (Array.isArray(this.levels) && this.levels[s]) || "basic");
  }

  take(result) {
    this.state = result.state;
    this.view = result.view;
    this.legal = result.legal;
    this.record.actions.push({ seat: result.seat, action: result.action });
  }

  /** The person's move; resolves with the events. */
  play(action) {
    return this.serial(async () => {
      const result = await this.engine.play(this.state, action, this.human, this.human);
      this.take(result);
      return result.events;
    });
  }

  /** The computer player to act chooses (from its own view, in the worker) and moves. */
  botMove() {
    return this.serial(async () => {
      const seat = this.state.to_act;
      // a seed of its own for every decision, fixed by the deal and the move number
      const seed = (this.record.seed * 7919 + this.record.actions.length * 104729 + seat) % 2 ** 48;
      const result = await this.engine.botPlay(this.state, this.levels[seat] || "basic", seed, this.human);
      this.take(result);
      return { seat: result.seat, action: result.action, events: result.events };
    });
  }
}
