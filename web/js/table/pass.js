// Pass-and-play (issue 25): two or more people share one device at a trick game's table
// (Precedence, Contract Sabacc). Between their turns a cover hides every hidden card and
// says to whom the device goes ("Pass to Bea"); a hand is shown only once that person
// taps "Show Bea's hand". Computer players may sit between them.
//
//   const s = await PassSession.start(engine, game, options, seed, {levels, human, people})
//   s.people      per seat: the name of a person at this device, or null (a computer player)
//   s.covered     no hand is on screen: the session holds the table's public view only
//                 (the engine's spectator view, engine.turn(state, null)), so no card of
//                 anyone's is in the page
//   s.passing     the person to act whose hand is not shown (the device goes to them), or null
//   await s.cover(seat) / await s.uncover()
//   givenName(seat)   the name a person at this device gave (the games' words use it)
//   passTurn(page)    at a person's turn: the cover when the device passes (true), else false
//   passDecision(page) the cover in the decision's place while covered, or null
//   passHidden(page)  while covered: says that hints, the history and reviews wait (true)
//
// The person whose hand is shown sits at the bottom of the table and is "You" there
// (page.sitAt). When the same person acts again, computer players between, no cover is
// needed. A new game and a reload start covered; the save keeps `people`.

import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { DEFAULT_LEVEL, TableSession } from "./session.js";

// The longest name a person may give
export const NAME_MAX = 24;

let given = [];

/** The name given to a person at this device at `seat`, or "" (a computer player). */
export const givenName = (seat) => given[seat] || "";

/** Whether `people` is a table shared at one device: two people or more. */
export const sharing = (people) =>
  Array.isArray(people) && people.filter((name) => typeof name === "string").length > 1;

export class PassSession extends TableSession {
  constructor(engine, record, state, options = {}) {
    super(engine, record, state, options);
    this.covered = true;
  }

  get viewer() {
    return this.covered ? null : this.human;
  }

  isPerson(seat) {
    return typeof this.people?.[seat] === "string";
  }

  take(view, legal) {
    const before = this.levels;
    super.take(view, legal);
    // a level for every seat but the first (a person's seat keeps one, unused)
    this.levels = this.levels.map((level, s) =>
      s === 0 ? null : level || (Array.isArray(before) && before[s]) || DEFAULT_LEVEL,
    );
  }

  get passing() {
    const seat = this.state.over ? null : this.state.to_act;
    if (seat === null || !this.isPerson(seat)) return null;
    return this.covered || seat !== this.human ? seat : null;
  }

  /** Hide every hand: the table's public view only, the device going to `seat`. */
  cover(seat) {
    return this.moves.add(async () => {
      this.covered = true;
      this.human = seat;
      await this.refresh();
    });
  }

  /** Show the hand of the person the device went to. */
  uncover() {
    return this.moves.add(async () => {
      this.covered = false;
      await this.refresh();
    });
  }
}

/** The page's session is a shared table: its names are the games' words. */
export function usePeople(session) {
  given = session instanceof PassSession ? session.people.map((name) => name || "") : [];
}

const nameOf = (page, seat) => givenName(seat) || page.personName(seat);

/** At a person's turn (after the computer players): when the device passes to another
 * person (or the hands are hidden after a reload), the cover goes up; true when it did. */
export async function passTurn(page) {
  const s = page.session;
  if (!(s instanceof PassSession)) return false;
  const seat = s.passing;
  if (seat === null) return false;
  const generation = page.generation;
  if (!s.covered || s.human !== seat) {
    await s.cover(seat);
    if (page.gone || generation !== page.generation) return true;
    page.sitAt(seat);
  }
  page.render();
  const name = nameOf(page, seat);
  announce(`Pass the device to ${name}. ${name}, show your hand when you have it.`);
  page.focusDecision(true);
  return true;
}

/** The cover, in the decision's place, while the hands are hidden. */
export function passDecision(page) {
  const s = page.session;
  if (!(s instanceof PassSession) || !s.covered) return null;
  const seat = s.passing;
  if (seat === null)
    return { mode: "idle", status: page.waitLine(s.view), key: "covered", cover: true };
  const name = nameOf(page, seat);
  const place = page.personName(seat);
  const show = h("button", {
    type: "button",
    class: "btn primary tp-pass-show",
    text: `Show ${name}'s hand`,
  });
  show.addEventListener("click", () => reveal(page, seat, show));
  return {
    mode: "idle",
    key: `pass-${seat}-${s.position}`,
    status: `Pass to ${name}.`,
    cover: true,
    panel: () =>
      h(
        "div",
        { class: "tp-pass", role: "region", "aria-labelledby": "tp-pass-title" },
        h("h2", { class: "tp-pass-title", id: "tp-pass-title", text: `Pass to ${name}` }),
        h("p", {
          class: "tp-pass-text",
          text: `Every hand is hidden. ${name === place ? name : `${name} (${place})`}: take the device, then show your hand.`,
        }),
        show,
      ),
    focus: () => {
      show.focus();
      return document.activeElement === show;
    },
  };
}

async function reveal(page, seat, button) {
  const s = page.session;
  if (!(s instanceof PassSession) || s.passing !== seat || button.disabled) return;
  button.disabled = true;
  const generation = page.generation;
  try {
    await s.uncover();
  } catch (error) {
    button.disabled = false;
    page.trouble(error);
    return;
  }
  if (page.gone || generation !== page.generation) return;
  page.render();
  page.startTurn();
}

/** While the hands are hidden, hints, the history and reviews wait: said in words. */
export function passHidden(page) {
  const s = page.session;
  if (!(s instanceof PassSession) || !s.covered) return false;
  const seat = s.passing;
  const who = seat === null ? "a person's" : `${nameOf(page, seat)}'s`;
  toast(
    `Every hand is hidden. Show ${who} hand first: hints, the history and reviews are for the person whose hand is shown.`,
    { fleeting: true },
  );
  return true;
}
