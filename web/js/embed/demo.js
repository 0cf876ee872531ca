// A rules demo played through the engine (docs/EMBED.md, "The demo data").
//
//   const demo = await loadDemo(id);            // web/demos/<id>.json
//   const run = new DemoRun(engine, demo);
//   const frame = await run.frame(k);           // step k (0-based): {step, state (shown),
//                                                //   before, after, events (shown), refusal}
//
// Exactly what tests/engine/test_demos.py does in Python: new_game(options, seed, setup),
// the prelude's moves, then each step's moves; a move is {seat?, action} or
// {auto: "first-legal" | "last-legal", until: event type}. Frames are computed in order
// and kept, so stepping back and forth costs nothing; nothing here knows a rule.

import { sameJson } from "../engine/json.js";
import { EngineError } from "../engine/errors.js";

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// The most actions one automatic move may take (a whole Sabacc round is 72 plays)
const AUTO_LIMIT = 400;

/** The demo definition `id` from the site's demos/ folder. */
export async function loadDemo(id) {
  if (!ID_PATTERN.test(id || "")) throw new Error(`"${id ?? ""}" is not a demo name.`);
  const response = await fetch(new URL(`../../demos/${id}.json`, import.meta.url));
  if (!response.ok) throw new Error(`There is no demo called "${id}".`);
  return response.json();
}

/** The moves of one step: its action (by its seat) or its list of moves. */
export function stepMoves(step) {
  if (step.action) return [{ seat: step.seat, action: step.action }];
  return step.moves || [];
}

/** Whether two actions are the same (plain JSON, keys in any order). */
export const sameAction = sameJson;

export class DemoRun {
  constructor(engine, demo) {
    this.engine = engine;
    this.demo = demo;
    this.frames = []; // computed so far
    this._state = null; // the state after the last computed frame's moves
    this._busy = null; // the computation in progress
    this._held = []; // the events of a reader's turn, shown with the next frame
    this.autoActions = 0; // actions taken by automatic moves (for the figures)
  }

  get length() {
    return this.demo.steps.length;
  }

  /** Frame k, computing the ones before it first. */
  async frame(k) {
    while (this.frames.length <= k) {
      this._busy = this._busy.then(() => this._next());
      await this._busy;
    }
    return this.frames[k];
  }

  /** The starting state (setup and prelude); must be awaited before frame(). */
  start() {
    const { game, options, seed, setup, prelude } = this.demo;
    this._busy = (async () => {
      let state = await this.engine.newGame(
        game,
        options || undefined,
        seed ?? 0,
        setup || undefined,
      );
      for (const move of prelude || []) state = (await this._play(state, move)).state;
      this._state = state;
    })();
    return this._busy;
  }

  /** Compute the next frame. */
  async _next() {
    const k = this.frames.length;
    if (k >= this.length) return;
    const step = this.demo.steps[k];
    const before = this._state;
    if (step.expect?.refused) {
      // the step shows a refusal: the engine must refuse its action; the state stays
      const [move] = stepMoves(step);
      let refusal = null;
      try {
        await this._play(before, move);
      } catch (error) {
        if (!(error instanceof EngineError) || error.kind !== "illegal") throw error;
        refusal = { message: error.message, rule: error.rule };
      }
      if (!refusal)
        throw new Error(`step ${k + 1}: the engine allowed a move the demo says it refuses`);
      this.frames.push({
        step,
        before,
        state: before,
        after: before,
        events: this._held,
        moveEvents: [],
        refusal,
      });
      this._held = [];
      return;
    }
    let state = before;
    const events = [];
    for (const move of stepMoves(step)) {
      const result = await this._play(state, move);
      state = result.state;
      events.push(...result.events);
    }
    this._state = state;
    // a reader's turn shows the position before its move; the next frame shows the
    // move's result, with its events
    const shown = [...this._held, ...events];
    this._held = step.reader_turn ? events : [];
    this.frames.push({
      step,
      before,
      state: step.reader_turn ? before : state,
      after: state,
      events: step.reader_turn ? [] : shown,
      moveEvents: events,
      refusal: null,
    });
  }

  /** One move: {seat?, action} or an automatic run of first (last) legal actions. */
  async _play(state, move) {
    if (move.auto) {
      const events = [];
      for (let i = 0; i < AUTO_LIMIT; i++) {
        if (state.over) return { state, events };
        const seat = state.to_act;
        const legal = await this.engine.legalActions(state, seat);
        const action = move.auto === "last-legal" ? legal[legal.length - 1] : legal[0];
        const result = await this.engine.apply(state, action, seat);
        this.autoActions++;
        state = result.state;
        events.push(...result.events);
        if (result.events.some((event) => event.type === move.until)) return { state, events };
      }
      throw new Error(`an automatic move found no ${move.until} in ${AUTO_LIMIT} actions`);
    }
    const seat = move.seat ?? state.to_act;
    return this.engine.apply(state, move.action, seat);
  }
}
