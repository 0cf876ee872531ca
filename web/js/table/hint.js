// A trick game's hint (table/flow.js TrickPage): the strong player's advice for your
// turn in the felt's hint panel (ui/advice.js).

import { toast } from "../ui/toast.js";
import { passHidden } from "./pass.js";
import { messageOf } from "../engine/errors.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

/** The strong player's advice for your turn, from your view alone, with its reasons;
 * asked again while it is shown, it goes (Hint toggles it), unless you have chosen cards
 * or melds since it came (an aside, a declaration): then it comes again, its marks on
 * what is left to choose (audit 10: a second Hint after one card of a six-card aside
 * took the hint away, which read as "no hint"). It lies in a corner of the felt that
 * holds no cards, or on a phone beside your decision (table.css).
 * @param {TrickPage} page
 */
export async function hint(page) {
  const s = page.session;
  if (!s || s.over || passHidden(page)) return;
  if (page.held()) {
    const other = s.toAct !== null && s.toAct !== page.human;
    toast(`Hints are for your turn${other ? `: it is ${page.seatName(s.toAct)}'s` : ""}.`, {
      fleeting: true,
    });
    return;
  }
  const view = s.view;
  page.adviceView = view;
  try {
    await page.advice.ask(
      async () => {
        const hint = await page.ask(() => page.engine.hint(view, "strong"));
        if (page.session !== s || s.view !== view) return null;
        const { text, items, point } = page.hintAdvice(hint);
        point?.();
        return { title: "Hint", text, items };
      },
      page.toolButton("hint"),
      { name: "hint", of: view, chosen: chosenKey(page) },
    );
  } catch (error) {
    toast(`No hint page time: ${messageOf(error)}`, { tone: "error" });
  }
}

/** The cards or melds chosen so far in your decision, as one string ("" for none). */
function chosenKey(page) {
  const pressed = page.decision?.pressed?.();
  return pressed ? [...pressed].sort().join(" ") : "";
}
