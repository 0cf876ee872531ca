// The chip ledger: every chip movement the engine recorded ({hand, seat, amount, pot,
// dir, reason}), read as a statement a phone can show: each player's balance, then the
// hands (rounds), newest first, each with its movements in the order they came. A
// movement is one line of who paid what to which pot, in players' words ("You, Aurel
// and Bryn paid 2 chips each onto the table."), with the engine's reason whole under it:
// the entries of one step (the same hand, pot, direction and reason, one after another:
// every player's ante, every caller's stake, the declarer's matching stacks) are one
// movement. Chips moved from one pot to another (two entries with no seat: out of one
// pot, into the other; engine table/ledger.py `transfer`) are one movement naming both
// pots, never a player.
//
//   ledgerTable(entries, {seatName, seats, chips, potWords, unit}) -> a <div> holding the
//                      balances and the movements (`unit`: "Hand" or "Round";
//                      `potWords(pot)`: {into, from}, the pot in a sentence: "into the
//                      Ante Pot", "from the table")
//   showLedger(entries, {..., title})  the same in a dialog
//   ledgerMovements(entries, {seatName, seats, potWords}) -> [{hand, what, why, kind}]

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { listed, plural } from "../ui/words.js";
import { HUMAN } from "./seats.js";

/** @typedef {{into: string, from: string}} PotWords */

/** Whether entry `i` and the next are a transfer between pots (no seat's chips change). */
function transferAt(entries, i) {
  const [entry, next] = [entries[i], entries[i + 1]];
  return (
    entry.seat == null &&
    entry.dir === "out" &&
    next?.seat == null &&
    next?.dir === "in" &&
    next.amount === entry.amount
  );
}

/** The seats of one step, what each moved and where (`where`: "onto the table"): "You,
 * Aurel and Bryn paid 2 chips each onto the table", "Cass paid 2 chips onto the table,
 * three times", "Everyone paid 1 chip into the Ante Pot", "You took 3 chips, Aurel 2 and
 * Bryn 1, from the table". */
function whoMoved(group, where, seatName, seats) {
  const verb = group[0].dir === "in" ? "paid" : "took";
  const order = [];
  const amounts = new Map(); // seat -> the amounts it moved, in order
  for (const entry of group) {
    if (!amounts.has(entry.seat)) {
      order.push(entry.seat);
      amounts.set(entry.seat, []);
    }
    amounts.get(entry.seat).push(entry.amount);
  }
  // you first, so that a list reads "You, Aurel and Bryn" ("you" never inside it)
  order.sort((a, b) => Number(b === HUMAN) - Number(a === HUMAN));
  const each = (list) => list.every((n) => n === list[0]);
  const counts = order.map((seat) => amounts.get(seat));
  if (order.length === 1) {
    const list = counts[0];
    if (list.length > 1 && each(list)) {
      const times = TIMES[list.length] ?? `${list.length} times`;
      return `${seatName(order[0])} ${verb} ${plural(list[0], "chip")} ${where}, ${times}`;
    }
    return `${seatName(order[0])} ${verb} ${plural(sum(list), "chip")} ${where}`;
  }
  const totals = counts.map(sum);
  const everyone = order.length === seats;
  if (totals.every((n) => n === totals[0])) {
    const who = everyone ? "Everyone" : listed(order.map(seatName));
    return `${who} ${verb} ${plural(totals[0], "chip")}${everyone ? "" : " each"} ${where}`;
  }
  // "You paid 3 chips, Aurel 2 and Bryn 1"
  const rest = order.slice(1).map((seat, k) => `${seatName(seat)} ${totals[k + 1]}`);
  return `${seatName(order[0])} ${verb} ${plural(totals[0], "chip")}, ${listed(rest)}, ${where}`;
}

const TIMES = { 2: "twice", 3: "three times", 4: "four times", 5: "five times" };
const sum = (list) => list.reduce((a, b) => a + b, 0);

/**
 * The ledger as movements, oldest first: `what` a sentence of who paid what where, `why`
 * the engine's reason, `kind` "paid", "received" or "moved" (between pots).
 * @param {any[]} entries
 * @param {{seatName: (seat: number) => string, seats: number,
 *          potWords: (pot: string) => PotWords}} words
 */
export function ledgerMovements(entries, { seatName, seats, potWords: pot }) {
  const out = [];
  for (let i = 0; i < entries.length; ) {
    const entry = entries[i];
    if (transferAt(entries, i)) {
      const to = entries[i + 1].pot;
      out.push({
        hand: entry.hand,
        what: `${plural(entry.amount, "chip")} went ${pot(entry.pot).from} ${pot(to).into}.`,
        why: entry.reason,
        kind: "moved",
      });
      i += 2;
      continue;
    }
    const group = [entry];
    let j = i + 1;
    for (; j < entries.length; j += 1) {
      const next = entries[j];
      const same = ["hand", "pot", "dir", "reason"].every((key) => next[key] === entry[key]);
      if (!same || next.seat == null) break;
      group.push(next);
    }
    const where = entry.dir === "in" ? pot(entry.pot).into : pot(entry.pot).from;
    out.push({
      hand: entry.hand,
      what: `${whoMoved(group, where, seatName, seats)}.`,
      why: entry.reason,
      kind: entry.dir === "in" ? "paid" : "received",
    });
    i = j;
  }
  return out;
}

/**
 * @param {any[]} entries
 * @param {{seatName: (seat: number) => string, seats?: number, chips?: number[] | null,
 *          potWords: (pot: string) => PotWords, unit?: string}} options
 */
export function ledgerTable(entries, { seatName, seats, chips = null, potWords, unit = "Hand" }) {
  const box = h("div", { class: "ledger" });
  if (chips) {
    box.append(
      h(
        "ul",
        { class: "ledger-balances", role: "list", "aria-label": "Chips now" },
        chips.map((amount, seat) =>
          h(
            "li",
            { class: amount < 0 ? "debt" : null },
            h("span", { class: "who", text: seatName(seat) }),
            " ",
            h("strong", { text: plural(amount, "chip") }),
          ),
        ),
      ),
    );
  }
  const count = seats ?? chips?.length ?? 0;
  const byHand = new Map();
  for (const movement of ledgerMovements(entries, { seatName, seats: count, potWords })) {
    if (!byHand.has(movement.hand)) byHand.set(movement.hand, []);
    byHand.get(movement.hand).push(movement);
  }
  const hands = [...byHand.keys()].sort((a, b) => b - a); // newest first
  const list = h(
    "div",
    { class: "ledger-hands" },
    hands.map((hand) =>
      h(
        "section",
        { class: "ledger-hand", dataset: { hand: String(hand) } },
        h("h3", { class: "ledger-hand-title", text: `${unit} ${hand + 1}` }),
        h(
          "ol",
          { class: "ledger-moves" },
          byHand
            .get(hand)
            .map(({ what, why, kind }) =>
              h(
                "li",
                { class: `ledger-move ${kind}` },
                h("span", { class: "ledger-what", text: what }),
                h("span", { class: "ledger-why", text: why }),
              ),
            ),
        ),
      ),
    ),
  );
  if (!hands.length)
    list.append(h("p", { class: "ledger-none", text: "No chips have moved yet." }));
  box.append(
    h(
      "div",
      {
        class: "ledger-scroll",
        tabindex: "0",
        role: "region",
        "aria-label": `Every chip movement, the newest ${unit.toLowerCase()} first`,
      },
      list,
    ),
  );
  return box;
}

/**
 * @param {any[]} entries the ledger's entries (the view's `ledger`)
 * @param {object} options
 * @param {string} [options.title]
 * @param {(seat: number) => string} options.seatName
 * @param {(pot: string) => PotWords} options.potWords each pot in a sentence
 * @param {number[]} [options.chips] each seat's chips now
 * @param {number} [options.seats] how many players (else the chips' count)
 * @param {string} [options.unit] "Hand" or "Round"
 */
export function showLedger(entries, { title = "Chip ledger", ...options }) {
  return openDialog({
    title,
    body: ledgerTable(entries, options),
    className: "wide-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
