// Building elements without HTML strings: every value goes in as text or as an
// attribute, never as markup.
//
//   h("p", {class: "note", text: "Hello"})
//   h("button", {type: "button", class: "btn", onclick: run, "aria-label": name}, child, ...)
//   Props: class, text, dataset ({name: value}), hidden, on<event> (a listener), and any
//   other attribute (true sets it empty; null, undefined and false leave it out).
//   Children: nodes or strings (as text); null and false are skipped.

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "hidden") el.hidden = Boolean(value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function")
      el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}
