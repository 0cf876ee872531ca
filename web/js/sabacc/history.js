// The game's history: every round's deal (your cards as dealt), the auction, the tricks
// and the count, kept in the saved game and shown after each round; and the game record
// exported as a JSON file, or imported (the engine replays it before it is used).

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { openDialog } from "../ui/dialog.js";
import { bidName, card, points, seatName } from "./messages.js";
import { shapeProblem } from "./store.js";

const who = (seat) => (seat === 0 ? "You" : seatName(seat));
const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** A round's entry at its start: {round, dealer, hand}. */
export function startRound(view) {
  return { round: view.round, dealer: view.dealer, hand: [...view.hand] };
}

/**
 * The finished round's entry: `entry` from startRound, `before` the view just before
 * the last action, `events` that action's events (the last bid or trick, the count).
 */
export function finishRound(entry, before, events, end) {
  const auction = [...before.auction];
  for (const e of events) if (e.type === "bid") auction.push({ seat: e.seat, bid: e.bid, stake: e.stake });
  const tricks = before.played.map((t) => ({ plays: t.plays, winner: t.winner }));
  for (const e of events) if (e.type === "trick_won") tricks.push({ plays: e.plays, winner: e.seat });
  return {
    ...(entry || { round: before.round, dealer: before.dealer, hand: [] }),
    auction,
    declarer: before.declarer,
    contract: before.contract,
    tricks,
    void: Boolean(end.void),
    count: end.counted
      ? {
          points: end.counted.points,
          needed: end.counted.needed,
          made: end.counted.made,
          talon: end.counted.talon,
          aside: end.counted.aside,
        }
      : null,
    bonus: end.bonus ? { name: end.bonus.name, seat: end.bonus.seat, amount: end.bonus.amount } : null,
  };
}

function smallCards(codes) {
  const row = el("span", "sb-mini-row");
  for (const code of codes) row.append(createCard(code, { deck: "sabacc" }));
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", codes.map(card).join(", "));
  for (const c of row.children) c.removeAttribute("role");
  for (const c of row.children) c.removeAttribute("aria-label");
  return row;
}

function roundSection(entry) {
  const section = el("section", "sb-history-round");
  const title = entry.void
    ? `Round ${entry.round + 1}: void (everyone passed)`
    : `Round ${entry.round + 1}: ${who(entry.declarer)} — ${bidName(entry.contract)}, ${entry.count ? `${points(entry.count.points)} points, ${entry.count.made ? "made" : "lost"}` : ""}`;
  section.append(el("h3", "", title));
  section.append(el("p", "", `Dealer: ${who(entry.dealer)}.`));
  if (entry.hand && entry.hand.length) {
    const p = el("p", "sb-history-line");
    p.append(el("span", "sb-history-key", "Your cards as dealt: "), smallCards(entry.hand));
    section.append(p);
  }
  section.append(
    el("p", "", `Auction: ${entry.auction.map((b) => `${who(b.seat)} ${bidName(b.bid).toLowerCase()}${b.stake ? ` (${b.stake})` : ""}`).join(", ") || "none"}.`),
  );
  if (entry.count) {
    if (entry.count.talon.length) {
      const p = el("p", "sb-history-line");
      p.append(el("span", "sb-history-key", "Talon: "), smallCards(entry.count.talon));
      section.append(p);
    }
    if (entry.count.aside.length) {
      const p = el("p", "sb-history-line");
      p.append(el("span", "sb-history-key", "Aside: "), smallCards(entry.count.aside));
      section.append(p);
    }
  }
  if (entry.tricks.length) {
    const list = el("ol", "sb-history-tricks");
    for (const trick of entry.tricks) {
      const item = el("li");
      item.append(smallCards(trick.plays.map((p) => p.card)));
      item.append(el("span", "", ` ${who(trick.plays[0].seat)} led, ${who(trick.winner).toLowerCase() === "you" ? "you" : who(trick.winner)} won`));
      list.append(item);
    }
    const details = el("details");
    details.append(el("summary", "", `${entry.tricks.length} tricks`), list);
    section.append(details);
  }
  if (entry.bonus) section.append(el("p", "", `Bonus: ${entry.bonus.name} to ${who(entry.bonus.seat)}, ${entry.bonus.amount} chips.`));
  return section;
}

/** The history dialog; resolves with "export", "import" or null. */
export function showHistory(history) {
  const body = el("div", "sb-history");
  if (!history.length) body.append(el("p", "", "No round has been played yet in this game."));
  for (const entry of [...history].reverse()) body.append(roundSection(entry));
  return openDialog({
    title: "This game's rounds",
    body,
    className: "sb-wide",
    actions: [
      { label: "Import a game…", value: "import" },
      { label: "Export this game", value: "export" },
      { label: "Close", value: null, primary: true },
    ],
  });
}

/** Offer the saved game as a JSON file. */
export function exportGame(saved) {
  const data = { format: "celestix-sabacc-game", ...saved };
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `sabacc-${saved.record.seed}-${saved.record.actions.length}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Ask for a file and read it as a saved game: {saved} or {problem}. */
export function pickGameFile() {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "application/json,.json";
    input.className = "sr-only";
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      input.remove();
      if (!file) return resolve(null);
      resolve(readGameText(await file.text()));
    });
    input.addEventListener("cancel", () => {
      input.remove();
      resolve(null);
    });
    document.body.append(input);
    input.click();
  });
}

export function readGameText(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "That file is not a game record (it is not JSON)." };
  }
  if (data && typeof data === "object") delete data.format;
  const problem = shapeProblem(data);
  return problem ? { problem } : { saved: data };
}
