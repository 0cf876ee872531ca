// The chip ledger: every chip movement the engine recorded ({hand, seat, amount, pot,
// dir, reason}), newest first, with each player's balance.
//
//   ledgerTable(entries, {seatName, chips, potName}) -> a <div> holding the balances and
//                                                      the ledger as a table
//   showLedger(entries, {seatName, chips, potName, title})  the same in a dialog

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";

const chipWord = (n) => `${n} chip${Math.abs(n) === 1 ? "" : "s"}`;

export function ledgerTable(entries, { seatName, chips = null, potName }) {
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
  for (const entry of [...entries].reverse()) {
    const sign = entry.dir === "in" ? "−" : "+";
    const cells = [
      String(entry.hand + 1),
      seatName(entry.seat),
      `${sign}${entry.amount}`,
      potName(entry.pot),
      entry.reason,
    ];
    body.append(
      h(
        "tr",
        { class: entry.dir === "in" ? "paid" : "received" },
        cells.map((text) => h("td", { text })),
      ),
    );
  }
  const head = h(
    "tr",
    {},
    ["Hand", "Player", "Chips", "Pot", "Why"].map((text) => h("th", { scope: "col", text })),
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

export function showLedger(entries, { title = "Chip ledger", ...options }) {
  return openDialog({
    title,
    body: ledgerTable(entries, options),
    className: "wide-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
