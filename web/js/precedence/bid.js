// The bidding panel: 0 to 13 tricks, the bids the engine allows enabled (its legal
// actions; the team contract is capped at 13), the partner's bid and the trick credit
// each trick bid costs. The buttons are one tab stop; the arrow keys move between them.
//
//   const panel = new BidPanel({bid(action)});  panel.open(legal, view) -> element;
//   panel.focus(); panel.button(tricks)

import { h } from "../ui/dom.js";
import { ChoiceGroup } from "../table/choices.js";
import { plural, seatName } from "./messages.js";

export class BidPanel {
  constructor({ bid }) {
    this.bid = bid;
  }

  open(legal, view) {
    const allowed = new Set(legal.filter((a) => a.type === "bid").map((a) => a.tricks));
    const partner = (view.seat + 2) % 4;
    const partnerBid = view.bids[partner];
    const credit = view.wagers.trick_credit;
    const team = view.contracts[view.seat % 2];
    const grid = h("div", { class: "pr-bid-grid" });
    this.group = new ChoiceGroup(grid, { label: "Your bid, in tricks" });
    const buttons = [];
    for (let n = 0; n <= 13; n += 1) {
      const ok = allowed.has(n);
      const button = h("button", {
        type: "button",
        class: "btn pr-bid",
        dataset: { value: String(n) },
        text: String(n),
        "aria-label": ok
          ? `Bid ${plural(n, "trick")}: team contract ${team + n}, costs ${plural(n * credit, "chip")}`
          : `${n}: above your team's limit`,
        onclick: () => this.bid({ type: "bid", tricks: n }),
      });
      button.disabled = !ok;
      buttons.push(button);
    }
    this.group.set(buttons);
    const facts =
      `${partnerBid === null ? `${seatName(partner)} has not bid yet` : `${seatName(partner)} bid ${partnerBid}`}; ` +
      `your team's contract so far: ${team} (at most 13). Each trick bid costs ${plural(credit, "chip")}.`;
    this.el = h("div", { class: "pr-bid-panel" }, h("p", { class: "tp-help", text: facts }), grid);
    return this.el;
  }

  focus() {
    return this.group.focus();
  }

  button(tricks) {
    return this.group.button(String(tricks));
  }
}
