// The rules page: #rules/<game> shows the rules of a game from the project's own text
// (web/rules/<game>.md, copied from the project's rules). The build renders the Markdown
// into an HTML fragment, rules/<game>.html (tools/rules_pages.py: headings, lists,
// tables in named scrolling regions); this page fetches it from the site and puts it in.
import { messageOf } from "../engine/errors.js";

const GAMES = {
  precedence: "Precedence",
  patience: "Precedence patience",
  sabacc: "Contract Sabacc",
};

export async function mount(container, params, ctx) {
  const game = [...params.keys()][0] || "precedence";
  const page = document.createElement("article");
  page.className = "rules-page";
  container.append(page);
  if (!GAMES[game]) {
    page.innerHTML = `<h1 tabindex="-1" data-skip-target>No such rules</h1><p><a href="#">Back to the games</a></p>`;
    return {};
  }
  ctx.setTitle(`Rules of ${GAMES[game]}`);
  let rules;
  try {
    const response = await fetch(`rules/${game}.html`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    rules = fragment(await response.text());
  } catch (error) {
    page.innerHTML = `<h1 tabindex="-1" data-skip-target>The rules could not be loaded</h1><p></p><p><a href="#">Back to the games</a></p>`;
    page.querySelector("p").textContent =
      `Check your connection and reload the page (${messageOf(error)}).`;
    return {};
  }
  const nav = document.createElement("nav");
  nav.className = "rules-nav";
  nav.setAttribute("aria-label", "Rules of the other games");
  nav.innerHTML = `<a class="btn" href="#">Back to the games</a> <a class="btn primary" href="#${game}">Play ${GAMES[game]}</a>`;
  for (const [id, name] of Object.entries(GAMES)) {
    if (id === game) continue;
    const a = document.createElement("a");
    a.className = "btn quiet";
    a.href = `#rules/${id}`;
    a.textContent = `Rules of ${name}`;
    nav.append(" ", a);
  }
  page.append(rules, nav);
  return {};
}

/** The build's own HTML (fetched from this site, never from elsewhere) as nodes. */
function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}
