// The end of a round, drawn from the engine's events: the count with the traditional
// pairing and the 46-point line, the bonus, what the wagers came to for each player
// (their working, with the count's, folded away: messages.js resultLine, wagerLines),
// and (at the very end) the Ante Pot's fate and the winners. Every number comes from
// the events.

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { countedFold } from "../table/handend.js";
import {
  HUMAN,
  bidName,
  card,
  chips,
  points,
  resultLine,
  seatInSentence,
  seatName,
  voidReason,
  wagerLines,
  winnersLine,
} from "./messages.js";

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** The events of a round's end, found in `events`: {counted, settled, bonus, void, end, over}. */
export function roundEnd(events) {
  const find = (type) => events.find((e) => e.type === type) || null;
  const counted = find("round_counted");
  const voided = find("void_round");
  if (!counted && !voided) return null;
  return {
    counted,
    settled: find("wagers_settled"),
    bonus: find("bonus"),
    void: voided,
    divided: find("ante_pot_divided"),
    carried: find("ante_pot_carried"),
    over: find("game_over"),
  };
}

/** A title for the round's end, short, saying nothing its body says (the winners, the
 * count's verdict and the chips come under it): "Round 3: Bryn bid Guard", "Game over". */
export function roundTitle(end) {
  if (end.over) return "Game over";
  if (end.void) return `Round ${end.void.round + 1}: everyone passed`;
  const c = end.counted;
  return `Round ${c.round + 1}: ${seatName(c.declarer)} bid ${bidName(c.contract)}`;
}

/** The panel's body (a node). `players`: the seat count; `chipsAfter`: chips now.
 * What matters first comes first: at the game's end the winners and the chips, then the
 * last round; in a round, the verdict and the bonus, the chips it moved and where
 * everyone stands (in view on a phone without scrolling), with the paired pile (the
 * count's working) folded away at the end. */
export function roundBody(end, { players, chipsAfter }) {
  const body = el("div", "sb-count");
  if (end.over) body.append(el("p", "sb-winners", winnersLine(end.over.winners)));
  if (end.void) {
    const after = end.over
      ? "The chips in front of the players went back to them."
      : "The chips in front of the players went back to them; the Ante Pot keeps its chips and the deal passes to the right.";
    body.append(
      el("p", "sb-void-reason", voidReason(players)),
      el("p", "", `No one scores. ${after}`),
    );
    if (!end.over) body.append(el("p", "sb-count-pot", `Ante Pot: ${chips(end.void.ante_pot)}.`));
  }
  const counted = end.counted
    ? countSection(
        end.counted,
        end.settled ? wagerLines(end.settled, end.counted.declarer, players) : [],
      )
    : null;
  if (counted) body.append(counted.verdict);
  // the bonus with the verdict, then the chips moved and where everyone stands (which
  // counts the bonus): all of it in view on a phone without scrolling
  if (end.bonus) body.append(bonusSection(end.bonus));
  // what the round came to ("Aurel loses 8 chips: ..."), not the wagers' sums first
  // (audit 10: the result came third, after "Wagers: everyone put in 2 chips ...")
  if (end.settled && end.counted)
    body.append(el("p", "sb-settled", resultLine(end.settled, end.counted.declarer, players)));
  body.append(chipsTable(chipsAfter, players, end.over ? end.over.winners : null));
  if (end.divided || end.carried) {
    const p = el("p", "");
    p.textContent = end.divided
      ? `The Ante Pot is divided: ${chips(end.divided.share)} each${end.divided.unclaimed ? `; ${chips(end.divided.unclaimed)} ${end.divided.unclaimed === 1 ? "does" : "do"} not divide equally and ${end.divided.unclaimed === 1 ? "stays" : "stay"} in the Ante Pot, unclaimed` : ""}.`
      : `The Ante Pot (${chips(end.carried.ante_pot ?? 0)}) is carried to the next game.`;
    body.append(p);
  }
  if (counted) body.append(counted.working);
  return body;
}

/** The count: {verdict} (the sentence and the 46-point meter) and {working} (the wagers
 * settled, in `wagers`' sentences, the talon, the aside, the tricks and the paired pile,
 * folded under "How it was counted" as every game's summary folds its working:
 * table/handend.js countedFold). */
function countSection(c, wagers) {
  const section = el("section", "sb-count-main");
  section.setAttribute("aria-label", "The count");
  const made = c.made;
  const total = 182;
  const line = el("p", `sb-verdict ${made ? "made" : "lost"}`);
  line.textContent = `${seatName(c.declarer)} ${c.declarer === HUMAN ? "count" : "counts"} ${points(c.points)} points: ${made ? "at least" : "short of"} ${points(c.needed)}, so the contract is ${made ? "made" : "lost"}. The defenders have ${points(c.defenders_points)}.`;
  section.append(line);

  // the meter: the declarer's points out of 91, with the 46-point line
  const meter = el("div", "sb-meter");
  meter.setAttribute("role", "img");
  meter.setAttribute(
    "aria-label",
    `${points(c.points)} of 91 points; the line is at ${points(c.needed)}`,
  );
  const fill = el("div", `sb-meter-fill ${made ? "made" : "lost"}`);
  fill.style.width = `${(100 * c.points) / total}%`;
  const mark = el("div", "sb-meter-line");
  mark.style.left = `${(100 * c.needed) / total}%`;
  // (its figure said with what it is: "46" stood alone under a yellow tick; audit 12)
  mark.append(el("span", "", `${points(c.needed)} needed`));
  meter.append(fill, mark);
  section.append(meter);

  const extras = el("p", "sb-count-extra");
  const talon = c.talon?.length ? c.talon.map(card).join(", ") : "";
  const parts = [];
  if (talon)
    parts.push(
      `Talon (${c.talon_to === "hand" ? "into the declarer's hand" : c.talon_to === "declarer" ? "in the declarer's pile" : "in the defenders' pile"}): ${talon}.`,
    );
  if (c.aside?.length) parts.push(`Aside: ${c.aside.map(card).join(", ")}.`);
  parts.push(
    `Tricks: ${c.tricks.map((n, s) => `${s ? seatInSentence(s) : seatName(s)} ${n}`).join(", ")}.`,
  );
  extras.textContent = parts.join(" ");

  const pairing = el("section", "sb-pairing");
  pairing.append(el("h4", "", `The declarer's pile, paired (${c.pile.length} cards)`));
  // the words of the pairs, in players' words, before the first use
  pairing.append(el("p", "sb-pairs-legend", PAIRS_LEGEND));
  const list = el("ol", "sb-pairs");
  for (const pair of c.pairing) {
    const item = el("li", "sb-pair");
    const cards = el("span", "sb-pair-cards");
    for (const code of pair.cards) cards.append(createCard(code, { deck: "sabacc" }));
    item.append(
      cards,
      el("span", "sb-pair-label", pair.label),
      el("span", "sb-pair-points", points(pair.half_points)),
    );
    list.append(item);
  }
  pairing.append(list);
  const settled = el("div", "sb-wagers");
  for (const line of wagers) settled.append(el("p", "", line));
  const working = countedFold(...(wagers.length ? [settled] : []), extras, pairing);
  return { verdict: section, working };
}

// What the pairs' names mean (the deck's legend says the same)
const PAIRS_LEGEND =
  "The cards are counted in pairs. An Honour is one of the seven cards with a gold star: the four Masters, the Magician, the Universe and the Idiot. An ordinary card is any card that is not an Honour, a Mistress, a Commander or a Legate. An ordinary card left over counts half a point, so a count can end in ½.";

function bonusSection(b) {
  return el("p", "sb-bonus", bonusLine(b));
}

/** What earned a bonus, in plain words, then what it paid: "Bryn took every trick (a
 * Grand Slam): 12 chips from the Ante Pot, which has nothing left." A bonus also earned
 * but not paid is explained: only the biggest one is paid. */
export function bonusLine(b) {
  const unpaid = (b.unpaid || []).map((u) => bonusDeed(u.bonus, u.seat));
  const left = b.ante_pot ? `${chips(b.ante_pot)} left` : "nothing left";
  const article = /^[AEIOU]/.test(b.name) ? "an" : "a";
  const paid = b.amount
    ? `${chips(b.amount)} from the Ante Pot, which has ${left}`
    : `the Ante Pot holds only ${chips(b.ante_pot)}, too few for its share to reach a whole chip, so nothing is paid`;
  const line = `${bonusDeed(b.bonus, b.seat, b)} (${article} ${b.name}): ${paid}.`;
  if (!unpaid.length) return line;
  return `${line} ${unpaid.join(" and ")}: that earns a bonus too, but only the biggest one is paid.`;
}

/** What a player did to earn `bonus`: "Bryn took 10 of the 12 tricks". */
function bonusDeed(bonus, seat, event = {}) {
  const who = seatName(seat);
  if (bonus === "grand_slam") return `${who} took every trick`;
  if (bonus === "slam")
    return event.tricks === undefined
      ? `${who} took all but at most three tricks`
      : `${who} took ${event.tricks} of the ${event.of} tricks`;
  const card = bonus === "magician_at_the_end" ? "the Magician" : "the Idiot";
  return `${who} won the last trick with ${card}`;
}

function chipsTable(chipsAfter, players, winners) {
  const table = el("table", "sb-chip-table");
  const caption = el("caption", "", "Chips");
  const head = el("tr");
  const row = el("tr");
  for (let seat = 0; seat < players; seat += 1) {
    const th = el("th", "", seatName(seat));
    th.scope = "col";
    head.append(th);
    const td = el("td", winners?.includes(seat) ? "winner" : "", String(chipsAfter[seat]));
    row.append(td);
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  tbody.append(row);
  table.append(caption, thead, tbody);
  return table;
}
