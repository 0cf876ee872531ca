// The pace of a table, from the site's one speed setting (ui/settings.js): how long a
// card flies, the least time a computer player takes (its thinking in the worker runs
// meanwhile, so at the normal speed a computer player's card follows the card before it
// within about 0.8 s whenever its thinking allows), how long a finished trick stays,
// how long the deal takes. Nothing flies when the player prefers reduced motion.
//
//   timing() -> {fly, bot, trick, deal}   milliseconds, read at each use
//   sleep(ms)

import { reducedMotion } from "../ui/motion.js";
import { loadSettings } from "../ui/settings.js";

const TIMINGS = {
  relaxed: { fly: 450, bot: 1000, trick: 1500, deal: 520 },
  normal: { fly: 280, bot: 480, trick: 750, deal: 380 },
  brisk: { fly: 200, bot: 250, trick: 550, deal: 260 },
  instant: { fly: 0, bot: 0, trick: 0, deal: 0 },
};

export function timing() {
  const base = TIMINGS[loadSettings().speed] || TIMINGS.normal;
  return reducedMotion() ? { ...base, fly: 0, deal: 0 } : base;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
