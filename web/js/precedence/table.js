// The Precedence table drawn from the engine's view: you at the bottom, North (your
// partner) opposite, West and East at the sides; each seat's plate (bid, tricks, turn,
// thinking) and declared melds face up; the trick in the middle; the trump; each team's
// contract, tricks, Excess and score; the action panel; your hand.
//
//   const table = new PrecedenceTable(container, {choose(code, button), tool(name)})
//   table.render(view, {legal, mode, selected, thinking})
//   table.plates[seat], table.trick (TrickArea), table.hand (HandView), table.panel

import { cardName } from "../cards/card.js";
import { imperialDeck, suitIcon } from "../cards/imperial.js";
import { createCard } from "../cards/card.js";
import { icon } from "../ui/icons.js";
import { HandView } from "../table/hand.js";
import { SeatPlate } from "../table/seats.js";
import { TrickArea } from "../table/trick.js";
import { HUMAN, plural, seatName, slotOf, teamName } from "./messages.js";

const TOOLS = [
  ["hint", "Hint", "hint"],
  ["new", "New game", "restart"],
  ["last", "Last trick", "undo"],
  ["history", "Hand history", "deal"],
  ["ledger", "Chip ledger", "check"],
  ["stats", "Statistics", "keyboard"],
  ["save", "Export game", "share"],
  ["load", "Import game", "redeal"],
  ["rules", "Rules", "help"],
];

export class PrecedenceTable {
  constructor(container, { choose, tool }) {
    this.deck = "imperial";
    container.innerHTML = `
      <section class="pr-page" aria-labelledby="pr-title">
        <header class="pr-head">
          <h1 id="pr-title" tabindex="-1" data-skip-target>Precedence</h1>
          <p class="pr-trump" aria-live="off"></p>
          <nav class="pr-tools" aria-label="Table tools"></nav>
        </header>
        <div class="pr-scores" role="group" aria-label="Scores"></div>
        <div class="pr-felt">
          <div class="pr-seat" data-slot="top"></div>
          <div class="pr-seat" data-slot="left"></div>
          <div class="pr-centre"></div>
          <div class="pr-seat" data-slot="right"></div>
          <div class="pr-seat" data-slot="bottom"></div>
        </div>
        <p class="pr-status" role="status"></p>
        <div class="pr-panel" hidden></div>
        <div class="pr-hand"></div>
      </section>`;
    this.root = container.querySelector(".pr-page");
    const tools = container.querySelector(".pr-tools");
    for (const [name, label, glyph] of TOOLS) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn quiet pr-tool";
      button.dataset.tool = name;
      button.innerHTML = `${icon(glyph)}<span class="btn-label"></span>`;
      button.querySelector(".btn-label").textContent = label;
      button.addEventListener("click", () => tool(name));
      tools.append(button);
    }
    this.plates = [];
    this.meldBoxes = [];
    for (let seat = 0; seat < 4; seat += 1) {
      const slot = container.querySelector(`.pr-seat[data-slot="${slotOf(seat)}"]`);
      const plate = new SeatPlate({ seat, name: seatName(seat), slot: slotOf(seat), you: seat === HUMAN });
      const melds = document.createElement("div");
      melds.className = "pr-melds";
      slot.append(plate.el, melds);
      this.plates.push(plate);
      this.meldBoxes.push(melds);
    }
    this.trick = new TrickArea(container.querySelector(".pr-centre"), { deck: this.deck, place: slotOf, seatName });
    this.hand = new HandView(container.querySelector(".pr-hand"), { deck: this.deck, choose, label: "Your hand" });
    this.panel = container.querySelector(".pr-panel");
    this.status = container.querySelector(".pr-status");
    this.scores = container.querySelector(".pr-scores");
    this.trumpLine = container.querySelector(".pr-trump");
  }

  setDeck(variant) {
    const deck = imperialDeck(variant);
    this.deck = deck;
    this.trick.deck = deck;
    this.hand.deck = deck;
  }

  render(view, { legal = [], mode = "idle", selected = null, thinking = null, status = "" } = {}) {
    this.setDeck(view.variant);
    this.trumpLine.innerHTML = `${suitIcon(view.trump_code)} <span></span>`;
    this.trumpLine.querySelector("span").textContent =
      `${view.trump} is trump · hand ${view.hand_number + 1} · ${seatName(view.dealer)} ${view.dealer === HUMAN ? "deal" : "deals"} · target ${view.target}`;
    this.renderScores(view);
    for (let seat = 0; seat < 4; seat += 1) this.renderSeat(view, seat, thinking);
    const legalCards = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
    const declared = new Set((view.melds[HUMAN] || []).flat());
    const marks = {};
    if (view.phase === "play") for (const code of declared) marks[code] = "declared";
    this.hand.render(view.hand || [], {
      mode,
      legal: legalCards,
      pressed: selected,
      marks,
      note: mode === "idle" && !view.over && view.to_act !== HUMAN ? "" : "",
    });
    this.status.textContent = status;
    this.root.dataset.phase = view.over ? "over" : view.phase;
  }

  renderScores(view) {
    this.scores.replaceChildren();
    for (const team of [0, 1]) {
      const box = document.createElement("div");
      box.className = `pr-team${team === 0 ? " mine" : ""}`;
      const contract = view.contracts[team];
      const bidsDone = view.bids.filter((b, s) => s % 2 === team && b !== null).length;
      const rows = [
        ["Contract", bidsDone ? String(contract) : "–"],
        ["Tricks", String(view.team_tricks[team])],
      ];
      if (view.excess_counted) rows.push(["Excess", `${view.excess[team]} of ${view.audit_at}`]);
      rows.push(["Melds", plural(view.team_meld_points[team], "point")]);
      rows.push(["Score", `${view.scores[team]}`]);
      box.innerHTML = `<h2 class="pr-team-name"></h2><dl class="pr-team-figures"></dl>`;
      box.querySelector("h2").textContent = teamName(team);
      const dl = box.querySelector("dl");
      for (const [label, value] of rows) {
        const wrap = document.createElement("div");
        wrap.innerHTML = `<dt></dt><dd></dd>`;
        wrap.querySelector("dt").textContent = label;
        wrap.querySelector("dd").textContent = value;
        dl.append(wrap);
      }
      this.scores.append(box);
    }
    const pots = document.createElement("p");
    pots.className = "pr-pots";
    pots.textContent = `Hand Pot ${plural(view.hand_pot, "chip")} · Accord Pot ${plural(view.accord_pot, "chip")}`;
    this.scores.append(pots);
  }

  renderSeat(view, seat, thinking) {
    const bid = view.bids[seat];
    const parts = [];
    if (bid !== null) parts.push(`bid ${bid}`);
    if (view.phase === "play" || view.over) parts.push(plural(view.tricks[seat], "trick"));
    parts.push(plural(view.chips[seat], "chip"));
    this.plates[seat].set({
      detail: parts.join(" · "),
      turn: !view.over && view.to_act === seat,
      thinking: thinking === seat,
      badge: view.dealer === seat ? "dealer" : "",
    });
    const box = this.meldBoxes[seat];
    box.replaceChildren();
    const info = (view.meld_info[seat] || []).filter((m) => m.remaining.length);
    if (!info.length) return;
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", `${seat === HUMAN ? "Your" : `${seatName(seat)}'s`} declared melds`);
    for (const meld of info) {
      const group = document.createElement("div");
      group.className = "pr-meld";
      const label = document.createElement("span");
      label.className = "pr-meld-label";
      label.textContent = `${meld.label} · ${meld.points}`;
      const cards = document.createElement("div");
      cards.className = "pr-meld-cards";
      cards.setAttribute("role", "img");
      cards.setAttribute("aria-label", `${meld.label}, ${plural(meld.points, "point")}: ${meld.remaining.map((c) => cardName(c, this.deck)).join(", ")} still face up`);
      for (const code of meld.remaining) {
        const card = createCard(code, { deck: this.deck });
        card.removeAttribute("role");
        card.removeAttribute("aria-label");
        card.setAttribute("aria-hidden", "true");
        cards.append(card);
      }
      group.append(label, cards);
      box.append(group);
    }
  }
}
