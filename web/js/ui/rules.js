// The rules page: #rules/<game> shows the rules of a game from the project's own text
// (web/rules/<game>.md, copied from the project's rules), rendered here by a small
// Markdown reader that knows what that text uses: headings, paragraphs, nested bulleted
// and numbered lists, tables, rules, **bold**, *italic* and `code`.

const GAMES = { precedence: "Precedence", patience: "Precedence patience", sabacc: "Contract Sabacc" };

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
  let text;
  try {
    const response = await fetch(`rules/${game}.md`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    page.innerHTML = `<h1 tabindex="-1" data-skip-target>The rules could not be loaded</h1><p></p><p><a href="#">Back to the games</a></p>`;
    page.querySelector("p").textContent = `Check your connection and reload the page (${error.message}).`;
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
  page.append(renderMarkdown(text), nav);
  const h1 = page.querySelector("h1");
  if (h1) {
    h1.tabIndex = -1;
    h1.dataset.skipTarget = "";
  }
  return {};
}

function escape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
}

/** Markdown (the subset above) to a DocumentFragment; `#` is h1, `###` h2, `####` h3. */
export function renderMarkdown(source) {
  const lines = source.replace(/<!--[\s\S]*?-->/g, "").split("\n");
  const html = [];
  let i = 0;
  const isTableRow = (l) => /^\s*\|.*\|\s*$/.test(l);
  const listItem = (l) => /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(l);
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
    } else if (/^#{1,6}\s/.test(line)) {
      const hashes = /^(#+)\s+(.*)$/.exec(line);
      const level = hashes[1].length === 1 ? 1 : Math.min(6, hashes[1].length - 1);
      html.push(`<h${level}>${inline(hashes[2])}</h${level}>`);
      i += 1;
    } else if (/^\s*-{3,}\s*$/.test(line)) {
      html.push("<hr>");
      i += 1;
    } else if (isTableRow(line)) {
      const rows = [];
      while (i < lines.length && isTableRow(lines[i])) rows.push(lines[i++]);
      html.push(table(rows));
    } else if (listItem(line)) {
      const block = [];
      while (i < lines.length && lines[i].trim() && (listItem(lines[i]) || /^\s+/.test(lines[i]))) block.push(lines[i++]);
      html.push(list(block));
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() && !/^#{1,6}\s/.test(lines[i]) && !listItem(lines[i]) && !isTableRow(lines[i])) para.push(lines[i++].trim());
      html.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  const template = document.createElement("template");
  template.innerHTML = html.join("\n");
  return template.content;
}

function cells(row) {
  return row.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function table(rows) {
  const head = cells(rows[0]);
  const body = rows.slice(/^\s*\|[\s:|-]+\|\s*$/.test(rows[1] || "") ? 2 : 1).map(cells);
  return (
    `<div class="rules-table" role="region" tabindex="0" aria-label="Table: ${escape(head.filter(Boolean).join(", ") || "rules")}"><table><thead><tr>` +
    head.map((c) => (c ? `<th scope="col">${inline(c)}</th>` : `<td></td>`)).join("") +
    `</tr></thead><tbody>` +
    body.map((r) => `<tr>${r.map((c, k) => (k === 0 ? `<th scope="row">${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join("")}</tr>`).join("") +
    `</tbody></table></div>`
  );
}

// A list block: items by indentation; deeper items nest; indented text continues an item
// (an indented table inside an item is rendered as a table).
function list(block) {
  const items = [];
  for (const line of block) {
    const match = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (match) items.push({ indent: match[1].length, ordered: /\d/.test(match[2]), lines: [match[3]] });
    else items[items.length - 1].lines.push(line.trim());
  }
  let at = 0;
  function build(indent) {
    const ordered = items[at].ordered;
    let out = ordered ? "<ol>" : "<ul>";
    while (at < items.length && items[at].indent >= indent) {
      const item = items[at++];
      const text = [];
      const rows = [];
      for (const l of item.lines) (l.startsWith("|") ? rows : text).push(l);
      out += `<li>${inline(text.join(" "))}${rows.length ? table(rows) : ""}`;
      if (at < items.length && items[at].indent > item.indent) out += build(items[at].indent);
      out += "</li>";
    }
    return out + (ordered ? "</ol>" : "</ul>");
  }
  let html = "";
  while (at < items.length) html += build(items[at].indent);
  return html;
}
