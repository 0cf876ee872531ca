// Names and sentences of the Precedence table (for the screen and the live region).
// Nothing here judges a move: the words describe what the engine's events report.

import { cardName } from "../cards/card.js";
// The seat of the person whose page this is (table/seats.js): every name and place is
// said from there.
import { HUMAN } from "../table/seats.js";
import { givenName } from "../table/pass.js";
import { inSentence, plural } from "../ui/words.js";

export { HUMAN };
const COMPASS = ["South", "West", "North", "East"];
const SLOTS = ["bottom", "left", "top", "right"];

/** The seat's place at the table: "South". */
export const compassName = (seat) => COMPASS[seat];
/** "You", or the name a person at this device gave (table/pass.js), or "North". */
export const seatName = (seat) => (seat === HUMAN ? "You" : givenName(seat) || COMPASS[seat]);
export const teamName = (team) =>
  team === HUMAN % 2
    ? `You and ${seatName((HUMAN + 2) % 4)}`
    : `${seatName(team)} and ${seatName(team + 2)}`;
/** The seat's name inside a sentence: "you", "North". */
export const seatInSentence = (seat) => inSentence(seatName(seat));
/** The team's name inside a sentence: "you and North", "West and East". */
export const teamInSentence = (team) => inSentence(teamName(team));
export const slotOf = (seat) => SLOTS[(seat - HUMAN + 4) % 4];
export { plural };

/** "West plays", "You play". */
export function subject(seat, verb) {
  return seat === HUMAN ? `You ${verb}` : `${seatName(seat)} ${verb}s`;
}

export function meldText(meld, deck) {
  return `${meld.label}, worth ${plural(meld.points, "point")}: ${meld.cards.map((c) => cardName(c, deck)).join(", ")}`;
}

export function describeEvent(event, deck) {
  switch (event.type) {
    case "declare":
      if (!event.melds.length) return `${subject(event.seat, "declare")} no melds.`;
      return `${subject(event.seat, "declare")} ${event.melds.map((m) => meldText(m, deck)).join("; ")}.`;
    case "bid":
      return `${subject(event.seat, "bid")} ${plural(event.tricks, "trick")}. Team contract ${event.contract}.`;
    case "play":
      return `${subject(event.seat, "play")} the ${cardName(event.card, deck)}.`;
    case "trick":
      return `${event.winner === HUMAN ? "You win" : `${seatName(event.winner)} wins`} trick ${event.number} with the ${cardName(event.card, deck)}: ${event.reason}.`;
    case "hand_scored":
      return event.teams
        .map(
          (t) =>
            `${teamName(t.team)} ${t.made ? "made" : "failed"} ${t.contract}: ${signed(t.hand_points)}, score ${score(t.score_after)}.`,
        )
        .join(" ");
    default:
      return "";
  }
}

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** A score with a true minus sign: "−45", "120". */
export const score = (n) => (n < 0 ? `−${-n}` : String(n));

/** "You and North won, 183 to 74": the winners' score first. */
export function resultLine(winner, scores) {
  if (winner === null || winner === undefined)
    return `The scores are ${score(scores[0])} to ${score(scores[1])}.`;
  return `${teamName(winner)} won, ${score(scores[winner])} to ${score(scores[1 - winner])}.`;
}
