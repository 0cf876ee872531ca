// Words for the table: seat names, bid names, and the sentences the polite live region
// reads out for each engine event. Nothing here decides anything: the events say what
// happened (and why, e.g. a trick's reason), these functions only put it into words.

import { cardName } from "../cards/card.js";
import "../cards/sabacc.js";

const NAMES = ["You", "Aurel", "Bryn", "Cass", "Dex"];

export function seatName(seat) {
  return NAMES[seat] ?? "Another player";
}

/** "Aurel plays" / "You play": the verb agrees with the seat. */
export function subject(seat, verb) {
  if (seat === 0) return `You ${verb}`;
  const third = verb.endsWith("s") || verb.endsWith("sh") ? `${verb}es` : `${verb}s`;
  return `${seatName(seat)} ${verb === "have" ? "has" : third}`;
}

/** "guard_without" -> "Guard without". */
export function bidName(bid) {
  if (!bid) return "";
  const text = String(bid).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function card(code) {
  return cardName(code, "sabacc");
}

export function chips(n) {
  return `${n} chip${Math.abs(n) === 1 ? "" : "s"}`;
}

/** Hundredths of a chip (the engine's hints and review count them) in words: "0.45 chips". */
export function hundredths(n) {
  return `${(n / 100).toFixed(2)} chips`;
}

/** Half-points as people write them: 91, 45½. */
export function points(half) {
  return half % 2 ? `${Math.floor(half / 2)}½` : String(half / 2);
}

const TALON_WORDS = {
  hand: "shown to all, then taken into the declarer's hand",
  declarer: "into the declarer's score pile, unseen until the count",
  defenders: "into the defenders' score pile, unseen until the count",
};

export function talonWords(to) {
  return TALON_WORDS[to] || "";
}

/** One sentence per event worth saying; the round's end is said by the count panel. */
export function describe(event) {
  switch (event.type) {
    case "bid":
      return event.bid === "pass"
        ? `${subject(event.seat, "pass")}.`
        : (event.callers || [event.seat]).length > 1
          ? `${subject(event.seat, "bid")} ${event.name || bidName(event.bid)}: every player puts in ${chips(event.stake)}.`
          : `${subject(event.seat, "bid")} ${event.name || bidName(event.bid)}, staking ${chips(event.stake)}.`;
    case "auction_won":
      return `${event.declarer === 0 ? "You are" : `${seatName(event.declarer)} is`} the declarer: ${event.name || bidName(event.contract)}. ${event.reason || ""}`.trim();
    case "talon_shown":
      return `The talon: ${event.cards.map(card).join(", ")}.`;
    case "talon_to_pile":
      return `The talon goes ${event.to === "declarer" ? "into the declarer's pile" : "into the defenders' pile"}, unseen.`;
    case "aside":
      return event.shown && event.card ? `${subject(event.seat, "set")} aside ${card(event.card)}.` : "";
    case "aside_done":
      return `The aside is complete${event.shown && event.shown.length ? `; shown: ${event.shown.map(card).join(", ")}` : ""}.`;
    case "play_begins":
      return `${subject(event.leader, "lead")} the first trick.`;
    case "play":
      return `${subject(event.seat, "play")} ${card(event.card)}.`;
    case "trick_won":
      return `${subject(event.seat, "win")} trick ${event.number} with ${card(event.card)}. ${event.reason || ""}`.trim();
    case "void_round":
      return "Everyone passed: the round is void and the deal passes on.";
    case "deal":
      return `Round ${event.round + 1}: ${subject(event.dealer, "deal")}; ${subject(event.first_bidder, "bid")} first.`;
    case "game_over":
      return `Game over. ${winnersLine(event.winners)}`;
    default:
      return "";
  }
}

export function winnersLine(winners) {
  if (!winners || !winners.length) return "";
  if (winners.length === 1) return winners[0] === 0 ? "You win!" : `${seatName(winners[0])} wins.`;
  const names = winners.map((s) => (s === 0 ? "you" : seatName(s)));
  return `A tie between ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}.`;
}
