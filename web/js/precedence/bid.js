// The bidding panel: 0 to 13 tricks, the bids the engine allows enabled (its legal
// actions; the team contract is capped at 13), the team contract so far and the trick
// credit each trick bid costs.
//
//   const panel = new BidPanel(el, {bid(action)});  panel.open(legal, view);  panel.close()

import { plural, seatName } from "./messages.js";

export class BidPanel {
  constructor(el, { bid }) {
    this.el = el;
    this.bid = bid;
  }

  open(legal, view) {
    const allowed = new Set(legal.filter((a) => a.type === "bid").map((a) => a.tricks));
    const partner = (view.seat + 2) % 4;
    const partnerBid = view.bids[partner];
    const credit = view.wagers.trick_credit;
    this.el.hidden = false;
    this.el.innerHTML = `
      <h2 class="pr-panel-title" id="pr-bid-title">Your bid</h2>
      <p class="pr-panel-help pr-bid-facts"></p>
      <div class="pr-bid-grid" role="group" aria-labelledby="pr-bid-title"></div>`;
    const facts = this.el.querySelector(".pr-bid-facts");
    const team = view.contracts[view.seat % 2];
    facts.textContent =
      `${partnerBid === null ? `${seatName(partner)} has not bid yet` : `${seatName(partner)} bid ${partnerBid}`}; ` +
      `your team's contract so far: ${team} (at most 13). ` +
      `Each trick bid costs ${plural(credit, "chip")} of trick credit. You may bid up to ${Math.max(...allowed)}.`;
    const grid = this.el.querySelector(".pr-bid-grid");
    for (let n = 0; n <= 13; n += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn pr-bid";
      button.textContent = String(n);
      const ok = allowed.has(n);
      button.disabled = !ok;
      button.setAttribute("aria-label", ok ? `Bid ${plural(n, "trick")}, team contract ${team + n}, costs ${plural(n * credit, "chip")}` : `Bid ${n}: above your team's limit`);
      if (ok) button.addEventListener("click", () => this.bid({ type: "bid", tricks: n }));
      grid.append(button);
    }
  }

  focus() {
    this.el.querySelector(".pr-bid:not(:disabled)")?.focus();
  }

  close() {
    this.el.hidden = true;
    this.el.replaceChildren();
  }
}
