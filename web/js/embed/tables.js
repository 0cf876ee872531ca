// The compact tables of the rules demos: one function per game draws the engine's views
// (never a rule of its own: what is shown is what the views say) and, on a reader's
// turn, offers the moves of the kind the step expects as buttons. The engine judges them.
//
//   drawTable(container, {game, demo, views, seat, move, onMove})
//     views: {seat -> view} for the demo's reader and its open seats (null: spectator)
//     move:  the kind of move the reader may try now ("play", "bid", "aside", "build"),
//            or null when it is not the reader's turn
//     onMove(action): the reader tried `action`

import { createCard, createPlaceholder, cardName } from "../cards/card.js";
import { rankName } from "../cards/standard.js";
import "../cards/sabacc.js";
import { imperialDeck } from "../cards/imperial.js";

const PRECEDENCE_SEATS = ["South", "West", "North", "East"]; // seats 0-3, clockwise
// Contract Sabacc's players in the demos (their captions name them so): the game's own
// names (sabacc/messages.js) for seats 1-4, and Wren where the game says "You"
const SABACC_SEATS = ["Wren", "Aurel", "Bryn", "Cass", "Dex"];
// Where each seat sits on the screen, seen from seat 0 (precedence: clockwise, so seat 1
// is on the left; sabacc: counterclockwise, so seat 1 is on the right)
const PLACES = {
  precedence: ["bottom", "left", "top", "right"],
  sabacc: ["bottom", "right", "top", "left"],
};
const SABACC_BIDS = ["take", "push", "guard", "guard_without", "guard_against", "pass"];
const SABACC_BID_NAMES = {
  take: "Take",
  push: "Push",
  guard: "Guard",
  guard_without: "Guard without",
  guard_against: "Guard against",
  pass: "Pass",
};

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function seatName(game, seat) {
  return (game === "precedence" ? PRECEDENCE_SEATS : SABACC_SEATS)[seat] ?? "Another player";
}

function deckOf(game, view) {
  if (game === "patience") return "standard";
  if (game === "sabacc") return "sabacc";
  return imperialDeck(view.variant);
}

/** A card; a button when `onClick` is given (named after the card). */
function card(code, deck, onClick, extra = "") {
  if (!onClick) {
    const node = createCard(code, { deck });
    if (extra) node.classList.add(extra);
    return node;
  }
  const node = createCard(code, { deck, as: "button" });
  node.setAttribute("aria-label", cardName(code, deck));
  if (extra) node.classList.add(extra);
  node.addEventListener("click", () => onClick(code));
  return node;
}

function back(count) {
  const wrap = el("div", "dm-backs");
  const node = createCard(null, { faceUp: false });
  node.setAttribute("aria-label", `${count} cards, face down`);
  wrap.append(node, el("span", "dm-count", String(count)));
  return wrap;
}

export function drawTable(container, ctx) {
  container.replaceChildren();
  container.dataset.game = ctx.game;
  if (ctx.game === "patience") drawPatience(container, ctx);
  else drawTrickGame(container, ctx);
  const summary = drawSummary(ctx.game, ctx.events || []);
  if (summary) container.append(summary);
}

// ---- what the step's events report: a hand or round scored, the game's end ---------

function drawSummary(game, events) {
  const lines = [];
  for (const event of events) {
    if (event.type === "hand_scored") {
      lines.push(`Hand ${event.hand_number + 1} scored (trumps: ${event.trump}):`);
      for (const team of event.teams) {
        const names = team.seats.map((s) => seatName(game, s)).join(" and ");
        const melds = team.meld_points
          ? `, melds ${team.meld_points}${team.melds_halved ? ` halved to ${team.meld_points_scored}` : ""}`
          : "";
        const audit = team.audits
          ? `, ${team.audits === 1 ? "an Imperial Audit" : `${team.audits} Imperial Audits`} costing ${-team.audit_points} points`
          : "";
        lines.push(
          `${names}: contract ${team.contract}, ${team.tricks} tricks, ${team.made ? "made" : "failed"}` +
            `${melds}${audit}; ${team.hand_points} points this hand, score ${team.score_after}` +
            (game === "precedence" && event.variant === "core"
              ? `, Excess ${team.excess_after}`
              : "") +
            ".",
        );
      }
    } else if (event.type === "hand_pot") {
      lines.push(`Hand Pot: ${event.reason}.`);
    } else if (event.type === "round_counted") {
      lines.push(
        `${seatName(game, event.declarer)}'s pile counts ${event.points_text} points: ${event.made ? "contract made" : "contract lost"}.`,
      );
    } else if (event.type === "wagers_settled") {
      lines.push(
        `Wagers: ${event.table} chips on the table to the ${event.winner}` +
          (event.remainder ? `, ${event.remainder} into the Ante Pot.` : "."),
      );
    } else if (event.type === "bonus") {
      lines.push(`Bonus: ${event.name} for ${seatName(game, event.seat)}, ${event.amount} chips.`);
    } else if (event.type === "void_round") {
      lines.push("Everyone passed: the round is void.");
    } else if (event.type === "won") {
      lines.push("All 104 cards are on the foundations: won.");
    } else if (event.type === "lost") {
      lines.push(event.reason);
    }
  }
  if (!lines.length) return null;
  const box = el("div", "dm-summary");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "What the engine reported");
  for (const line of lines) box.append(el("p", "", line));
  return box;
}

// ---- the patience -------------------------------------------------------------------

function drawPatience(container, { views, seat, move, onMove }) {
  const view = views[seat ?? 0];
  const deck = "standard";
  const row = el("div", "dm-foundations");
  view.foundations.forEach((pile, k) => {
    const info = view.foundation_info?.[k];
    // the visible label ("King foundation: 13") is the start of the name, for speech input; the
    // foundations are named by their base, as the engine's words name them
    const base = rankName(info.base);
    const label =
      `${base} foundation: ${pile.length} card${pile.length === 1 ? "" : "s"}` +
      (pile.length ? `, ${cardName(pile[pile.length - 1], deck)} on top` : ", empty");
    // the button holds only the visible label (the start of its name, for speech input);
    // it covers the whole pile (css), so a click on the cards builds there too
    const slot = el("div", "dm-foundation");
    slot.append(
      pile.length
        ? createCard(pile[pile.length - 1], { deck })
        : createPlaceholder({ mark: info?.base === "T" ? "10" : info?.base || "" }),
    );
    for (const child of slot.children) child.setAttribute("aria-hidden", "true");
    const text = `${base} foundation: ${pile.length}`;
    if (move) {
      const button = el("button", "dm-label dm-hit", text);
      button.type = "button";
      button.setAttribute("aria-label", label);
      button.addEventListener("click", () => onMove({ type: "build", to: k }));
      slot.append(button);
      slot.classList.add("dm-target");
    } else {
      slot.setAttribute("role", "img");
      slot.setAttribute("aria-label", label);
      slot.append(el("span", "dm-label", text));
    }
    row.append(slot);
  });
  const lower = el("div", "dm-stockrow");
  const stock = el(move ? "button" : "div", "dm-stock");
  const stockLabel = `Stock ${view.stock_count} · redeals ${view.redeals_left}`;
  stock.setAttribute("aria-label", stockLabel);
  if (move) {
    stock.type = "button";
    stock.addEventListener("click", () =>
      onMove(view.stock_count ? { type: "deal" } : { type: "redeal" }),
    );
  } else {
    stock.setAttribute("role", "img");
  }
  stock.append(
    view.stock_count ? createCard(null, { faceUp: false }) : createPlaceholder({ label: "redeal" }),
  );
  for (const child of stock.children) child.setAttribute("aria-hidden", "true");
  stock.append(el("span", "dm-label", stockLabel));
  const waste = el("div", "dm-waste");
  waste.setAttribute("role", "group");
  const top = view.waste.slice(-3);
  waste.setAttribute(
    "aria-label",
    top.length ? `Waste, ${cardName(top[top.length - 1], deck)} on top` : "Waste, empty",
  );
  if (!top.length) waste.append(createPlaceholder({ label: "waste" }));
  for (const code of top) waste.append(card(code, deck));
  waste.append(el("span", "dm-label", `Waste ${view.waste.length}`));
  lower.append(stock, waste);
  container.append(row, lower);
}

// ---- Precedence and Sabacc ----------------------------------------------------------

function drawTrickGame(container, ctx) {
  const { game, demo, views, seat, move, onMove } = ctx;
  const open = demo.open || (seat == null ? [] : [seat]);
  const any = views[seat ?? open[0]] ?? Object.values(views)[0];
  const deck = deckOf(game, any);
  const seats = any.hand_sizes.length;
  container.append(drawInfo(game, any));
  const table = el("div", "dm-cross");
  table.dataset.seats = String(seats);
  // the reader's hand to play from, when its seat is not at the foot: under the table, the
  // whole width (its cards are 44 px targets, too many for a side's column)
  let yours = null;
  for (let s = 0; s < seats; s++) {
    const place = seats === 4 ? PLACES[game][s] : ["bottom", "right", "top", "left", "top"][s];
    const box = el("section", `dm-seat dm-${place}`);
    box.setAttribute("aria-label", seatLabel(game, any, s, seat));
    const plate = el("p", "dm-plate", seatLabel(game, any, s, seat));
    box.append(plate);
    const own = views[s];
    if (own && open.includes(s)) {
      const hand = el("div", "dm-hand");
      const playable = move && s === seat && ["play", "aside"].includes(move);
      const declared = new Set(game === "precedence" ? (any.melds[s] || []).flat() : []);
      for (const code of own.hand) {
        const node = card(
          code,
          deck,
          playable ? (c) => onMove({ type: move, card: c }) : null,
          declared.has(code) ? "dm-declared" : "",
        );
        hand.append(node);
      }
      if (playable && place !== "bottom") {
        yours = el("section", "dm-yours");
        yours.setAttribute("aria-label", `${seatName(game, s)}'s hand`);
        yours.append(el("p", "dm-plate", `${seatName(game, s)}'s hand, yours to play`), hand);
      } else box.append(hand);
    } else {
      box.append(back(any.hand_sizes[s]));
    }
    table.append(box);
  }
  const centre = el("div", "dm-centre");
  centre.setAttribute("aria-label", "The trick");
  centre.setAttribute("role", "group");
  // the trick in progress, else the last one completed (with its winner), until the next lead
  const last = any.last_trick?.plays?.length ? any.last_trick : null;
  const current = any.trick?.length ? any.trick : null;
  const trick = current || (last ? last.plays : []);
  const winner = current ? null : last ? last.winner : null;
  centre.dataset.trick = current ? "current" : last ? "last" : "none";
  for (const play of trick) {
    const spot = el("div", `dm-played dm-${seats === 4 ? PLACES[game][play.seat] : "bottom"}`);
    spot.append(card(play.card, deck, null, play.seat === winner ? "dm-winner" : ""));
    spot.append(
      el("span", "dm-label", seatName(game, play.seat) + (play.seat === winner ? " wins" : "")),
    );
    centre.append(spot);
  }
  if (!trick.length) centre.append(el("p", "dm-empty", phaseText(game, any)));
  table.append(centre);
  container.append(table);
  if (yours) container.append(yours);
  if (game === "sabacc" && any.talon && any.talon.length) {
    const talon = el("div", "dm-talon");
    talon.append(el("span", "dm-label", "Talon, shown to all"));
    for (const code of any.talon) talon.append(card(code, deck));
    container.append(talon);
  }
  if (move === "bid") container.append(bidButtons(game, onMove));
}

function seatLabel(game, view, s, reader) {
  const parts = [s === reader ? `${seatName(game, s)} (you)` : seatName(game, s)];
  if (view.dealer === s) parts.push("dealer");
  if (game === "sabacc" && view.declarer === s) parts.push("declarer");
  if (game === "precedence" && view.bids[s] != null) parts.push(`bid ${view.bids[s]}`);
  if (view.tricks) parts.push(`${view.tricks[s]} trick${view.tricks[s] === 1 ? "" : "s"}`);
  if (game === "sabacc" && view.chips) parts.push(`${view.chips[s]} chips`);
  return parts.join(" · ");
}

function phaseText(game, view) {
  if (view.over) return "The game is over.";
  const who = seatName(game, view.to_act);
  if (view.phase === "declare") return `Declaring melds: ${who} to declare.`;
  if (view.phase === "bid") return `Bidding: ${who} to bid.`;
  if (view.phase === "aside") return `${who} sets cards aside.`;
  return `${who} to lead.`;
}

function drawInfo(game, view) {
  const list = el("dl", "dm-info");
  const add = (term, value) => {
    const item = el("div");
    item.append(el("dt", "", term), el("dd", "", String(value)));
    list.append(item);
  };
  if (game === "precedence") {
    add("Trump suit", view.trump);
    add("Hand", view.hand_number + 1);
    // each team's figure by its players' names (a bare "0 · 0" said nothing of whose)
    const teams = (pair) => `South and North ${pair[0] ?? "–"} · West and East ${pair[1] ?? "–"}`;
    add("Contracts", teams(view.phase === "declare" ? [] : view.contracts || []));
    add("Tricks", teams(view.team_tricks || [0, 0]));
    add("Scores", teams(view.scores));
    if (view.variant === "core") add("Excess", teams(view.excess));
    add("Hand Pot", view.hand_pot);
  } else {
    add("Round", `${view.round + 1} of ${view.rounds}`);
    add(
      "Contract",
      view.contract
        ? `${SABACC_BID_NAMES[view.contract]} by ${seatName(game, view.declarer)}`
        : "–",
    );
    add(
      "On the table",
      (view.wagers || []).reduce((a, b) => a + b, 0),
    );
    add("Ante Pot", view.ante_pot);
    if (view.pile_sizes)
      add("Piles", `declarer ${view.pile_sizes.declarer} · defenders ${view.pile_sizes.defenders}`);
  }
  return list;
}

function bidButtons(game, onMove) {
  const box = el("div", "dm-bids");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "Your bid");
  const choices =
    game === "precedence"
      ? Array.from({ length: 14 }, (_, n) => [{ type: "bid", tricks: n }, String(n)])
      : SABACC_BIDS.map((b) => [{ type: "bid", bid: b }, SABACC_BID_NAMES[b]]);
  for (const [action, label] of choices) {
    const button = el("button", "btn dm-bid", label);
    button.type = "button";
    if (game === "precedence") button.setAttribute("aria-label", `Bid ${label} tricks`);
    button.addEventListener("click", () => onMove(action));
    box.append(button);
  }
  return box;
}

/** A move in words, for the captions of the page ("the Emperor of Core", "bid 5"). */
export function moveText(game, action, view) {
  if (action.type === "play" || action.type === "aside") {
    return cardName(action.card, deckOf(game, view || {}));
  }
  if (action.type === "bid")
    return game === "precedence" ? `a bid of ${action.tricks}` : SABACC_BID_NAMES[action.bid];
  if (action.type === "build")
    return view
      ? `building on the ${rankName(view.foundation_info[action.to].base)} foundation`
      : "building";
  if (action.type === "deal") return "dealing a card";
  if (action.type === "redeal") return "redealing";
  return action.type;
}
