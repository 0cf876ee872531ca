// A trick game's hand (round) ended (table/flow.js TrickPage): its summary until the
// person has seen it (the mark is kept in the save), with the history and the review
// offered, then the next hand dealt in.

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

/** A hand's end, until the person has seen it: the summary, then the next hand.
 * @param {TrickPage} page
 */
export async function showPending(page) {
  const s = page.session;
  const at = page.pending;
  page.render();
  const events =
    page.pendingEvents && at === s.position ? page.pendingEvents : await s.eventsOf(at);
  if (page.gone || page.session !== s || page.pending !== at) return;
  if (!page.handEnded(events)) {
    // (an older save's mark): that move ended no hand, so there is nothing to show
    page.pending = null;
    page.save();
    page.render();
    page.run();
    return;
  }
  const summary = page.summary(events);
  announce(summary.title);
  const extra = page.postHandActions(events);
  let answer;
  for (;;) {
    answer = await openDialog({
      title: summary.title,
      body: summary.body,
      className: "wide-dialog tp-summary-dialog",
      actions: [
        { label: `${page.HandWord} history`, value: "history" },
        ...extra.map(({ label, value }) => ({ label, value })),
        ...(s.over
          ? [
              { label: "Close", value: "next" },
              { label: "New game", value: "new", primary: true },
            ]
          : [{ label: `Next ${page.handWord}`, value: "next", primary: true }]),
      ],
    });
    if (page.gone || page.session !== s) return;
    const chosen = extra.find((item) => item.value === answer);
    if (answer === "history") await page.showHistory();
    else if (chosen) await chosen.run();
    else break;
  }
  if (page.pending !== at) return;
  page.pending = null;
  page.pendingEvents = null;
  page.landing = !s.over; // the next hand's cards are still to come
  page.save();
  page.trick.clear();
  page.decisionKey = null;
  page.render();
  if (answer === "new") {
    await page.newGame();
    return;
  }
  if (!s.over) {
    await page.dealIn();
    announce(page.turnLine());
  }
  page.run();
}

/** The hand's summary offers its review.
 * @param {TrickPage} page
 */
export function postHandActions(page, events) {
  const end = page.pending;
  const hand = page.handNumber(events);
  return [{ label: "Review", value: "review", run: () => page.reviewHand(end, hand) }];
}

/** A summary's working (a hand's table of points, a count's paired pile), folded under
 * "How it was counted": what the hand meant for the person comes first, above it, in
 * every game and at every width. */
export function countedFold(...nodes) {
  return h(
    "details",
    { class: "tp-working" },
    h("summary", { text: "How it was counted" }),
    ...nodes,
  );
}
