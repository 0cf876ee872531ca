// The chip ledger: every chip movement the engine recorded ({hand, seat, amount, pot,
// dir, reason}), newest first, with each player's balance.
//
//   ledgerTable(entries, {seatName, chips, potName}) -> a <div> holding the balances and
//                                                      the ledger as a table
//   showLedger(entries, {seatName, chips, potName, title})  the same in a dialog

import { openDialog } from "../ui/dialog.js";

const POTS = { hand: "Hand Pot", accord: "Accord Pot", ante: "Ante pot" };

export function ledgerTable(entries, { seatName = (s) => `Seat ${s}`, chips = null, potName = (p) => POTS[p] || p } = {}) {
  const box = document.createElement("div");
  box.className = "ledger";
  if (chips) {
    const balances = document.createElement("ul");
    balances.className = "ledger-balances";
    balances.setAttribute("role", "list");
    chips.forEach((amount, seat) => {
      const li = document.createElement("li");
      li.classList.toggle("debt", amount < 0);
      li.innerHTML = `<span class="who"></span> <strong></strong>`;
      li.querySelector(".who").textContent = seatName(seat);
      li.querySelector("strong").textContent = `${amount} chip${Math.abs(amount) === 1 ? "" : "s"}`;
      balances.append(li);
    });
    box.append(balances);
  }
  const wrap = document.createElement("div");
  wrap.className = "ledger-scroll";
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "Ledger entries");
  const table = document.createElement("table");
  table.className = "ledger-table";
  table.innerHTML = `<caption class="sr-only">Every chip movement, newest first</caption>
    <thead><tr><th scope="col">Hand</th><th scope="col">Player</th><th scope="col">Chips</th><th scope="col">Pot</th><th scope="col">Why</th></tr></thead><tbody></tbody>`;
  const body = table.querySelector("tbody");
  for (const entry of [...entries].reverse()) {
    const tr = document.createElement("tr");
    const sign = entry.dir === "in" ? "−" : "+";
    const cells = [String(entry.hand + 1), seatName(entry.seat), `${sign}${entry.amount}`, potName(entry.pot), entry.reason];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    tr.classList.add(entry.dir === "in" ? "paid" : "received");
    body.append(tr);
  }
  wrap.append(table);
  box.append(wrap);
  return box;
}

export function showLedger(entries, { title = "Chip ledger", ...options } = {}) {
  return openDialog({
    title,
    body: ledgerTable(entries, options),
    className: "wide-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}
