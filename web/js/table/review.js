// The review of a hand (issue 16; docs/REVIEW.md; FRONTEND.md "Review"): the engine judges
// the person's decisions in the worker a step at a time (engine.reviewPlan, then
// engine.reviewStep until job.review is set), so the page can show the progress and stop
// between two steps (cancelling is not asking for the next one). table/walk.js then walks
// the hand. Nothing here judges a move: the marks only sort the engine's losses by size,
// in each game's unit.
//
//   const run = reviewRun(engine, {record, seat, hand}, ask)
//       one run per record, seat and hand, kept (the last few): a review asked for again
//       goes on where it stopped, or is there at once. `ask(task)` makes an engine call
//       (TablePage.ask: it survives the worker's restart).
//   await run.plan()    the job's plan (run.job.decisions: the indices of the decisions)
//   await run.go({progress(run), stopped() -> bool})   steps until done or stopped
//   run.review          the review once done, else null
//   run.judged          every decision is judged (the walk may start; a hand's par, the
//                       review's last steps, may still be on its way)
//   run.decisions       the decisions judged so far, in order
//   run.progress        {done, total} steps
//   markOf(decision) -> "best" | "fine" | "inaccuracy" | "mistake" | "blunder" |
//                       "forced" | "unknown": the engine's mark (celestix/review/marks.py,
//                       the one place its thresholds live, which the summary follows)
//   MARKS[mark] -> {word, sign, cost}; markSentence(mark, loss) -> "A mistake that cost 6 points"
//   const positions = new Positions(session, seat)
//   await positions.at(index) -> {state, view, legal}: the position before action `index`

// The level the review judges with: the hints' (the strongest the site has).
export const REVIEW_LEVEL = "strong";
// Runs kept for a review asked for again
const KEEP = 8;
const runs = new Map();

// What each mark is called, and its sign (the chess annotators' where they have one);
// a mark is never shown by colour alone. `cost` starts the sentence of a decision that
// lost something ("A mistake that cost about half a chip").
export const MARKS = {
  best: { word: "Best", sign: "★" },
  fine: { word: "Fine", sign: "✓", cost: "Fine, though it cost" },
  inaccuracy: { word: "Inaccuracy", sign: "?!", cost: "An inaccuracy that cost" },
  mistake: { word: "Mistake", sign: "?", cost: "A mistake that cost" },
  blunder: { word: "Blunder", sign: "??", cost: "A blunder that cost" },
  forced: { word: "Forced", sign: "•" },
  unknown: { word: "Not judged", sign: "–" },
};

/** The mark in a sentence: "A mistake that cost about half a chip" (`loss`: the game's
 * words for what the decision lost, or "" for the mark's word alone). */
export function markSentence(mark, loss) {
  const { word, cost } = MARKS[mark];
  return loss ? `${cost || `${word}: it cost`} ${loss}` : word;
}

/** A decision's mark, as the engine gave it (forced, not judged, or by the size of its
 * loss in the game's unit). */
export function markOf(decision) {
  return decision.mark in MARKS ? decision.mark : "unknown";
}

/** The run of the review of `seat`'s decisions in `record` (of `hand` only, if given). */
export function reviewRun(engine, { record, seat, hand = null }, ask = (task) => task()) {
  const key = JSON.stringify([record, seat, hand, REVIEW_LEVEL]);
  let run = runs.get(key);
  if (run) {
    runs.delete(key); // (the most recent last)
    run.ask = ask;
  } else {
    run = new ReviewRun(engine, { record, seat, hand }, ask);
    if (runs.size >= KEEP) runs.delete(runs.keys().next().value);
  }
  runs.set(key, run);
  return run;
}

class ReviewRun {
  constructor(engine, { record, seat, hand }, ask) {
    this.engine = engine;
    this.record = record;
    this.seat = seat;
    this.hand = hand;
    this.ask = ask;
    this.job = null;
    this.loop = null;
    this.planning = null;
    this.listen = {};
  }

  get review() {
    return this.job?.review ?? null;
  }

  get progress() {
    return this.job ? this.job.progress : { done: 0, total: 0 };
  }

  get judged() {
    const job = this.job;
    return Boolean(
      job && (job.review || (job.decisions.length && job.done >= job.decisions.length)),
    );
  }

  get decisions() {
    if (this.review) return this.review.decisions;
    const job = this.job;
    return job ? job.results.filter((_, i) => job.steps[i].type === "decision") : [];
  }

  /** The job, planned (one call; the steps are not run). */
  plan() {
    if (this.job) return Promise.resolve(this.job);
    const { record, seat, hand } = this;
    this.planning ??= this.ask(() =>
      this.engine.reviewPlan(record, seat, REVIEW_LEVEL, undefined, hand ?? undefined),
    )
      .then((job) => {
        this.job ??= job;
        return this.job;
      })
      .finally(() => {
        this.planning = null;
      });
    return this.planning;
  }

  /** Step until the review is done or `stopped()`; one loop at a time (a later call's
   * `progress` and `stopped` take over the loop already running). */
  go({ progress = () => {}, stopped = () => false } = {}) {
    this.listen = { progress, stopped };
    this.loop ??= this.steps().finally(() => {
      this.loop = null;
    });
    return this.loop;
  }

  async steps() {
    await this.plan();
    this.listen.progress(this);
    while (!this.job.review && !this.listen.stopped()) {
      const job = this.job;
      this.job = await this.ask(() => this.engine.reviewStep(job));
      this.listen.progress(this);
    }
    return this;
  }
}

/** The positions of a session's record, as a seat saw them (the review's walk). */
export class Positions {
  constructor(session, seat) {
    this.session = session;
    this.seat = seat;
    this.known = new Map();
  }

  /** The position before action `index`: {state, view, legal}. */
  async at(index) {
    if (!this.known.has(index)) {
      const found = (async () => {
        const state = await this.session.stateAt(index);
        const { view, legal } = await this.session.call(() =>
          this.session.engine.turn(state, this.seat),
        );
        return { state, view, legal };
      })();
      this.known.set(index, found);
      found.catch(() => this.known.delete(index));
    }
    return this.known.get(index);
  }
}
