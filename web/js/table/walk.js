// The review on the page (table/review.js runs it): a dialog that first shows the engine
// at work (a progress bar and Cancel), then walks the hand like the rules demos do: a
// summary, then each of the person's decisions in order, the position before it drawn by
// the game's board (the card or bid played, and the better one pointed at), its mark by
// the size of its loss, and the engine's reason, in an advice panel (and said, with the
// step's place, in the dialog's own polite live region). Back and Forward (buttons; the Left and Right arrow keys), Home (the
// summary), End (the last decision). The verdict comes before the position (on a phone, the
// words are in view first). The walk may start once every decision is judged:
// the hand's par (the review's last steps) then fills in the summary when it comes.
// Cancel shows while the engine works, Close (the dialog's button) once the walk or a
// failure is on screen. Closing the dialog (Close, Cancel, Escape) stops the review after its current step;
// the same review asked for again goes on from there.
//
//   await openReview({run, board, title})
//     run: ReviewRun (each decision's mark is the engine's: table/review.js markOf);
//     board: the game's (table/reviewboard.js for the trick games, patience/review.js):
//       board.el                           the position, drawn above the words
//       await board.prepare(indices)       before the steps run: the decisions' positions
//       await board.show(decision, mark)   draw the position before `decision`
//       board.title(decision)              "Trick 4", "Your bid", "Move 166"
//       board.lossWords(decision)          what the decision cost ("15 points", "the deal")
//       board.actionName(action, decision) the move in words ("the 9 of Void")
//       board.summary(review) -> Node      the game's part of the summary (par, outcome)
//       board.ending() -> Node             the summary's picture, last (and under the
//                                          bar while the engine works): the hand as dealt,
//                                          the deal as it ended (the room under the words
//                                          is never left empty at the summary)
//       board.walked(decision) -> bool     whether the walk stops at this decision
//       board.workingLede?() -> string     what the review does, while it works
//       board.workingCount?(done) -> string  a board whose review judges the game as a
//                                          whole: the progress in its words ("3 of your
//                                          moves checked so far")
//   The dialog's data-review is "running", "ready" (the walk) or "failed"; data-step is
//   the step shown (0: the summary) once it is drawn; data-done says the review is whole;
//   data-progress is "done/total" steps. Closed, it gives focus back to where it was.

import { AdvicePanel } from "../ui/advice.js";
import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { iconButton } from "../ui/icons.js";
import { MARKS, markOf, markSentence } from "./review.js";
import { plural } from "../ui/words.js";
import { messageOf } from "../engine/errors.js";

// What the review is doing, while it works (a board may say it in its own words)
const JUDGING =
  "The strong computer player is looking at each of your decisions, from what you could see at the time.";

/** The summary's picture (board.ending): `body` on the felt under its title. */
export function picture(title, body) {
  return h("section", { class: "rv-ending", "aria-label": title }, h("h4", { text: title }), body);
}

export async function openReview({ run, board, title }) {
  const walk = new Walk({ run, board });
  const opener = document.activeElement;
  const answer = await openDialog({
    title,
    body: walk.el,
    className: "wide-dialog review-dialog",
    actions: [{ label: "Close", value: "close" }],
    initialFocus: ".rv-cancel",
    onOpen: (dialog) => walk.start(dialog),
  });
  if (opener instanceof HTMLElement && opener.isConnected && !opener.closest("[inert]"))
    opener.focus({ preventScroll: true });
  return answer;
}

class Walk {
  constructor({ run, board }) {
    this.run = run;
    this.board = board;
    this.steps = []; // the decisions walked, in order (step k is steps[k - 1])
    this.at = -1;
    this.prepared = false; // the board has the decisions' positions
    this.drawing = 0;
    this.closed = false;
    this.build();
  }

  build() {
    this.bar = h("div", { class: "rv-bar-fill" });
    this.meter = h(
      "div",
      {
        class: "rv-bar",
        role: "progressbar",
        "aria-label": "Review",
        "aria-valuemin": "0",
        "aria-valuemax": "100",
        "aria-valuenow": "0",
      },
      this.bar,
    );
    this.counts = h("p", { class: "rv-count" });
    // each decision as it is judged, its mark beside it (the box stood empty under the
    // bar for 20-30 s; audit 8)
    this.judged = h("ol", { class: "rv-judged", "aria-label": "Decisions judged so far" });
    this.listed = 0; // the decisions listed there
    this.listedFinal = false; // from the finished review's list
    this.cancel = h("button", {
      type: "button",
      class: "btn rv-cancel",
      text: "Cancel",
      onclick: () => this.dialog.close(),
    });
    this.working = h(
      "section",
      { class: "rv-working", "aria-label": "The review in progress" },
      h("p", {
        class: "rv-lede",
        text: this.board.workingLede?.() ?? JUDGING,
      }),
      this.meter,
      this.counts,
      h("div", { class: "tp-actions" }, this.cancel),
      this.judged,
    );
    this.heading = h("h3", { class: "rv-step-title", tabindex: "-1" });
    this.counter = h("p", { class: "rv-counter" });
    this.summaryBox = h("div", { class: "rv-summary" });
    this.stage = h("div", { class: "rv-stage" }, this.board.el);
    this.advice = new AdvicePanel({ label: "Verdict", closable: false, speak: false });
    this.said = h("p", {
      class: "sr-only rv-said",
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
    });
    this.advice.el.classList.add("rv-verdict");
    // a reason longer than the room the position leaves scrolls in the panel: the keys
    // scroll it once it has focus (review.css)
    this.advice.el.tabIndex = 0;
    this.back = iconButton("undo", "Back", { className: "rv-back", shortcut: "ArrowLeft" });
    this.forward = iconButton("redo", "Forward", {
      className: "primary rv-forward",
      shortcut: "ArrowRight",
    });
    this.toSummary = iconButton("list", "Summary", {
      className: "quiet rv-to-summary",
      shortcut: "Home",
      hideLabel: true,
    });
    this.back.addEventListener("click", () => this.show(this.at - 1));
    this.forward.addEventListener("click", () => this.show(this.at + 1));
    this.toSummary.addEventListener("click", () => this.show(0));
    this.walkBox = h(
      "section",
      { class: "rv-walk", "aria-label": "The walk through your decisions", hidden: true },
      h("div", { class: "rv-head" }, this.heading, this.counter),
      this.summaryBox,
      this.advice.el,
      this.stage,
      h(
        "div",
        { class: "rv-nav", role: "group", "aria-label": "Step through your decisions" },
        this.back,
        this.toSummary,
        this.forward,
      ),
      this.said,
    );
    this.failure = h("p", { class: "rv-failure", role: "alert", hidden: true });
    this.el = h("div", { class: "rv" }, this.working, this.walkBox, this.failure);
  }

  async start(dialog) {
    this.dialog = dialog;
    // one way out at a time: Cancel while the engine works, Close once it is done
    this.close = dialog.querySelector(".dialog-actions button");
    this.close.hidden = true;
    dialog.dataset.review = "running";
    dialog.addEventListener("close", () => {
      this.closed = true;
    });
    dialog.addEventListener("keydown", (event) => this.key(event));
    this.progress();
    try {
      // the positions first, while the worker is free (their moves would otherwise wait
      // behind the review's steps)
      const job = await this.run.plan();
      await this.board.prepare(job.decisions);
      if (this.closed) return;
      this.prepared = true;
      // the summary's picture under the bar while the engine works (once the positions
      // are read): the box never stands empty (audits 11, 12: a bar over 500 px of
      // nothing); the summary takes it when the walk begins
      this.working.append(this.board.ending());
      await this.run.go({ progress: () => this.progress(), stopped: () => this.closed });
    } catch (error) {
      if (this.closed) return;
      dialog.dataset.review = "failed";
      this.working.hidden = true;
      this.close.hidden = false;
      this.failure.hidden = false;
      this.failure.textContent = `The review could not be finished: ${messageOf(error)}`;
      dialog.querySelector(".dialog-actions button")?.focus();
    }
  }

  /** The run moved on: the progress, then the walk once every decision is judged. */
  progress() {
    if (this.closed) return;
    const { done, total } = this.run.progress;
    const share = total ? Math.round((100 * done) / total) : 0;
    this.bar.style.width = `${share}%`;
    this.meter.setAttribute("aria-valuenow", String(share));
    this.meter.setAttribute("aria-valuetext", `${share}% done`);
    this.dialog.dataset.progress = `${done}/${total}`;
    const judged = this.run.decisions.length;
    this.counts.textContent = !total
      ? "Starting…"
      : this.board.workingCount
        ? this.board.workingCount(done)
        : `Judging your decisions: ${plural(judged, "decision")} judged so far.`;
    if (this.prepared) this.listJudged();
    if (this.run.review) this.dialog.dataset.done = "";
    if (this.at < 0 && this.prepared && (this.run.judged || this.run.review)) this.begin();
    else if (this.at === 0) this.drawSummary();
  }

  /** The decisions judged so far, one line each ("★ Trick 3 Best"), the latest in view. */
  listJudged() {
    const decisions = this.run.decisions;
    // (the review's own list, once it is done, holds the marks as they stand)
    const final = Boolean(this.run.review);
    if (decisions.length < this.listed || (final && !this.listedFinal)) {
      this.judged.replaceChildren();
      this.listed = 0;
    }
    this.listedFinal = final;
    const rows = decisions.slice(this.listed).flatMap((decision) => {
      if (!this.board.walked(decision)) return [];
      const mark = markOf(decision);
      const { sign, word } = MARKS[mark];
      return [
        h(
          "li",
          { class: "rv-judged-item", dataset: { mark } },
          h("span", { class: "rv-judged-sign", "aria-hidden": "true", text: sign }),
          h("span", { class: "rv-judged-title", text: this.board.title(decision) }),
          h("span", { class: "rv-judged-word", text: word }),
        ),
      ];
    });
    this.listed = decisions.length;
    if (!rows.length) return;
    this.judged.append(...rows);
    this.judged.scrollTop = this.judged.scrollHeight;
  }

  /** Every decision judged: the walk, from the summary. */
  begin() {
    this.steps = this.run.decisions.filter((decision) => this.board.walked(decision));
    this.working.hidden = true;
    this.close.hidden = false;
    this.walkBox.hidden = false;
    this.dialog.dataset.review = "ready";
    // focus on Forward, unless the person has put it elsewhere meanwhile (on Close, say)
    const active = document.activeElement;
    const lost =
      !active ||
      active === document.body ||
      active === this.dialog ||
      this.working.contains(active);
    this.show(0).then(() => lost && this.forward.focus({ preventScroll: true }));
  }

  key(event) {
    if (
      event.defaultPrevented ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      this.walkBox.hidden
    )
      return;
    const step = {
      ArrowLeft: this.at - 1,
      ArrowRight: this.at + 1,
      Home: 0,
      End: this.steps.length,
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    this.show(step);
  }

  /** Show step k (0: the summary; k: the k-th decision walked). */
  async show(k) {
    if (k < 0 || k > this.steps.length || this.closed) return;
    const drawing = ++this.drawing;
    const moved = k !== this.at;
    this.at = k;
    this.back.disabled = k === 0;
    this.forward.disabled = k === this.steps.length;
    this.toSummary.disabled = k === 0;
    // a button that becomes disabled gives its focus to the one next to it
    const active = document.activeElement;
    if (active && "disabled" in active && active.disabled)
      (k === 0 ? this.forward : this.back).focus({ preventScroll: true });
    if (k === 0) {
      this.stage.hidden = true;
      this.summaryBox.hidden = false;
      this.heading.textContent = "Summary";
      this.counter.textContent = `${plural(this.steps.length, "decision")} to step through`;
      this.drawSummary();
      this.advice.clear();
      this.said.textContent =
        `Summary. ${this.run.review ? this.run.review.summary.text : ""}`.trim();
    } else {
      const decision = this.steps[k - 1];
      const mark = markOf(decision);
      try {
        await this.board.show(decision, mark);
      } catch (error) {
        if (drawing !== this.drawing || this.closed) return;
        this.failure.hidden = false;
        this.failure.textContent = `This position could not be shown: ${messageOf(error)}`;
        return;
      }
      if (drawing !== this.drawing || this.closed) return;
      this.failure.hidden = true;
      this.summaryBox.hidden = true;
      this.stage.hidden = false;
      this.heading.textContent = this.board.title(decision);
      this.counter.textContent = `Decision ${k} of ${this.steps.length}`;
      this.verdict(decision, mark);
    }
    this.dialog.dataset.step = String(k);
    if (moved) this.el.closest(".dialog-body")?.scrollTo({ top: 0 });
  }

  /** The decision's mark and the engine's reason, said in the live panel. */
  verdict(decision, mark) {
    const { sign } = MARKS[mark];
    const loss = decision.loss > 0 ? this.board.lossWords(decision) : "";
    const sentence = markSentence(mark, loss);
    const title = `${sign} ${sentence}`;
    const played = `Your choice: ${this.board.actionName(decision.action, decision)}.`;
    const better =
      mark === "best" || mark === "forced" || mark === "unknown" || decision.loss === 0
        ? []
        : [`Better: ${this.board.actionName(decision.best, decision)}.`];
    const tone = { best: "won", fine: "won", blunder: "lost", mistake: "lost" }[mark] || "hint";
    this.advice.show({
      title,
      text: decision.reason,
      items: [played, ...better],
      tone,
      iconName: "hint",
    });
    this.advice.el.dataset.mark = mark;
    this.said.textContent = `${this.counter.textContent}, ${this.heading.textContent}. ${sentence}. ${decision.reason}`;
  }

  /** The summary: the engine's words, the marks counted, the game's part (par), and the
   * costliest decisions, each a button to go to it. */
  drawSummary() {
    const review = this.run.review;
    // the tally counts the decisions the walk steps through, as its counter does ("95
    // decisions to step through" stood over "Fine: 94 · Blunder: 1 · Forced: 175"); the
    // moves it skips (the patience's, with no choice) are said apart
    const counts = new Map();
    let skipped = 0;
    for (const decision of this.run.decisions) {
      if (!this.board.walked(decision)) {
        skipped += 1;
        continue;
      }
      const mark = markOf(decision);
      counts.set(mark, (counts.get(mark) || 0) + 1);
    }
    const tally = h(
      "ul",
      { class: "rv-tally", "aria-label": "Your decisions by mark" },
      Object.keys(MARKS)
        .filter((mark) => counts.has(mark))
        .map((mark) =>
          h(
            "li",
            { dataset: { mark } },
            h("span", { class: "rv-sign", "aria-hidden": "true", text: MARKS[mark].sign }),
            ` ${MARKS[mark].word}: ${counts.get(mark)}`,
          ),
        ),
    );
    const parts = [];
    if (review) {
      parts.push(
        h("p", { class: "rv-summary-text", text: review.summary.text }),
        tally,
        skipped
          ? h("p", {
              class: "rv-skipped",
              text: `Not counted: ${plural(skipped, "move")} with no choice, which the walk skips.`,
            })
          : null,
        this.board.summary(review),
      );
      const costly = review.summary.costliest
        .map((index) => this.steps.findIndex((d) => d.index === index))
        .filter((k) => k >= 0);
      if (costly.length) {
        parts.push(
          h("h4", {
            text: costly.length === 1 ? "Your costliest decision" : "Your costliest decisions",
          }),
          h(
            "ul",
            { class: "rv-costly" },
            costly.map((k) => {
              const decision = this.steps[k];
              const label = `${this.board.title(decision)}: ${this.board.actionName(decision.action, decision)}, which cost ${this.board.lossWords(decision)}`;
              return h(
                "li",
                {},
                h("button", {
                  type: "button",
                  class: "btn quiet rv-jump",
                  text: label,
                  onclick: () =>
                    this.show(k + 1).then(() => this.heading.focus({ preventScroll: true })),
                }),
              );
            }),
          ),
        );
      }
    } else {
      parts.push(
        h("p", {
          class: "rv-summary-text",
          text: "Every decision is judged. Working out the best possible result, with every hand seen…",
        }),
        tally,
      );
    }
    // the picture last, once the review is whole (it fills the room the words leave)
    if (review) parts.push(this.board.ending());
    this.summaryBox.replaceChildren(...parts.filter(Boolean));
  }
}
