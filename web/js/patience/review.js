// The patience's review on the page (table/walk.js walks it; the engine's review reads the
// real stock): the board as it was before each move that had a choice (patience/table.js,
// read-only, with ids of its own), the pile of the move made and of the winning move
// there marked and pointed at, and at the move that lost the deal the first moves of the
// solver's winning line from there, replayed by the engine for their words.
//
// Marks (the engine's: celestix/review/marks.py), by the loss in percent of a win (the hints' unit): a
// move after which the solver proves the deal lost is a blunder (100), one after which
// it finds no winning line without proving the loss a mistake (50); the others are fine,
// or not judged when the solver could not tell. docs/FRONTEND.md, "Review".
//
//   await reviewDeal(page)   the review of the page's game, to its position

import { cardName } from "../cards/card.js";
import { h } from "../ui/dom.js";
import { Positions, reviewRun } from "../table/review.js";
import { openReview, picture } from "../table/walk.js";
import { foundationName } from "./messages.js";
import { PatienceTable } from "./table.js";
import { plural } from "../ui/words.js";

// The moves of the solver's line put into words at the move that lost the deal
const LINE_SHOWN = 12;

export function reviewDeal(page) {
  const s = page.session;
  if (!s) return null;
  const record = { ...s.record, actions: s.record.actions.slice(0, s.position) };
  const run = reviewRun(page.engine, { record, seat: 0 }, (task) => page.ask(task));
  run.positions ??= new Positions(s, 0);
  const board = new PatienceReviewBoard({
    run,
    ask: (task) => page.ask(task),
    engine: page.engine,
  });
  return openReview({ run, board, title: `Review of deal ${record.seed}` });
}

class PatienceReviewBoard {
  constructor({ run, ask, engine }) {
    this.run = run;
    this.positions = run.positions;
    this.ask = ask;
    this.engine = engine;
    this.views = new Map();
    /** the deal's first view (its foundations' bases), once prepared */
    this.bases = null;
    /** @type {Promise<string[]> | null} the winning line's words, once asked for */
    this.lineWords = null;
    this.line = h("section", {
      class: "rv-line",
      "aria-label": "A way to win from here",
      hidden: true,
    });
    this.board = h("div", { class: "rv-patience" });
    this.el = h("div", { class: "rv-board" }, this.board, this.line);
    const none = () => {};
    this.table = new PatienceTable(
      this.board,
      { stock: none, wasteCard: none, foundation: none },
      { prefix: "rv-pt", readOnly: true },
    );
  }

  /** (Every move is a decision of the patience's review, judged as a whole at the end.)
   * The deal's first position: the foundations' bases, which never change, for the
   * summary's words of a decision not yet drawn ("on the Jack foundation", never "on a
   * foundation"). */
  async prepare() {
    this.bases = (await this.positions.at(0)).view;
  }

  /** While the review works: what it does (it judges the deal as a whole, so it has no
   * decisions to count until the end, only the moves after which it has played on). */
  workingLede() {
    return "The review plays the deal on after some of your moves, knowing the face-down cards, to find the move after which it could no longer be won.";
  }

  workingCount(done) {
    const looking = "Looking for the move that cost the deal";
    return done ? `${looking}: ${done} of your moves checked so far.` : `${looking}…`;
  }

  walked(decision) {
    return decision.choices > 1;
  }

  async show(decision) {
    const { view, legal } = await this.positions.at(decision.index);
    this.views.set(decision.index, view);
    this.table.render(view, { legal });
    const same = decision.loss === 0;
    const played = this.target(decision.action);
    const better = same ? null : this.target(decision.best);
    for (const el of this.table.el.querySelectorAll("[data-mark]"))
      if (el instanceof HTMLElement) delete el.dataset.mark;
    if (played) played.dataset.mark = played === better ? "both" : "played";
    if (better && better !== played) better.dataset.mark = "best";
    if (better) this.table.point(decision.best.type === "build" ? decision.best.to : "stock");
    await this.showLine(decision);
  }

  /** The element of the pile a move uses: a foundation, or the stock. */
  target(action) {
    if (action.type === "build") return this.table.foundations[action.to]?.li ?? null;
    return this.table.el.querySelector(".pt-stock-area");
  }

  /** At the move that lost the deal: the solver's winning line from there. */
  async showLine(decision) {
    const outcome = this.run.review?.outcome;
    const line = outcome && outcome.index === decision.index ? outcome.line || [] : [];
    this.line.hidden = !line.length;
    if (!line.length) return;
    this.lineWords ??= this.words(decision.index, line.slice(0, LINE_SHOWN));
    const words = await this.lineWords;
    const more = line.length - words.length;
    this.line.replaceChildren(
      h("h4", { text: `A way to win from here, in ${plural(line.length, "move")}` }),
      h(
        "ol",
        { class: "rv-line-moves" },
        words.map((text) => h("li", { text })),
      ),
      more > 0 ? h("p", { text: `…and ${plural(more, "more move")}.` }) : null,
    );
  }

  /** The moves of a line from the position before `index`, in words (the engine plays them). */
  async words(index, moves) {
    // (the view names the foundations by their bases, which never change)
    const start = await this.positions.at(index);
    const view = start.view;
    let state = start.state;
    const out = [];
    for (const action of moves) {
      const before = state;
      const result = await this.ask(() => this.engine.apply(before, action, 0));
      state = result.state;
      const event = result.events.find((e) => e.type === action.type);
      if (action.type === "deal")
        out.push(`Deal ${event ? `the ${cardName(event.card)}` : "a card"}`);
      else if (action.type === "build")
        out.push(
          `Build ${event ? `the ${cardName(event.card)}` : "the waste's top card"} on ${foundationName(view, action.to)}`,
        );
      else out.push("Turn the waste over (redeal)");
    }
    return out;
  }

  title(decision) {
    return `Move ${decision.index + 1}`;
  }

  actionName(action, decision) {
    // (the card: the engine names the waste's top card of every move it judged)
    const view = this.views.get(decision.index);
    const top = decision.card ?? view?.waste[view.waste.length - 1];
    const card = top ? `the ${cardName(top)}` : null;
    const bases = view ?? this.bases;
    if (action.type === "build")
      return `building ${card || "the waste's top card"} on ${bases ? foundationName(bases, action.to) : "a foundation"}`;
    if (action.type === "deal") return card ? `holding ${card} and dealing` : "dealing a card";
    return "turning the waste over";
  }

  lossWords(decision) {
    // what the move cost, for "A blunder that cost the deal"
    return decision.loss >= 100 ? "the deal" : "the deal, most likely";
  }

  /** The summary's picture: the deal as it ended (every pile, read-only). Made once. */
  ending() {
    if (this.end) return this.end;
    const board = h("div", { class: "rv-ending-board" });
    this.end = picture("The deal as it ended", board);
    const none = () => {};
    const table = new PatienceTable(
      board,
      { stock: none, wasteCard: none, foundation: none },
      { prefix: "rv-end", readOnly: true },
    );
    this.positions
      .at(this.run.record.actions.length)
      .then(({ view, legal }) => table.render(view, { legal }));
    return this.end;
  }

  /** How the review knows (the outcome's words, what it could tell and what not, are
   * the summary's own): it read the cards the person could not see. */
  summary(review) {
    if (!review.outcome.probes) return null;
    return h("p", {
      class: "rv-par-text",
      text: "To judge your moves, the review knew the order of the face-down cards, which you could not see as you played.",
    });
  }
}
