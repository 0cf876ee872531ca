// The Sabacc table: draws the engine's view for the person at seat 0. Seats go round
// counterclockwise as the rules say (play passes from a seat to the one on its right):
// you at the bottom, the next seat on your right, and so on round to your left.
//
//   new SabaccTable(section, {card(code, el), bid(bid)})
//   render(view, legal, {thinking, trick})   draw everything from the view
//   flyToTrick(seat, code, fromRect)         the play-to-centre animation
//   sweepTrick(winner)                       the finished trick goes to its winner

import { createCard } from "../cards/card.js";
import "../cards/sabacc.js";
import { flyFrom, reducedMotion } from "../ui/motion.js";
import { Hand } from "./hand.js";
import { bidCost, bidCostShort, bidName, card, chips, everyoneCalls, points, seatName, stakesRule, talonWords } from "./messages.js";

export const POSITIONS = {
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

export class SabaccTable {
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.players = 0;
    this.seats = [];
    this.board = root.querySelector(".sb-board");
    this.trickEl = root.querySelector(".sb-trick");
    this.centreInfo = root.querySelector(".sb-centre-info");
    this.talonEl = root.querySelector(".sb-talon");
    this.prompt = root.querySelector(".sb-prompt");
    this.hint = root.querySelector(".sb-hint");
    this.asideEl = root.querySelector(".sb-aside");
    this.hand = new Hand(root.querySelector(".sb-hand"), {
      choose: (code, button) => handlers.card(code, button),
    });
    this.root.querySelector(".sb-hand").addEventListener("focusin", (event) => this.showReason(event.target));
    this.shownTrick = null; // plays drawn in the centre: [{seat, card}]
  }

  /** Lay the seats out for `players`. */
  build(players) {
    if (players === this.players) return;
    this.players = players;
    this.board.dataset.players = String(players);
    for (const seat of this.seats) seat.el.remove();
    this.seats = [];
    const positions = POSITIONS[players];
    for (let s = 0; s < players; s += 1) {
      const box = el("div", "sb-seat");
      box.dataset.seat = String(s);
      box.dataset.pos = positions[s];
      const plate = el("div", "sb-plate");
      plate.setAttribute("role", "group");
      plate.setAttribute("aria-label", s === 0 ? "You" : seatName(s));
      plate.innerHTML = `
        <div class="sb-plate-head"><span class="sb-name"></span><span class="sb-badges"></span></div>
        <div class="sb-plate-stats">
          <span class="sb-chips"></span><span class="sb-count"></span><span class="sb-won"></span>
        </div>
        <div class="sb-plate-foot"><span class="sb-wager"></span><span class="sb-say"></span></div>
        <span class="sb-thinking" aria-hidden="true"><i></i><i></i><i></i></span>`;
      plate.querySelector(".sb-name").textContent = s === 0 ? "You" : seatName(s);
      box.append(plate);
      if (s === 0) this.root.querySelector(".sb-me-plate").replaceChildren(box);
      else this.board.append(box);
      this.seats.push({
        el: box,
        plate,
        badges: plate.querySelector(".sb-badges"),
        chips: plate.querySelector(".sb-chips"),
        count: plate.querySelector(".sb-count"),
        won: plate.querySelector(".sb-won"),
        wager: plate.querySelector(".sb-wager"),
        say: plate.querySelector(".sb-say"),
      });
    }
    this.trickEl.replaceChildren();
    this.trickSlots = positions.map((pos, s) => {
      const slot = el("div", "sb-slot");
      slot.dataset.pos = pos;
      slot.dataset.seat = String(s);
      this.trickEl.append(slot);
      return slot;
    });
  }

  render(view, legal, { thinking = null, trick = null, acting = true } = {}) {
    this.build(view.options.players);
    this.view = view;
    this.root.dataset.phase = view.over ? "over" : view.phase;
    for (let s = 0; s < this.players; s += 1) this.renderSeat(s, view, thinking);
    this.renderTrick(trick || view.trick);
    this.renderCentre(view);
    this.renderAside(view);
    this.renderPrompt(view, legal, thinking, acting);
    const cards = legal.filter((a) => a.type === "aside" || a.type === "play").map((a) => a.card);
    const mine = acting && view.to_act === 0 && cards.length > 0;
    this.hand.render(view.hand, {
      legal: mine ? new Set(cards) : null,
      reasons: view.refusals || {},
      waiting: view.over ? "" : view.to_act === 0 ? "" : "Not your turn.",
    });
  }

  renderSeat(s, view, thinking) {
    const seat = this.seats[s];
    const badges = [];
    if (view.dealer === s) badges.push(["dealer", "Dealer"]);
    if (view.declarer === s) badges.push(["declarer", `Declarer · ${bidName(view.contract)}`]);
    else if (view.declarer !== null && view.declarer !== undefined) badges.push(["defender", "Defender"]);
    seat.badges.replaceChildren(
      ...badges.map(([kind, text]) => {
        const b = el("span", `sb-badge ${kind}`, text);
        return b;
      }),
    );
    seat.chips.textContent = chips(view.chips[s]);
    seat.count.textContent = s === 0 ? "" : `${view.hand_sizes[s]} card${view.hand_sizes[s] === 1 ? "" : "s"}`;
    seat.won.textContent = view.phase === "play" || view.played.length ? `${view.tricks[s]} trick${view.tricks[s] === 1 ? "" : "s"}` : "";
    seat.wager.textContent = view.wagers[s] ? `Wager ${view.wagers[s]}` : "";
    seat.wager.hidden = !view.wagers[s];
    let say = "";
    if (view.phase === "bidding" && !view.over) {
      const mine = view.auction.filter((b) => b.seat === s);
      if (mine.length) say = bidName(mine[mine.length - 1].bid);
    }
    seat.say.textContent = say;
    seat.say.hidden = !say;
    seat.say.classList.toggle("passed", say === "Pass");
    const turn = !view.over && view.to_act === s;
    seat.el.classList.toggle("turn", turn);
    seat.el.classList.toggle("thinking", thinking === s);
    seat.el.classList.toggle("declarer", view.declarer === s);
    seat.plate.setAttribute(
      "aria-label",
      `${s === 0 ? "You" : seatName(s)}${badges.length ? `, ${badges.map((b) => b[1]).join(", ")}` : ""}${turn ? ", to play" : ""}`,
    );
  }

  renderTrick(plays) {
    this.shownTrick = plays;
    for (const slot of this.trickSlots) {
      const s = Number(slot.dataset.seat);
      const play = plays.find((p) => p.seat === s);
      const current = slot.firstElementChild;
      if (!play) {
        if (current) current.remove();
        continue;
      }
      if (current && current.dataset.code === play.card) continue;
      const cardEl = createCard(play.card, { deck: "sabacc" });
      cardEl.setAttribute("aria-label", `${s === 0 ? "You" : seatName(s)}: ${card(play.card)}`);
      slot.replaceChildren(cardEl);
    }
    this.trickEl.setAttribute(
      "aria-label",
      plays.length
        ? `Trick: ${plays.map((p) => `${p.seat === 0 ? "you" : seatName(p.seat)}, ${card(p.card)}`).join("; ")}`
        : "Trick: no card yet",
    );
  }

  /** Mark the winning card of the trick shown. */
  markWinner(seat) {
    for (const slot of this.trickSlots) slot.classList.toggle("won", Number(slot.dataset.seat) === seat);
  }

  renderCentre(view) {
    const table = view.wagers.reduce((a, b) => a + b, 0);
    const parts = [`Ante Pot ${view.ante_pot}`];
    if (table) parts.push(`On the table ${table}`);
    this.centreInfo.textContent = parts.join(" · ");
    // the talon: face down while bidding, shown when the contract shows it, else a count
    const showTalon = !view.over && (view.phase === "bidding" || view.phase === "aside");
    this.talonEl.hidden = !showTalon;
    if (!showTalon) return;
    const label = this.talonEl.querySelector(".sb-talon-label");
    const row = this.talonEl.querySelector(".sb-talon-cards");
    const codes = view.talon;
    const key = codes ? codes.join(",") : `down:${view.talon_size}`;
    if (row.dataset.key !== key) {
      row.dataset.key = key;
      row.replaceChildren(
        ...(codes
          ? codes.map((c) => createCard(c, { deck: "sabacc" }))
          : Array.from({ length: view.talon_size }, () => createCard(null, { deck: "sabacc", faceUp: false }))),
      );
    }
    label.textContent = codes
      ? `Talon, shown to all`
      : `Talon, ${view.talon_size} cards face down`;
    row.setAttribute("aria-label", codes ? `Talon: ${codes.map(card).join(", ")}` : label.textContent);
  }

  renderAside(view) {
    const declarer = view.declarer;
    const show = declarer !== null && declarer !== undefined && view.aside_size > 0 && !view.over;
    this.asideEl.hidden = !show;
    if (!show) return;
    const label = this.asideEl.querySelector(".sb-aside-label");
    const row = this.asideEl.querySelector(".sb-aside-cards");
    const whose = declarer === 0 ? "Your aside" : `${seatName(declarer)}'s aside`;
    const hidden = view.aside_size - view.aside.length;
    label.textContent = `${whose}: ${view.aside_size} of ${view.aside_needed || view.aside_size}`;
    const key = `${view.aside.join(",")}|${hidden}`;
    if (row.dataset.key === key) return;
    row.dataset.key = key;
    row.replaceChildren(
      ...view.aside.map((c) => createCard(c, { deck: "sabacc" })),
      ...Array.from({ length: hidden }, () => createCard(null, { deck: "sabacc", faceUp: false })),
    );
    row.setAttribute(
      "aria-label",
      `${whose}: ${view.aside.map(card).join(", ")}${hidden ? `${view.aside.length ? " and " : ""}${hidden} unseen` : ""}`,
    );
  }

  renderPrompt(view, legal, thinking, acting) {
    const box = this.prompt;
    box.replaceChildren();
    this.hint.textContent = "";
    if (view.over) {
      box.append(el("p", "sb-say-line", "The game is over."));
      return;
    }
    const mine = acting && view.to_act === 0;
    const who = view.to_act === 0 ? "you" : seatName(view.to_act);
    if (view.phase === "bidding") {
      box.append(this.auctionList(view));
      const last = [...view.auction].reverse().find((b) => b.bid !== "pass");
      if (last) {
        const bidder = last.seat === 0 ? "You" : seatName(last.seat);
        box.append(el("p", "sb-say-line sb-cost", `${bidder} bid ${bidCost(last.bid, last.stake, view.options)}.`));
      }
      if (mine) {
        const bar = el("div", "sb-bids");
        bar.setAttribute("role", "group");
        bar.setAttribute("aria-label", "Your bid");
        for (const action of legal.filter((a) => a.type === "bid")) {
          const b = el("button", `btn sb-bid ${action.bid === "pass" ? "" : "primary"}`.trim());
          b.type = "button";
          b.dataset.bid = action.bid;
          const stake = view.stakes[action.bid];
          b.innerHTML = `<span class="sb-bid-name"></span><span class="sb-bid-stake"></span>`;
          b.querySelector(".sb-bid-name").textContent = bidName(action.bid);
          b.querySelector(".sb-bid-stake").textContent = bidCostShort(stake, view.options);
          // in words on hover, and as the button's description for screen readers
          if (stake) b.title = bidCost(action.bid, stake, view.options);
          b.addEventListener("click", () => this.handlers.bid(action.bid));
          bar.append(b);
        }
        box.append(
          el("p", "sb-say-line", view.highest_bid ? `Bid above ${bidName(view.highest_bid)}, or pass.` : "Your bid: the lowest is Take. Or pass."),
          bar,
          el("p", "sb-stakes-rule", stakesRule(view.options)),
        );
      } else {
        box.append(el("p", "sb-say-line", `${thinking === view.to_act ? `${seatName(view.to_act)} is thinking…` : `${who === "you" ? "Your" : `${who}'s`} bid.`}`));
      }
      return;
    }
    const contract = `${view.declarer === 0 ? "You" : seatName(view.declarer)} declared ${bidName(view.contract)}; the talon goes ${talonWords(view.talon_to)}.`;
    if (view.phase === "aside") {
      box.append(el("p", "sb-say-line", contract));
      const left = view.aside_needed - view.aside_size;
      if (mine) {
        box.append(el("p", "sb-say-line strong", `Set aside ${left} more card${left === 1 ? "" : "s"}: choose from your hand.`));
        // the engine's reasons, each said once (the card it names is left to the hint
        // shown when a dimmed card is focused or tapped)
        const reasons = [...new Set(Object.values(view.refusals || {}).map((r) => r.replace(/ \((?:[^()]|\([^()]*\))*\)/, "")))];
        if (reasons.length) {
          const list = el("ul", "sb-reasons");
          for (const reason of reasons) list.append(el("li", "", reason));
          box.append(list);
        }
      } else {
        box.append(el("p", "sb-say-line", `${seatName(view.to_act)} is setting aside ${left} card${left === 1 ? "" : "s"}…`));
      }
      return;
    }
    // play
    const need = view.target;
    box.append(el("p", "sb-say-line", `${bidName(view.contract)} by ${view.declarer === 0 ? "you" : seatName(view.declarer)}: the declarer needs ${points(need)} points (${view.pile_sizes.declarer} cards in the declarer's pile).`));
    if (mine) {
      const lead = view.trick.length === 0;
      box.append(el("p", "sb-say-line strong", lead ? "Your lead: play any card." : "Your turn: play a raised card."));
    } else {
      box.append(el("p", "sb-say-line", thinking === view.to_act ? `${seatName(view.to_act)} is thinking…` : `${seatName(view.to_act)} to play.`));
    }
  }

  auctionList(view) {
    const list = el("ol", "sb-auction");
    list.setAttribute("aria-label", "The auction");
    if (!view.auction.length) list.append(el("li", "empty", "No bids yet."));
    for (const entry of view.auction) {
      const item = el("li", entry.bid === "pass" ? "pass" : "bid");
      const name = el("span", "who", entry.seat === 0 ? "You" : seatName(entry.seat));
      const what = el("span", "what", bidName(entry.bid));
      item.append(name, what);
      if (entry.stake) item.append(el("span", "stake", everyoneCalls(view.options) ? `everyone +${entry.stake}` : `+${entry.stake}`));
      list.append(item);
    }
    return list;
  }

  /** Say why the focused card may not go now (the engine's words), or nothing. */
  showReason(target) {
    const button = target.closest && target.closest("button.card");
    if (!button || !this.view) return;
    const reason = button.getAttribute("aria-disabled") === "true" ? (this.view.refusals || {})[button.dataset.code] : "";
    this.hint.textContent = reason || "";
  }

  /** The rectangle a card comes from when `seat` plays it. */
  sourceRect(seat, code) {
    if (seat === 0) {
      const button = this.hand.button(code);
      if (button) return button.getBoundingClientRect();
    }
    return this.seats[seat].plate.getBoundingClientRect();
  }

  /** Animate the card `seat` has just played (already drawn in its slot) from `from`. */
  flyToTrick(seat, from, duration) {
    const cardEl = this.trickSlots[seat].firstElementChild;
    if (!cardEl || !from) return Promise.resolve();
    const rect = from.width > 0 ? from : null;
    return flyFrom(cardEl, rect, { duration });
  }

  /** The finished trick slides to its winner's seat and fades. */
  async sweepTrick(winner, duration) {
    const cards = [...this.trickEl.querySelectorAll(".card")];
    if (!cards.length) return;
    if (reducedMotion() || duration <= 0) return;
    const target = this.seats[winner].plate.getBoundingClientRect();
    await Promise.all(
      cards.map((c) => {
        const r = c.getBoundingClientRect();
        const dx = target.left + target.width / 2 - (r.left + r.width / 2);
        const dy = target.top + target.height / 2 - (r.top + r.height / 2);
        return c
          .animate(
            [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
            { duration, easing: "cubic-bezier(0.4, 0, 0.2, 1)", fill: "forwards" },
          )
          .finished.catch(() => {});
      }),
    );
  }
}
