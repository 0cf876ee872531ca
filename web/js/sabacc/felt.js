// What the Contract Sabacc felt shows besides the seats and the trick, all from the
// view: the pots; the talon (face down while bidding, face up once a Take, Push or
// Guard shows it); the auction so far and what the last bid cost; the declarer's aside, in the middle and named
// (all of it for you as declarer, only its Sabaccs for the others).
//
//   const felt = new SabaccFelt(centre, {seatName})   felt.render(view)

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { h } from "../ui/dom.js";
import { HUMAN, bidCost, bidCostShort, bidName, card } from "./messages.js";

const back = () => createCard(null, { deck: "sabacc", faceUp: false, hidden: true });
const face = (code) => createCard(code, { deck: "sabacc", hidden: true });

export class SabaccFelt {
  constructor(centre, { seatName }) {
    this.seatName = seatName;
    this.talonCards = h("div", { class: "sb-row", role: "img" });
    this.talonLabel = h("p", { class: "sb-label" });
    this.talon = h("div", { class: "sb-talon" }, this.talonLabel, this.talonCards);
    this.auction = h("ol", { class: "sb-auction", "aria-label": "The auction" });
    this.cost = h("p", { class: "sb-cost" });
    this.asideCards = h("div", { class: "sb-row", role: "img" });
    this.asideLabel = h("p", { class: "sb-label" });
    this.aside = h("div", { class: "sb-aside" }, this.asideLabel, this.asideCards);
    this.el = h("div", { class: "sb-felt-info" }, this.talon, this.auction, this.cost, this.aside);
    centre.append(this.el);
  }

  render(view) {
    this.renderTalon(view);
    this.renderAuction(view);
    this.renderAside(view);
  }

  renderTalon(view) {
    const show = !view.over && (view.phase === "bid" || view.phase === "aside");
    this.talon.hidden = !show;
    if (!show) return;
    const codes = view.talon;
    const key = codes ? codes.join(",") : `down:${view.talon_size}`;
    if (this.talonCards.dataset.key !== key) {
      this.talonCards.dataset.key = key;
      this.talonCards.replaceChildren(
        ...(codes ? codes.map(face) : Array.from({ length: view.talon_size }, back)),
      );
    }
    this.talonLabel.textContent = codes
      ? "The talon, shown to all"
      : `The talon: ${view.talon_size} cards face down`;
    this.talonCards.setAttribute(
      "aria-label",
      codes ? `The talon: ${codes.map(card).join(", ")}` : this.talonLabel.textContent,
    );
  }

  renderAuction(view) {
    const show = view.phase === "bid" && !view.over;
    this.auction.hidden = !show;
    const last = show ? [...view.auction].reverse().find((entry) => entry.stake) : null;
    // what the last bid cost: "Bryn bid Guard: everyone puts 2 more chips in."
    this.cost.hidden = !last;
    this.cost.textContent = last
      ? `${this.seatName(last.seat)} bid ${bidCost(last.bid, last.stake, view.options)}.`
      : "";
    if (!show) return;
    const items = view.auction.map((entry) =>
      h(
        "li",
        { class: entry.bid === "pass" ? "pass" : "bid" },
        h("span", { class: "who", text: this.seatName(entry.seat) }),
        h("span", { class: "what", text: bidName(entry.bid) }),
        entry.stake
          ? h("span", { class: "stake", text: bidCostShort(entry.stake, view.options, null) })
          : null,
      ),
    );
    this.auction.replaceChildren(
      ...(items.length ? items : [h("li", { class: "empty", text: "No bids yet." })]),
    );
  }

  renderAside(view) {
    const declarer = view.declarer;
    const show =
      declarer !== null &&
      declarer !== undefined &&
      view.aside_size > 0 &&
      !view.over &&
      view.phase !== "bid";
    this.aside.hidden = !show;
    if (!show) return;
    const whose = declarer === HUMAN ? "Your aside" : `${this.seatName(declarer)}'s aside`;
    const unseen = view.aside_size - view.aside.length;
    this.asideLabel.textContent = `${whose}: ${view.aside_size} of ${view.aside_needed || view.aside_size}`;
    const key = `${view.aside.join(",")}|${unseen}`;
    if (this.asideCards.dataset.key === key) return;
    this.asideCards.dataset.key = key;
    this.asideCards.replaceChildren(
      ...view.aside.map(face),
      ...Array.from({ length: unseen }, back),
    );
    const seen = view.aside.map(card).join(", ");
    this.asideCards.setAttribute(
      "aria-label",
      `${whose}: ${seen}${unseen ? `${seen ? " and " : ""}${unseen} unseen` : ""}`,
    );
  }
}
