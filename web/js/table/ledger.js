// The chip ledger: every chip movement the engine recorded ({hand, seat, amount, pot,
// dir, reason}), newest first, with each player's balance. Chips moved from one pot to
// another (two entries with no seat: out of one pot, into the other; engine
// table/ledger.py `transfer`) are one row naming both pots, not a player.
//
//   ledgerTable(entries, {seatName, chips, potName, unit}) -> a <div> holding the
//                      balances and the ledger as a table (`unit`: "Hand" or "Round")
//   showLedger(entries, {seatName, chips, potName, unit, title})  the same in a dialog

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";

const chipWord = (n) => `${n} chip${Math.abs(n) === 1 ? "" : "s"}`;

/** The ledger's rows, oldest first: {hand, who, chips, pot, why, paid}. */
function ledgerRows(entries, seatName, potName) {
  const rows = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i];
    const next = entries[i + 1];
    const between =
      entry.seat == null &&
      entry.dir === "out" &&
      next?.seat == null &&
      next?.dir === "in" &&
      next.amount === entry.amount;
    if (between) {
      rows.push({
        hand: entry.hand,
        who: "Between pots",
        chips: String(entry.amount),
        pot: `${potName(entry.pot)} to ${potName(next.pot)}`,
        why: entry.reason,
        paid: null,
      });
      i += 1;
      continue;
    }
    rows.push({
      hand: entry.hand,
      who: entry.seat == null ? "Between pots" : seatName(entry.seat),
      chips: `${entry.dir === "in" ? "−" : "+"}${entry.amount}`,
      pot: potName(entry.pot),
      why: entry.reason,
      paid: entry.dir === "in",
    });
  }
  return rows;
}

export function ledgerTable(entries, { seatName, chips = null, potName, unit = "Hand" }) {
  const box = h("div", { class: "ledger" });
  if (chips) {
    box.append(
      h(
        "ul",
        { class: "ledger-balances", role: "list" },
        chips.map((amount, seat) =>
          h(
            "li",
            { class: amount < 0 ? "debt" : null },
            h("span", { class: "who", text: seatName(seat) }),
            " ",
            h("strong", { text: chipWord(amount) }),
          ),
        ),
      ),
    );
  }
  const body = h("tbody");
  for (const row of ledgerRows(entries, seatName, potName).reverse()) {
    const cells = [String(row.hand + 1), row.who, row.chips, row.pot, row.why];
    const kind = row.paid === null ? "moved" : row.paid ? "paid" : "received";
    body.append(
      h(
        "tr",
        { class: kind },
        cells.map((text) => h("td", { text })),
      ),
    );
  }
  const head = h(
    "tr",
    {},
    [unit, "Player", "Chips", "Pot", "Why"].map((text) => h("th", { scope: "col", text })),
  );
  const table = h(
    "table",
    { class: "ledger-table" },
    h("caption", { class: "sr-only", text: "Every chip movement, newest first" }),
    h("thead", {}, head),
    body,
  );
  box.append(
    h(
      "div",
      { class: "ledger-scroll", tabindex: "0", role: "region", "aria-label": "Ledger entries" },
      table,
    ),
  );
  return box;
}

/**
 * @param {any[]} entries the ledger's entries (the view's `ledger`)
 * @param {object} options
 * @param {string} [options.title]
 * @param {(seat: number) => string} options.seatName
 * @param {(pot: string) => string} options.potName
 * @param {number[]} [options.chips] each seat's chips now
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
