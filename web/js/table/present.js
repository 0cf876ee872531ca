// A trick game's moves shown (table/flow.js TrickPage): a new hand's cards dealt in, a
// move's events (cards flying to the trick, the trick's winner, sentences read out), at
// the pace of the speed setting (table/pace.js).

import { announce } from "../ui/live.js";
import { sleep, timing } from "./pace.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

// The share of the trick's pause when the person's own card ended it
const PERSON_LAST = 0.7;

/** A new hand's cards fly in to the person's hand; the turn waits until they land
 * (`data-deal` is "flying" meanwhile, then "landed").
 * @param {TrickPage} page
 */
export async function dealIn(page) {
  const generation = page.generation;
  page.landing = true;
  page.render();
  try {
    await page.hand.dealIn(page.centreRect(), timing().deal * 2);
  } finally {
    if (generation === page.generation) page.landing = false;
  }
  if (generation === page.generation) page.render();
}

/** Show a move's events: cards flying, the trick's winner, sentences read out. A
 * finished trick stays `t.trick` (less after the person's own last card: they have
 * just seen the trick whole), then is swept to its winner; when a computer player
 * leads next, the sweep runs during the pause before its card.
 * @param {TrickPage} page
 */
export async function present(page, events, actor, generation) {
  const t = timing();
  const said = [];
  page.tally(events);
  for (const event of events) {
    if (page.gone || generation !== page.generation) return;
    // Both games' engines report a card played and a trick won the same way:
    // {type: "play", seat, card, trick_number} and {type: "trick", number, winner,
    // card, reason, plays} (docs/ARCHITECTURE.md, "Views, events, bots").
    if (event.type === "play") {
      const { seat, card } = event;
      await page.gathering;
      const from = seat === page.human ? page.hand.take(card) : page.plates[seat].rect();
      const flight = page.trick.play(seat, card, { from, duration: t.fly });
      announce(page.describe(event));
      await flight;
    } else if (event.type === "trick") {
      const { winner } = event;
      page.trick.markWinner(winner, page.trickWords(event));
      announce(page.describe(event));
      const pause = actor === page.human ? t.trick * PERSON_LAST : t.trick;
      if (pause) await sleep(pause);
      page.gathering = page.trick.collect(page.plates[winner].rect(), { duration: t.fly });
      if (!page.session.isBotTurn || page.session.over) await page.gathering;
    } else {
      const line = page.describe(event);
      if (line) said.push(line);
      await page.presentEvent(event, t, actor);
    }
  }
  if (said.length) announce(said.join(" "));
  if (page.handEnded(events)) {
    await page.gathering;
    page.pending = page.session.position;
    page.pendingEvents = events;
  }
}
