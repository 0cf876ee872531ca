// The rounds of a Contract Sabacc game, drawn from the engine's events alone (the hands
// of table/history.js's GameLog): your cards as dealt, the auction, the talon and the
// aside, the tricks, the count and the wagers settled.
//
//   historyEntries(log) -> entries for table/dialogs.js showHistory

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { h } from "../ui/dom.js";
import { GameLog } from "../table/history.js";
import { bonusLine } from "./count.js";
import {
  bidName,
  card,
  cardInSentence,
  chips,
  points,
  seatInSentence,
  seatName,
  settlementLines,
  subject,
} from "./messages.js";

function smallCards(codes) {
  return h(
    "span",
    { class: "sb-mini-row", role: "img", "aria-label": codes.map(card).join(", ") },
    codes.map((code) => createCard(code, { deck: "sabacc", hidden: true })),
  );
}

/** A trick's cards, each over the name of who played it; read as one sentence: "Bryn
 * led the 7 of coins, you played the 2 of coins, Cass played the Idiot (Sabacc 0)." */
function trickPlays(plays) {
  const said = plays.map(({ seat, card: code }, i) =>
    i === 0
      ? `${seatName(seat)} led ${cardInSentence(code)}`
      : `${seatInSentence(seat)} played ${cardInSentence(code)}`,
  );
  return h(
    "span",
    { class: "sb-mini-row sb-trick-plays", role: "img", "aria-label": `${said.join(", ")}.` },
    plays.map(({ seat, card: code }) =>
      h(
        "span",
        { class: "sb-trick-play" },
        createCard(code, { deck: "sabacc", hidden: true }),
        h("span", { class: "sb-trick-who", text: seatName(seat) }),
      ),
    ),
  );
}

function line(label, codes) {
  return h(
    "p",
    { class: "sb-history-line" },
    h("span", { class: "sb-history-key", text: `${label}: ` }),
    smallCards(codes),
  );
}

export function historyEntries(log) {
  return log.finished.map((hand) => {
    const events = GameLog.events(hand);
    const start = hand.start || {};
    const counted = events.find((e) => e.type === "round_counted");
    const voided = events.find((e) => e.type === "void_round");
    const round = (counted || voided || start).round ?? 0;
    const title = voided
      ? `Round ${round + 1}: everyone passed`
      : counted
        ? `Round ${round + 1}: ${seatName(counted.declarer)} bid ${bidName(counted.contract)}, counted ${points(counted.points)} points and ${counted.made ? "made" : "lost"} the contract`
        : `Round ${round + 1}`;
    const short = counted
      ? `Round ${round + 1}: ${seatName(counted.declarer)}, ${bidName(counted.contract)}, ${counted.made ? "made" : "lost"}`
      : null;
    return { label: title, short, render: () => renderRound(start, events) };
  });
}

function renderRound(start, events) {
  const box = h("section", { class: "sb-history-round" });
  if (start.dealer !== undefined)
    box.append(h("p", { text: `Dealer: ${seatName(start.dealer)}.` }));
  if (start.hand?.length) box.append(line("Your cards as dealt", start.hand));
  const cost = (b) =>
    (b.callers || [b.seat]).length > 1 ? `${chips(b.stake)} each` : chips(b.stake);
  const bids = events
    .filter((e) => e.type === "bid")
    .map((b) =>
      b.bid === "pass"
        ? subject(b.seat, "pass")
        : `${subject(b.seat, "bid")} ${bidName(b.bid)}${b.stake ? ` (${cost(b)})` : ""}`,
    );
  box.append(h("p", { text: `Auction: ${bids.join(", ") || "no bids"}.` }));
  const counted = events.find((e) => e.type === "round_counted");
  if (counted) {
    if (counted.talon?.length) box.append(line("Talon", counted.talon));
    if (counted.aside?.length) box.append(line("Aside", counted.aside));
  }
  const tricks = events.filter((e) => e.type === "trick");
  if (tricks.length) {
    const list = h(
      "ol",
      { class: "sb-history-tricks" },
      tricks.map((trick) =>
        h(
          "li",
          {},
          trickPlays(trick.plays),
          h("span", { text: ` ${seatName(trick.winner)} won.` }),
        ),
      ),
    );
    box.append(h("details", {}, h("summary", { text: `${tricks.length} tricks` }), list));
  }
  if (counted)
    box.append(
      h("p", {
        text: `Count: ${points(counted.points)} points for the declarer, needing ${points(counted.needed)}: ${counted.made ? "made" : "lost"}.`,
      }),
    );
  const settled = events.find((e) => e.type === "wagers_settled");
  if (counted && settled) {
    for (const text of settlementLines(settled, counted.declarer, settled.received.length))
      box.append(h("p", { text }));
  }
  const bonus = events.find((e) => e.type === "bonus");
  if (bonus) box.append(h("p", { text: bonusLine(bonus) }));
  return box;
}
