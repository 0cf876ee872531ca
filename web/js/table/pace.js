// The pace of a table, from the site's one speed setting (ui/settings.js): how long a
// card flies, the least pause before a computer player's card (its thinking in the
// worker runs meanwhile, and starts while the card before it is still flying, so at the
// normal speed a computer player's card follows the card before it within about 0.55 s
// whenever its thinking allows), how long a finished trick stays before it is swept to
// its winner (the sweep runs during the next computer player's pause), how long the
// deal takes. Nothing flies when the player prefers reduced motion. At the normal speed,
// from your card to your next turn with three computer players in between: about 2.7 s
// (bench/pace.py; docs/PERFORMANCE.md, "Pace").
//
//   timing() -> {fly, bot, trick, deal}   milliseconds, read at each use
//   sleep(ms)

import { reducedMotion } from "../ui/motion.js";
import { loadSettings } from "../ui/settings.js";

const TIMINGS = {
  relaxed: { fly: 450, bot: 1000, trick: 1500, deal: 520 },
  normal: { fly: 250, bot: 300, trick: 650, deal: 380 },
  brisk: { fly: 200, bot: 250, trick: 550, deal: 260 },
  instant: { fly: 0, bot: 0, trick: 0, deal: 0 },
};

export function timing() {
  const base = TIMINGS[loadSettings().speed] || TIMINGS.normal;
  return reducedMotion() ? { ...base, fly: 0, deal: 0 } : base;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
