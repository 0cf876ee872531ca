// The last trick of a trick game's hand (table/flow.js TrickPage): its cards drawn
// small by the felt under a button named in words, and the dialog that shows it whole.

import { createCard } from "../cards/card.js";
import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { announce } from "../ui/live.js";
import { toast } from "../ui/toast.js";
import { TrickArea } from "./trick.js";

/** @typedef {import("./flow.js").TrickPage} TrickPage */

const NO_LAST_TRICK = "No trick has been finished in this hand yet.";

/** @param {TrickPage} page */
export function renderLast(page, view) {
  const last = page.lastTrick(view);
  page.lastButton.hidden = !last;
  // the toolbar's "Last trick": unavailable (dimmed, said so, still reached in the
  // toolbar) until a trick of page hand has been finished
  const tool = page.toolButton("last");
  if (tool) {
    tool.setAttribute("aria-disabled", String(!last));
    if (last) tool.removeAttribute("aria-description");
    else tool.setAttribute("aria-description", NO_LAST_TRICK);
  }
  if (!last) return;
  const key = last.plays.map((p) => p.card).join(" ");
  if (page.lastButton.dataset.key === key) return;
  page.lastButton.dataset.key = key;
  page.lastCards.style.setProperty("--n", String(last.plays.length));
  page.lastCards.replaceChildren(
    ...last.plays.map((play) => {
      const card = createCard(play.card, { deck: page.deck, hidden: true });
      card.classList.toggle("winner", play.seat === last.winner);
      return card;
    }),
  );
  page.lastOpen.title = last.text;
  page.lastOpen.setAttribute("aria-description", last.text);
}

/** @param {TrickPage} page */
export async function showLastTrick(page) {
  const view = page.session?.view;
  const last = view && page.lastTrick(view);
  if (!last) {
    // the tool is unavailable: its reason said, nothing opened
    toast(NO_LAST_TRICK, { fleeting: true });
    announce(NO_LAST_TRICK);
    return;
  }
  const area = h("div", { class: "tp-trick", dataset: { seats: String(page.seats) } });
  const trick = new TrickArea(area, {
    deck: page.deck,
    place: (seat) => page.slotOf(seat, page.seats),
    seatName: (seat) => page.seatName(seat),
  });
  trick.show(last.plays, { winner: last.winner });
  const body = h(
    "div",
    { class: "tp-last-dialog" },
    area,
    h("p", { class: "tp-last-text", text: last.text }),
  );
  await openDialog({
    title: "Last trick",
    body,
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
