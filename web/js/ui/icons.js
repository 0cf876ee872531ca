// Line icons for buttons, drawn on a 24 x 24 grid (stroked with currentColor by .btn svg).

const PATHS = {
  undo: '<path d="M9 14 4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
  // the last trick: a card and a clock
  lasttrick:
    '<rect x="3" y="3" width="10" height="14" rx="2"/><circle cx="16.5" cy="15.5" r="5"/><path d="M16.5 13v2.7l1.8 1.2"/>',
  redo: '<path d="m15 14 5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
  restart: '<path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5"/>',
  deal: '<rect x="3" y="5" width="11" height="15" rx="2"/><path d="M17 4.5 20.5 6a1.5 1.5 0 0 1 .8 2L17 19"/><path d="M8.5 10v5M6 12.5h5"/>',
  redeal:
    '<path d="M21 12a9 9 0 0 1-15.5 6.3"/><path d="M3 12A9 9 0 0 1 18.5 5.7"/><path d="M18 2v4h-4"/><path d="M6 22v-4h4"/>',
  share:
    '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>',
  help: '<circle cx="12" cy="12" r="9.5"/><path d="M9.2 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5"/><path d="M12 17.5h.01"/>',
  keyboard:
    '<rect x="2" y="6" width="20" height="12" rx="2"/><path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10"/>',
  close: '<path d="M6 6l12 12M18 6 6 18"/>',
  check: '<path d="m5 12 5 5L20 7"/>',
  hint: '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z"/>',
  more: '<circle cx="5" cy="12" r="1.6"/><circle cx="12" cy="12" r="1.6"/><circle cx="19" cy="12" r="1.6"/>',
  list: '<path d="M9 6h11M9 12h11M9 18h11"/><path d="M4 6h.01M4 12h.01M4 18h.01"/>',
  chips:
    '<ellipse cx="12" cy="7" rx="8" ry="3"/><path d="M4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7"/><path d="M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5"/>',
  stats: '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
  download: '<path d="M12 4v11"/><path d="m7 10 5 5 5-5"/><path d="M4 20h16"/>',
  upload: '<path d="M12 15V4"/><path d="m7 9 5-5 5 5"/><path d="M4 20h16"/>',
  cards:
    '<rect x="3" y="6" width="11" height="15" rx="2"/><path d="M10 3h9a2 2 0 0 1 2 2v11"/><path d="M8.5 10.5 10.5 13.5 8.5 16.5 6.5 13.5Z"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 19V5M19 17H6"/>',
  friends:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><circle cx="17" cy="9" r="2.5"/><path d="M16 14.2a5 5 0 0 1 5.5 4.8"/>',
  solve: '<circle cx="11" cy="11" r="6.5"/><path d="m16 16 5 5"/><path d="m8.5 11 2 2 3.5-4"/>',
};

const SVG = "http://www.w3.org/2000/svg";

/** The <svg> markup of icon `name` (the markup is the constant paths above). */
export function icon(name) {
  return `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`;
}

/** Icon `name` as an element (decorative: hidden from assistive technology). */
export function iconNode(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const parsed = new DOMParser().parseFromString(
    `<svg xmlns="${SVG}">${PATHS[name] || ""}</svg>`,
    "image/svg+xml",
  );
  for (const node of [...parsed.documentElement.childNodes])
    svg.append(document.importNode(node, true));
  return svg;
}

/** A <button class="btn"> with an icon and a label (the label may be visually hidden). */
export function iconButton(
  name,
  label,
  { id = "", className = "", hideLabel = false, shortcut = "" } = {},
) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `btn ${className}`.trim();
  if (id) button.id = id;
  const text = document.createElement("span");
  text.className = hideLabel ? "sr-only" : "btn-label";
  text.textContent = label;
  button.append(iconNode(name), text);
  if (shortcut) {
    button.setAttribute("aria-keyshortcuts", shortcut);
    button.title = `${label} (${shortcut.replace(/\+/g, " + ")})`;
  } else {
    button.title = label;
  }
  return button;
}
