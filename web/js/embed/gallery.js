// The demo gallery (demos.html): every demo of demos/index.json, grouped by game, with
// its summary, a preview (under the demo's row, the list's whole width), a link to the
// demo page and the two lines that embed it (wrapped, never clipped).
import { messageOf } from "../engine/errors.js";

const ROOM = new URL("../../", import.meta.url);
const GAMES = {
  precedence: "Precedence",
  patience: "The Precedence patience",
  sabacc: "Contract Sabacc",
};
const gallery = document.getElementById("gallery");
const status = document.getElementById("gallery-status");

/** The two lines a host page needs for a demo. */
export function snippet(id) {
  const script = new URL("embed/celestix-demo.js", ROOM).href;
  return `<script src="${script}" defer></script>\n<celestix-demo demo="${id}"></celestix-demo>`;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission (an insecure origin, a sandbox): select the text instead
    return false;
  }
}

function item(demo) {
  const li = el("li", "gallery-item");
  li.id = `demo-${demo.id}`;
  li.dataset.demo = demo.id;
  li.append(el("h3", "", demo.title), el("p", "", demo.summary));
  li.append(el("p", "gallery-cluster", `${demo.cluster} · ${demo.steps} steps`));
  const code = el("pre", "gallery-snippet", snippet(demo.id));
  code.tabIndex = 0;
  code.setAttribute("aria-label", `HTML to embed ${demo.title}`);
  const actions = el("div", "gallery-actions");
  const copyButton = el("button", "btn", "Copy the HTML");
  copyButton.type = "button";
  copyButton.setAttribute("aria-label", `Copy the HTML to embed ${demo.title}`);
  copyButton.addEventListener("click", async () => {
    const done = await copy(code.textContent);
    if (!done) window.getSelection()?.selectAllChildren(code);
    copyButton.textContent = done ? "Copied" : "Selected: press Ctrl+C";
    status.textContent = done
      ? `Copied the HTML for ${demo.title}.`
      : "Could not copy: the HTML is selected.";
    setTimeout(() => (copyButton.textContent = "Copy the HTML"), 2500);
  });
  const open = el("a", "btn quiet", "Open");
  open.href = `embed.html?demo=${demo.id}`;
  open.setAttribute("aria-label", `Open ${demo.title}`);
  const preview = el("button", "btn quiet", "Preview");
  preview.type = "button";
  preview.setAttribute("aria-expanded", "false");
  preview.setAttribute("aria-label", `Preview ${demo.title}`);
  // the preview is an item of its own, the list's whole width, under the demo's row
  // (the list fills rows densely), so it never stretches the row of summaries
  const liveId = `preview-${demo.id}`;
  preview.setAttribute("aria-controls", liveId);
  preview.addEventListener("click", () => {
    const shown = document.getElementById(liveId);
    if (shown) {
      shown.remove();
      preview.setAttribute("aria-expanded", "false");
      return;
    }
    const holder = el("li", "gallery-live");
    holder.id = liveId;
    holder.setAttribute("aria-label", `Preview of ${demo.title}`);
    const live = document.createElement("celestix-demo");
    live.setAttribute("demo", demo.id);
    holder.append(live);
    li.after(holder);
    preview.setAttribute("aria-expanded", "true");
  });
  actions.append(copyButton, open, preview);
  li.append(code, actions);
  return li;
}

async function main() {
  let index;
  try {
    const response = await fetch(new URL("demos/index.json", ROOM));
    index = await response.json();
  } catch (error) {
    gallery.replaceChildren(el("p", "", `The demos could not be listed: ${messageOf(error)}`));
    return;
  }
  gallery.replaceChildren();
  for (const [game, name] of Object.entries(GAMES)) {
    const demos = index.demos.filter((d) => d.game === game);
    if (!demos.length) continue;
    const section = el("section", "gallery-game");
    const heading = el("h2", "", name);
    heading.id = `game-${game}`;
    section.setAttribute("aria-labelledby", heading.id);
    const list = el("ul", "gallery-list");
    for (const demo of demos) list.append(item(demo));
    section.append(heading, list);
    gallery.append(section);
  }
  gallery.setAttribute("aria-busy", "false");
  document.documentElement.dataset.gallery = "ready";
}

main();
