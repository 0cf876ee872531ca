// The trick in the middle of the table: each seat's card at its side of the centre,
// flown there from where it was played (ui/motion.js, off under reduced motion), the
// winner's card lifted and outlined, then the trick swept towards its winner.
//
//   const trick = new TrickArea(el, {deck, place(seat) -> "bottom"|"left"|"top"|"right"|
//                                    "top-left"|"top-right", seatName(seat)})
//   trick.show(plays, {winner})          draw [{seat, card}] at once (no movement)
//   await trick.play(seat, code, {from, duration})   add a card, flying from the rect `from`
//   trick.markWinner(seat, text)         lift the winning card; `text` is shown above the
//                                        trick, clear of every card (data-winner: the seat):
//                                        a line, or its forms, the fullest first ("Cass
//                                        wins with the Master of sabres", "Cass wins"), the
//                                        fullest that fits shown whole (never cut), all of
//                                        it the title (the live region says the trick)
//   await trick.collect(toRect, {duration})          sweep the cards towards a rect, clear
//   trick.clear()
// Cards are images named after the card and the seat ("Emperor of Void, played by West"),
// and carry the seat's name at their foot, for the eye, clear of both indices; each at its
// side of the middle with room between them (table.css), so no card covers another.

import { cardName, createCard } from "../cards/card.js";
import { flyFrom, reducedMotion, restingTransform } from "../ui/motion.js";
import { inSentence } from "../ui/words.js";
import { showFitting, uncut } from "./fit.js";

export class TrickArea {
  constructor(el, { deck, place, seatName }) {
    this.el = el;
    this.deck = deck;
    this.place = place;
    this.seatName = seatName;
    this.el.classList.add("trick-area");
    this.el.setAttribute("role", "group");
    this.el.setAttribute("aria-label", "Cards on the table");
    this.caption = document.createElement("p");
    this.caption.className = "trick-caption";
    this.caption.setAttribute("aria-hidden", "true"); // (the live region says who won)
    this.el.append(this.caption);
    this.cards = new Map(); // seat -> element
  }

  cardFor(seat, code) {
    const card = createCard(code, { deck: this.deck });
    card.classList.add("trick-card");
    card.dataset.slot = this.place(seat);
    card.dataset.seat = String(seat);
    card.setAttribute(
      "aria-label",
      `${cardName(code, this.deck)}, played by ${inSentence(this.seatName(seat))}`,
    );
    const who = document.createElement("span");
    who.className = "trick-who";
    who.setAttribute("aria-hidden", "true"); // (said by the card's name)
    who.textContent = this.seatName(seat);
    card.append(who);
    return card;
  }

  clear() {
    for (const card of this.cards.values()) card.remove();
    this.cards.clear();
    this.caption.textContent = "";
    this.caption.removeAttribute("title");
    this.el.classList.remove("has-winner");
    delete this.el.dataset.winner;
  }

  show(plays, { winner = null, text = "" } = {}) {
    this.clear();
    for (const { seat, card } of plays) {
      const el = this.cardFor(seat, card);
      this.cards.set(seat, el);
      this.el.append(el);
    }
    if (winner !== null && winner !== undefined) this.markWinner(winner, text);
  }

  async play(seat, code, { from = null, duration = 300 } = {}) {
    if (this.el.classList.contains("has-winner")) this.clear();
    const el = this.cardFor(seat, code);
    this.cards.get(seat)?.remove();
    this.cards.set(seat, el);
    this.el.append(el);
    if (from && duration) await flyFrom(el, from, { duration });
  }

  /** Whether a finished trick is on show (its winner marked, until it is swept away). */
  get finished() {
    return this.el.classList.contains("has-winner");
  }

  /** @param {number} seat @param {string | string[]} text the line, or its forms */
  markWinner(seat, text = "") {
    this.el.classList.add("has-winner");
    this.el.dataset.winner = String(seat);
    for (const [s, card] of this.cards) card.classList.toggle("winner", s === seat);
    const forms = (Array.isArray(text) ? text : [text]).filter(Boolean);
    if (forms.length) this.caption.title = forms[0];
    showFitting(
      forms.length ? forms : [""],
      (form) => {
        this.caption.textContent = form;
      },
      () => uncut(this.caption),
    );
  }

  async collect(to, { duration = 300 } = {}) {
    const cards = [...this.cards.values()];
    if (to && duration && !reducedMotion() && cards.length) {
      const runs = cards.map((card) => {
        const from = card.getBoundingClientRect();
        const dx = to.left + to.width / 2 - (from.left + from.width / 2);
        const dy = to.top + to.height / 2 - (from.top + from.height / 2);
        const rest = restingTransform(card); // (from its place, not from the middle)
        return card
          .animate(
            [
              { transform: rest || "none", opacity: 1 },
              { transform: `translate(${dx}px, ${dy}px) ${rest} scale(0.4)`, opacity: 0 },
            ],
            { duration, easing: "cubic-bezier(0.4, 0, 0.7, 0.2)", fill: "forwards" },
          )
          .finished.catch(() => {});
      });
      await Promise.all(runs);
    }
    this.clear();
  }
}
