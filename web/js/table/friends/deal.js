// The deal check (docs/FRIENDS.md, "The deal check"): the host cannot choose the cards.
// Before each hand the host commits to a secret (its SHA-256 goes to every friend), each
// friend sends a random number of its own, and the hand is dealt from a seed made of
// all of them (seedOf). When the hand ends the host reveals the secret and the game's
// record to the end of the hand; each friend's page checks the secret against the
// commitment, finds its own random number among those used, works the seed out itself,
// and replays the record with its own engine: every view the host sent it during the
// hand (its own hand as dealt first) must be the one the record gives.
//
//   const secret = randomHex();  const hash = await hashOf(secret)
//   const seed = await seedOf(hand, secret, mixes)     mixes: [{seat, random}] by seat
//   await checkDeal(engine, reveal, {commit, mine, seat, views, game}) -> {ok, words}

import { messageOf } from "../../engine/errors.js";

// What the lobby and a friend's page say of the check, and what it does not protect against
export const DEAL_NOTE =
  "The deal is checked: before each hand every friend's page adds a random number of its own to a secret the host's page has committed to, and when the hand ends each friend's page replays the hand to make sure the cards were dealt from them. So the host cannot choose the cards. It does not stop the host from seeing every hand during play (the host's device holds the game), nor players who tell each other their cards, nor a host who leaves in the middle of a hand.";

// Each game's state key that counts its hands (rounds): a view has it too; and its word
export const HAND_KEY = { precedence: "hand_number", sabacc: "round" };
const HAND_WORD = { precedence: "hand", sabacc: "round" };

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const isHex = (x) => typeof x === "string" && /^[0-9a-f]{64}$/.test(x);

/** 32 random bytes, as 64 hexadecimal digits. */
export function randomHex() {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 of a text, as 64 hexadecimal digits. */
export async function hashOf(text) {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** The hand's seed: the first 13 hexadecimal digits (52 bits) of the SHA-256 of
 * "celestix deal 1|<hand>|<secret>|<seat>:<random>|..." (the mixes in seat order). */
export async function seedOf(hand, secret, mixes) {
  const parts = [...mixes]
    .sort((a, b) => a.seat - b.seat)
    .map((mix) => `${mix.seat}:${mix.random}`);
  const digest = await hashOf(["celestix deal 1", String(hand), secret, ...parts].join("|"));
  return Number.parseInt(digest.slice(0, 13), 16);
}

/** JSON with every object's keys sorted (two views compared whatever their key order). */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

class Failed extends Error {}

/** The friend's check of a revealed hand; `views[turn]` is every view the host sent. */
export async function checkDeal(engine, reveal, { commit, mine, seat, views, game }) {
  const { hand, secret, mixes, record } = reveal;
  const word = HAND_WORD[game] || "hand";
  const fail = (words) => {
    throw new Failed(words);
  };
  try {
    // its seed was agreed before this page came to the table (the host agrees the next
    // hand's seed again with a friend who comes during a hand, so that is the one)
    if (!commit)
      return {
        ok: null,
        words: `You joined during this ${word}, so its deal could not be checked.`,
      };
    if ((await hashOf(secret)) !== commit)
      fail(
        "The host's secret is not the one it committed to before the deal: the host may have chosen the cards.",
      );
    if (!mixes.every((m) => m && Number.isSafeInteger(m.seat) && isHex(m.random)))
      fail("The host's list of random numbers is damaged.");
    if (!mixes.some((m) => m.seat === seat && m.random === mine))
      fail("Your own random number is not among those the deal was made from.");
    const seed = await seedOf(hand, secret, mixes);
    const reseeds = Array.isArray(record.reseeds) ? record.reseeds : [];
    const dealtFrom = hand === 0 ? record.seed : reseeds.at(-1)?.seed;
    if (record.game !== game || dealtFrom !== seed || !Array.isArray(record.actions))
      fail("The hand was not dealt from the seed the secret and the random numbers make.");
    const key = HAND_KEY[game];
    const turns = Object.keys(views)
      .map(Number)
      .filter((t) => t < record.actions.length && views[t][key] === hand)
      .sort((a, b) => a - b);
    if (!turns.length) fail("The record does not reach this hand.");
    const first = turns[0];
    const upTo = (n) => ({
      ...record,
      reseeds: reseeds.filter((r) => r.at <= n),
      actions: record.actions.slice(0, n),
    });
    let state = await engine.replay(upTo(first));
    for (let t = first; t <= turns.at(-1); t += 1) {
      if (views[t] && canonical(await engine.view(state, seat)) !== canonical(views[t]))
        fail(
          t === first
            ? "The hand you were dealt is not the one the seed deals."
            : `What the host showed you after move ${t} is not what the record gives.`,
        );
      const { seat: mover, action } = record.actions[t];
      ({ state } = await engine.apply(state, action, mover));
      const again = reseeds.find((r) => r.at === t + 1);
      if (again) state = await engine.reseed(state, again.seed);
    }
    return { ok: true, words: `Deal checked: ${word} ${hand + 1} was dealt fairly.` };
  } catch (error) {
    const why =
      error instanceof Failed
        ? error.message
        : `The host's record could not be replayed (${messageOf(error)}).`;
    return { ok: false, words: `The deal check failed for ${word} ${hand + 1}. ${why}` };
  }
}
