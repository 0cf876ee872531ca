// The hand history of a Precedence game, built from the engine's events alone: each
// hand's dealer and trump, every declaration and bid, every trick (who played what,
// who won and why) and the score. Each seat's deal is shown once the hand is over: all
// 52 cards are played, so a seat's deal is the cards it played.
//
//   const log = new HandLog(saved)       (saved: {hands, current} or nothing)
//   log.start(view)                      the first hand of a game, from a view
//   log.feed(events)                     every move's events, in order
//   log.toJSON() -> {hands, current}     for the saved game
//   historyEntries(log, deck, rankOrder) -> entries for table/dialogs.js showHistory

import { cardName } from "../cards/card.js";
import { HUMAN, meldText, plural, seatName, signed, teamName } from "./messages.js";

export class HandLog {
  constructor(saved = null) {
    this.hands = Array.isArray(saved?.hands) ? saved.hands : [];
    this.current = saved?.current && typeof saved.current === "object" ? saved.current : null;
  }

  start(view) {
    this.current = fresh(view.hand_number, view.dealer, view.trump);
  }

  feed(events) {
    for (const event of events) {
      const hand = this.current;
      if (event.type === "deal") {
        this.current = fresh(event.hand_number, event.dealer, event.trump);
      } else if (!hand) {
        continue;
      } else if (event.type === "declare") {
        hand.declarations[event.seat] = event.melds;
      } else if (event.type === "bid") {
        hand.bids[event.seat] = event.tricks;
      } else if (event.type === "trick") {
        hand.tricks.push({ number: event.number, plays: event.plays, winner: event.winner, card: event.card, reason: event.reason });
      } else if (event.type === "hand_scored") {
        hand.scored = event;
      } else if (event.type === "hand_pot") {
        hand.pot = event;
        this.hands.push(hand);
        this.current = null;
      }
    }
  }

  toJSON() {
    return { hands: this.hands, current: this.current };
  }
}

function fresh(number, dealer, trump) {
  return { number, dealer, trump, declarations: [null, null, null, null], bids: [null, null, null, null], tricks: [], scored: null, pot: null };
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Entries for showHistory: one per finished hand. */
export function historyEntries(log, deck, order) {
  return log.hands.map((hand) => ({
    label: `Hand ${hand.number + 1}: ${hand.trump} trumps, ${seatName(hand.dealer)} dealt`,
    render: () => renderHand(hand, deck, order),
  }));
}

function renderHand(hand, deck, order) {
  const box = el("div", "pr-history-hand");
  const h = (text) => box.append(el("h3", "", text));

  h("The deal");
  const deals = el("ul", "pr-history-list");
  for (let seat = 0; seat < 4; seat += 1) {
    const cards = hand.tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat).map((p) => p.card));
    cards.sort((a, b) => order(a) - order(b));
    deals.append(el("li", "", `${seatName(seat)}: ${cards.map((c) => cardName(c, deck)).join(", ")}`));
  }
  box.append(deals);

  h("Declarations and bids");
  const calls = el("ul", "pr-history-list");
  for (let seat = 0; seat < 4; seat += 1) {
    const melds = hand.declarations[seat] || [];
    const meldLine = melds.length ? melds.map((m) => meldText(m, deck)).join("; ") : "no melds";
    calls.append(el("li", "", `${seatName(seat)}: ${meldLine}; bid ${hand.bids[seat] ?? "–"}`));
  }
  box.append(calls);

  h("Tricks");
  const tricks = el("ol", "pr-history-tricks");
  for (const trick of hand.tricks) {
    const plays = trick.plays.map((p) => `${seatName(p.seat)} ${cardName(p.card, deck)}`).join(", ");
    tricks.append(el("li", "", `${plays}. ${trick.winner === HUMAN ? "You" : seatName(trick.winner)} won (${trick.reason}).`));
  }
  box.append(tricks);

  if (hand.scored) {
    h("Score");
    const score = el("ul", "pr-history-list");
    for (const team of hand.scored.teams) {
      score.append(el("li", "", `${teamName(team.team)}: contract ${team.contract}, ${plural(team.tricks, "trick")}, ${team.made ? "made" : "failed"}; ${signed(team.hand_points)} points, score ${team.score_after}.`));
    }
    if (hand.pot) score.append(el("li", "", `Hand Pot: ${hand.pot.reason}.`));
    box.append(score);
  }
  return box;
}
