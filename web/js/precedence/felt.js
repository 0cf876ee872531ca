// What the Precedence felt shows besides the seats and the trick: each team's figures
// (contract, tricks, Excess, melds, score) and the pots, each with its meaning as a title
// and the whole scoreboard explained one tap away (scoreboard.js), and each other seat's
// declared melds face up under its plate (yours are marked in your hand).
//
//   renderScores(el, view)
//   renderMelds(el, view, seat, deck)

import { cardName, createCard } from "../cards/card.js";
import { h } from "../ui/dom.js";
import { iconButton } from "../ui/icons.js";
import { HUMAN, plural, seatName, teamName } from "./messages.js";
import { meaning, showScoreboard, teamFigures } from "./scoreboard.js";

export function renderScores(el, view) {
  const teams = [0, 1].map((team) =>
    h(
      "div",
      {
        class: `pr-team${team === HUMAN % 2 ? " mine" : ""}`,
        role: "group",
        "aria-label": teamName(team),
      },
      h("h2", { class: "pr-team-name", text: teamName(team) }),
      h(
        "dl",
        { class: "pr-team-figures" },
        teamFigures(view, team).map(([label, value]) =>
          h(
            "div",
            { title: meaning(label, view) },
            h("dt", { text: label }),
            h("dd", { text: value }),
          ),
        ),
      ),
    ),
  );
  const pots = h("p", {
    class: "pr-pots",
    // (at the game's end the pots have been paid out: what is left in them said so)
    text: view.over
      ? `The pots have been paid out${view.hand_pot + view.accord_pot ? `; ${plural(view.hand_pot + view.accord_pot, "chip")} left unclaimed` : ""}`
      : `Hand Pot ${plural(view.hand_pot, "chip")} · Accord Pot ${plural(view.accord_pot, "chip")}`,
    title: view.over ? "" : `${meaning("Hand Pot", view)}\n${meaning("Accord Pot", view)}`,
  });
  // every figure and what it means, one tap away: beside the pots; on a phone, where the
  // strip shows only each team's first figures and no pots, the button covers the strip.
  // It is made once, so that a render while it has focus keeps it.
  let open = el.querySelector(".pr-scoreboard-open");
  if (!open) {
    open = iconButton("help", "What the figures mean", { className: "quiet pr-scoreboard-open" });
    open.title = "The scoreboard: every figure and what it means";
  }
  open.onclick = () => showScoreboard(view);
  for (const child of [...el.children]) if (child !== open) child.remove();
  el.prepend(...teams, pots);
  if (!open.isConnected) el.append(open);
}

export function renderMelds(el, view, seat, deck) {
  const info = (view.meld_info[seat] || []).filter((m) => m.remaining.length);
  const key = `${deck}|${info.map((m) => `${m.label}:${m.remaining.join(",")}`).join(";")}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(
    ...info.map((meld) => {
      const cards = h("div", {
        class: "pr-meld-cards",
        role: "img",
        "aria-label": `${seatName(seat)}'s ${meld.label}, ${plural(meld.points, "point")}: ${meld.remaining.map((c) => cardName(c, deck)).join(", ")}, face up`,
      });
      for (const code of meld.remaining) {
        cards.append(createCard(code, { deck, hidden: true }));
      }
      return h(
        "div",
        { class: "pr-meld" },
        h("span", {
          class: "pr-meld-label",
          "aria-hidden": "true",
          text: `${meld.label} · ${meld.points}`,
        }),
        cards,
      );
    }),
  );
}
