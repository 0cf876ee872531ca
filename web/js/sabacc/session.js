// A game of Contract Sabacc in progress: the record {game, options, seed, setup,
// actions: [{seat, action}]}, the engine's state for its end, and what the person at
// seat 0 sees (view and legal actions). Every move goes through engine.apply; a saved
// record comes back through engine.replay (which checks every move again). Computer
// players choose with engine.botAction from their own seat's view, in the worker.

import { recordAsPlayed } from "./store.js";

export const GAME = "sabacc";
export const HUMAN = 0;

export class SabaccSession {
  constructor(engine, record, state, levels) {
    this.engine = engine;
    this.record = record;
    this.state = state;
    this.levels = levels; // per seat: null for the person, else a bot level
    this.view = null;
    this.legal = [];
    this.queue = Promise.resolve();
  }

  /** A new game; `levels[s]` is the level of computer seat s (index 0 is ignored). */
  static async start(engine, options, seed, levels) {
    const state = await engine.newGame(GAME, options, seed);
    const record = { game: GAME, options: state.options, seed: state.seed, setup: null, actions: [] };
    const session = new SabaccSession(engine, record, state, normaliseLevels(levels, state.options.players));
    await session.refresh();
    return session;
  }

  /** Pick up a saved game: the engine replays its record (as it was played: store.js). */
  static async resume(engine, saved) {
    const state = await engine.replay(recordAsPlayed(saved.record));
    const record = { ...saved.record, options: state.options };
    const session = new SabaccSession(engine, record, state, normaliseLevels(saved.levels, state.options.players));
    await session.refresh();
    return session;
  }

  get seed() {
    return this.record.seed;
  }

  get options() {
    return this.record.options;
  }

  get players() {
    return this.state.options.players;
  }

  get moves() {
    return this.record.actions.length;
  }

  /** Run `task` after every earlier one (moves never overlap). */
  serial(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** The person's view and legal actions for the current state. */
  async refresh() {
    const { view, legal } = await this.engine.turn(this.state, HUMAN);
    this.view = view;
    this.legal = legal;
  }

  /** Play `action` for `seat`; resolves with the events (rejects with the engine's refusal). */
  apply(action, seat) {
    return this.serial(async () => {
      const { state, events } = await this.engine.apply(this.state, action, seat);
      this.state = state;
      this.record.actions.push({ seat, action });
      await this.refresh();
      return events;
    });
  }

  /** The computer player's choice for the seat to act, from that seat's view alone. */
  async botChoice() {
    const seat = this.state.to_act;
    const view = await this.engine.view(this.state, seat);
    // A seed of its own for every decision, fixed by the game and the move number.
    const seed = (this.record.seed * 7919 + this.record.actions.length * 104729 + seat) % 2 ** 48;
    return { seat, action: await this.engine.botAction(view, this.levels[seat] || "basic", seed) };
  }
}

function normaliseLevels(levels, players) {
  const out = [null];
  for (let s = 1; s < players; s += 1) out.push((Array.isArray(levels) && levels[s]) || "basic");
  return out;
}
