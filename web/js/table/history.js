// The game's hands as they were played, from the engine's own events: each hand's first
// view (the person's cards as dealt) and every move with its events. Kept in memory as
// the game goes; after a reload or an import it is rebuilt by replaying the record move
// by move (engine.play), the first time the history is asked for. Each game draws a
// hand from it (its own history module); the dialog is table/dialogs.js showHistory.
//
//   const log = new GameLog()
//   log.begin(view)                     the game's first view
//   log.feed({seat, action, events, view})   after each move, in order
//   log.hands -> [{start: view, moves: [{seat, action, events}], done, first}]
//                first: the place of the hand's first move in the game's record
//   await GameLog.rebuild(session)      the log of a session's record so far

import { TableSession } from "./session.js";

export class GameLog {
  constructor() {
    this.hands = [];
    this.count = 0; // moves fed
  }

  begin(view) {
    this.hands = [{ start: view, moves: [], done: false, first: 0 }];
    this.count = 0;
  }

  feed({ seat, action, events, view }) {
    let hand = this.hands[this.hands.length - 1];
    if (!hand) {
      hand = { start: null, moves: [], done: false, first: this.count };
      this.hands.push(hand);
    }
    hand.moves.push({ seat, action, events });
    this.count += 1;
    if (events.some((e) => e.type === "game_over")) hand.done = true;
    // the move that ends a hand deals the next one: its view starts the next hand
    if (events.some((e) => e.type === "deal")) {
      hand.done = true;
      this.hands.push({ start: view, moves: [], done: false, first: this.count });
    }
  }

  /** The finished hands. */
  get finished() {
    return this.hands.filter((hand) => hand.done);
  }

  /** Every event of a hand, in order. */
  static events(hand) {
    return hand.moves.flatMap((move) => move.events);
  }

  static async rebuild(session) {
    const log = new GameLog();
    const record = {
      ...session.record,
      actions: session.record.actions.slice(0, session.position),
    };
    await TableSession.steps(session.engine, record, (step) => log.feed(step), {
      human: session.human,
      onStart: (view) => log.begin(view),
      onLost: session.onLost,
    });
    return log;
  }
}
