// The end of a game: a panel over the table saying it was won, or that it reached a
// dead end and why (the engine's reason), with what to do next (the review among it).

import { iconNode } from "../ui/icons.js";
import { plural } from "../ui/words.js";

// What a dead end means to someone who asked for the hint in this deal (audit 8 F3: said
// to everyone, it spoke of a hint never asked for), and what to do next
const HINT_CANNOT_SEE =
  "Even the hint cannot see the face-down cards: it plays the odds, so following it can end in a dead end too.";
const WAYS_ON =
  "Review shows where the deal could last be won and your choices after it; undo back to there to try another way, or play this deal again from the start.";

export class Ending {
  constructor(host, on) {
    this.on = on;
    const panel = document.createElement("section");
    panel.className = "pt-ending";
    panel.hidden = true;
    panel.setAttribute("aria-labelledby", "pt-ending-title");
    panel.innerHTML = `
      <div class="pt-ending-card">
        <button type="button" class="btn quiet icon-only pt-ending-close" aria-label="Close, and look at the table"></button>
        <p class="pt-ending-mark" aria-hidden="true"></p>
        <h2 id="pt-ending-title" tabindex="-1"></h2>
        <p class="pt-ending-text"></p>
        <p class="pt-ending-detail"></p>
        <p class="pt-ending-help"></p>
        <div class="pt-ending-actions"></div>
      </div>`;
    panel.querySelector(".pt-ending-close").append(iconNode("close"));
    host.append(panel);
    this.panel = panel;
    this.title = panel.querySelector("h2");
    this.mark = panel.querySelector(".pt-ending-mark");
    this.text = panel.querySelector(".pt-ending-text");
    this.detail = panel.querySelector(".pt-ending-detail");
    this.help = /** @type {HTMLElement} */ (panel.querySelector(".pt-ending-help"));
    this.actions = panel.querySelector(".pt-ending-actions");
    panel.querySelector(".pt-ending-close").addEventListener("click", () => this.hide());
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.hide();
      }
    });
  }

  button(label, handler, primary = false) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `btn ${primary ? "primary" : ""}`.trim();
    b.textContent = label;
    b.addEventListener("click", () => {
      this.hide();
      handler();
    });
    return b;
  }

  /** `hinted`: whether the hint was asked for in this deal. */
  show(view, { reason, built, seed, hinted = false }) {
    const won = view.won;
    this.panel.classList.toggle("won", won);
    this.panel.classList.toggle("lost", !won);
    this.mark.textContent = won ? "★" : "";
    if (won) {
      this.title.textContent = "You won!";
      this.text.textContent = `All 104 cards are on the foundations, in ${plural(view.moves, "move")}.`;
      this.detail.textContent = `Deal ${seed} is yours. Share it and see if a friend can do it too.`;
      this.help.hidden = true;
      this.actions.replaceChildren(
        this.button("Review", this.on.review),
        this.button("Play this deal again", this.on.restart),
        this.button("New deal", this.on.newDeal, true),
      );
    } else {
      this.title.textContent = "Dead end";
      this.text.textContent = reason || "No move is left.";
      this.detail.textContent = `You built ${built} of the 104 cards in ${plural(view.moves, "move")}.`;
      // a dead end after following the hint is possible (audit 7 F16): say why, and the
      // ways on from here
      this.help.textContent = hinted ? `${HINT_CANNOT_SEE} ${WAYS_ON}` : WAYS_ON;
      this.help.hidden = false;
      this.actions.replaceChildren(
        this.button("Review", this.on.review),
        this.button("Undo last move", this.on.undo),
        this.button("Play this deal again", this.on.restart),
        this.button("New deal", this.on.newDeal, true),
      );
    }
    this.panel.hidden = false;
    this.title.focus({ preventScroll: true });
  }

  hide() {
    this.panel.hidden = true;
  }
}
