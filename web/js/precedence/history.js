// The hand history of a Precedence game, drawn from the engine's events alone (the
// hands of table/history.js's GameLog): each hand's dealer and trump, every
// declaration and bid, every trick (who played what, who won and why) and the score.
// Each seat's deal is shown once the hand is over: all 52 cards are played, so a seat's
// deal is the cards it played.
//
//   historyEntries(log, deck, order) -> entries for table/dialogs.js showHistory

import { cardName } from "../cards/card.js";
import { h } from "../ui/dom.js";
import { GameLog } from "../table/history.js";
import { meldText, plural, seatInSentence, seatName, signed, teamName } from "./messages.js";

/** Entries for showHistory: one per finished hand. */
export function historyEntries(log, deck, order) {
  return log.finished.map((hand) => {
    const events = GameLog.events(hand);
    const start = hand.start || {};
    const number = start.hand_number ?? 0;
    return {
      label: `Hand ${number + 1}: trumps ${start.trump}, ${seatInSentence(start.dealer)} dealt`,
      render: () => renderHand(events, deck, order),
    };
  });
}

function renderHand(events, deck, order) {
  const box = h("div", { class: "pr-history-hand" });
  const list = (className, items) =>
    h(
      className === "tricks" ? "ol" : "ul",
      { class: `pr-history-${className}` },
      items.map((text) => h("li", { text })),
    );
  const declarations = [null, null, null, null];
  const bids = [null, null, null, null];
  const tricks = [];
  let scored = null;
  let pot = null;
  for (const event of events) {
    if (event.type === "declare") declarations[event.seat] = event.melds;
    else if (event.type === "bid") bids[event.seat] = event.tricks;
    else if (event.type === "trick") tricks.push(event);
    else if (event.type === "hand_scored") scored = event;
    else if (event.type === "hand_pot") pot = event;
  }
  const deals = [0, 1, 2, 3].map((seat) => {
    const cards = tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat).map((p) => p.card));
    cards.sort((a, b) => order(a) - order(b));
    return `${seatName(seat)}: ${cards.map((c) => cardName(c, deck)).join(", ")}`;
  });
  const calls = [0, 1, 2, 3].map((seat) => {
    const melds = declarations[seat] || [];
    const meldLine = melds.length ? melds.map((m) => meldText(m, deck)).join("; ") : "no melds";
    return `${seatName(seat)}: ${meldLine}; bid ${bids[seat] ?? "–"}`;
  });
  const played = tricks.map((t) => {
    const plays = t.plays
      .map((p, i) => `${i ? seatInSentence(p.seat) : seatName(p.seat)} ${cardName(p.card, deck)}`)
      .join(", ");
    return `${plays}. ${seatName(t.winner)} won: ${t.reason}.`;
  });
  box.append(h("h3", { text: "The deal" }), list("list", deals));
  box.append(h("h3", { text: "Declarations and bids" }), list("list", calls));
  box.append(h("h3", { text: "Tricks" }), list("tricks", played));
  if (scored) {
    const lines = scored.teams.map(
      (team) =>
        `${teamName(team.team)}: contract ${team.contract}, ${plural(team.tricks, "trick")}, ${team.made ? "made" : "failed"}; ${signed(team.hand_points)} points, score ${team.score_after}.`,
    );
    if (pot) lines.push(`Hand Pot: ${pot.reason}.`);
    box.append(h("h3", { text: "Score" }), list("list", lines));
  }
  return box;
}
