// The home page: the games the engine offers (engine.games()) that have a page here,
// each with a drawn fan of cards, its one-line description (the engine's summary),
// "Continue" when a game is saved, and its rules one click away (#rules/<game>).

import { createCard } from "../cards/card.js";
import "../cards/imperial.js";
import { h } from "./dom.js";
import "../cards/sabacc.js";
import "../cards/standard.js";

// The cards fanned on each game's tile (drawn by the game's own deck).
const FANS = {
  precedence: { deck: "imperial", cards: ["EV", "PF", "MB", "OC"] },
  patience: { deck: "standard", cards: ["KS", "QH", "JD", "TC"] },
  sabacc: { deck: "sabacc", cards: ["-21", "14c", "13f", "0"] },
};

function seatsText([min, max]) {
  if (min === max) return min === 1 ? "1 player" : `${min} players`;
  return `${min}–${max} players`;
}

export async function renderHome(container, { games, saved }) {
  container.innerHTML = `
    <section class="home">
      <header class="home-hero">
        <p class="eyebrow">The Celestix card room</p>
        <h1 tabindex="-1" data-skip-target>Pull up a chair.</h1>
        <p class="home-lede">Card games from the Celestix rules, dealt in your browser.
          The rules engine runs on your own machine: no account, no server, no waiting for other players.</p>
      </header>
      <ul class="game-list" role="list"></ul>
      <ul class="home-points" role="list">
        <li><strong>Every deal has a number.</strong> Share the link and a friend gets exactly the same cards.</li>
        <li><strong>Play your way.</strong> Mouse, touch or keyboard, with undo as far back as you like.</li>
        <li><strong>Your game waits for you.</strong> Close the tab; the game in progress is here when you return.</li>
      </ul>
    </section>`;
  const list = container.querySelector(".game-list");
  // each game's rules, one click away (from the project's own rules text)
  const rulesNav = document.createElement("nav");
  rulesNav.className = "home-rules";
  rulesNav.setAttribute("aria-label", "Rules of the games");
  list.after(rulesNav);
  for (const game of games) {
    const item = document.createElement("li");
    item.className = "game-tile";
    item.append(
      h(
        "a",
        { class: "game-link", href: `#${game.id}` },
        h("span", { class: "game-fan", "aria-hidden": "true" }),
        h(
          "span",
          { class: "game-text" },
          h("span", { class: "game-name", id: `game-${game.id}-name` }),
          h(
            "span",
            { class: "game-about", id: `game-${game.id}-about` },
            h("span", { class: "game-meta" }),
            h("span", { class: "game-summary" }),
          ),
          h("span", { class: "game-cta btn primary", text: "Play" }),
        ),
      ),
    );
    const rules = document.createElement("a");
    rules.className = "btn quiet";
    rules.href = `#rules/${game.id}`;
    rules.textContent = `Rules of ${game.name}`;
    rulesNav.append(rules);
    item.querySelector(".game-name").textContent = game.name;
    item.querySelector(".game-meta").textContent = seatsText(game.seats);
    item.querySelector(".game-summary").textContent = game.summary || "";
    const fan = FANS[game.id];
    const fanBox = item.querySelector(".game-fan");
    if (fan) {
      fan.cards.forEach((code, i) => {
        const card = createCard(code, { deck: fan.deck });
        card.removeAttribute("role");
        card.removeAttribute("aria-label");
        card.style.setProperty("--i", String(i - (fan.cards.length - 1) / 2));
        fanBox.append(card);
      });
    }
    list.append(item);
    if (saved[game.id]) {
      const summary = await saved[game.id]().catch(() => null);
      if (summary) {
        item.querySelector(".game-cta").textContent = "Continue";
        const note = document.createElement("span");
        note.className = "game-saved";
        note.textContent = summary;
        item.querySelector(".game-about").append(" ", note);
      }
    }
  }
  // the rules demos' gallery: each rule played out by the real engine, a step at a time
  const demos = document.createElement("a");
  demos.className = "btn quiet";
  demos.href = "demos.html";
  demos.textContent = "The rules in action: live demos";
  rulesNav.append(demos);
  if (!games.length) {
    list.innerHTML = `<li class="game-tile empty">No games are open yet.</li>`;
  }
}
