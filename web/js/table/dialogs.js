// Dialogs every table page shares.
//
//   await unreadableSave(reason, {name, again}) -> "new" | "again" | "home": a saved game
//                                            that cannot be read or that the engine
//                                            refused, said kindly; `again` labels a choice
//                                            to play its deal again from the start
//   await showHistory({title, entries, start})   the hand history: entries are
//                                            [{label, short?, render() -> Node}], one
//                                            shown at a time with a picker (its `short`
//                                            label, the whole one heading the entry);
//                                            starts at `start` (last)
//   await showHelp({title, body, keys})    how to play: the game in a few lines and its keys
//   await confirm({title, body, keep, go})  -> true when the player goes ahead
//   await confirmNewGame()                 -> true when the game in progress may be ended
//   await followLink(seed)                 -> true when a link's deal may replace the game
//                                            in progress (which is kept)
//   await shareLink(url, seed)             copy a deal's link (or show it, to copy by hand)

import { openDialog } from "../ui/dialog.js";
import { h } from "../ui/dom.js";
import { toast } from "../ui/toast.js";

export async function unreadableSave(
  reason,
  { name = "this game", again = "", fresh = "Start a new game" } = {},
) {
  const body = h(
    "div",
    {},
    h("p", {
      text: `Sorry: the game of ${name} saved on this device could not be picked up again.`,
    }),
    h("p", { class: "dialog-note", text: reason }),
  );
  const answer = await openDialog({
    title: "The saved game could not be opened",
    body,
    actions: [
      { label: "Back to the games", value: "home" },
      ...(again ? [{ label: again, value: "again" }] : []),
      { label: fresh, value: "new", primary: true },
    ],
  });
  return answer === "home" || answer === "again" ? answer : "new";
}

let uid = 0;

export function showHistory({
  title = "Hand history",
  unit = "Hand",
  entries,
  start = entries.length - 1,
  empty = "",
}) {
  const body = h("div", { class: "history" });
  if (!entries.length) {
    body.append(
      h("p", {
        text:
          empty ||
          `No ${unit.toLowerCase()} has been played yet. Each ${unit.toLowerCase()} appears here once it is over.`,
      }),
    );
  } else {
    uid += 1;
    const select = h("select", { id: `history-pick-${uid}` });
    entries.forEach((entry, i) => {
      // (a phone's select shows one short line: the whole label heads the entry below)
      select.append(h("option", { value: String(i), text: entry.short || entry.label }));
    });
    const region = h("div", {
      class: "history-body",
      role: "region",
      "aria-live": "polite",
      tabindex: "0",
    });
    body.append(
      h(
        "label",
        { class: "field history-pick", for: select.id },
        h("span", { class: "field-label", text: unit }),
      ),
      select,
      region,
    );
    const show = (i) => {
      select.value = String(i);
      region.setAttribute("aria-label", entries[i].label);
      const whole = entries[i].short
        ? h("p", { class: "history-title", text: `${entries[i].label}.` })
        : null;
      region.replaceChildren(...[whole, entries[i].render()].filter(Boolean));
    };
    select.addEventListener("change", () => show(Number(select.value)));
    show(Math.max(0, Math.min(start, entries.length - 1)));
  }
  return openDialog({
    title,
    body,
    className: "wide-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}

/** The keys as a list: [["H", "your hand"], ...]; "A or B" and "A, B" show each key. */
function keyList(keys) {
  const list = h("dl", { class: "keys" });
  for (const [names, what] of keys) {
    const dt = h("dt");
    for (const part of names.split(/(, | or )/))
      dt.append(part === ", " || part === " or " ? part : h("kbd", { text: part }));
    list.append(dt, h("dd", { text: what }));
  }
  return list;
}

export function showHelp({ title, paragraphs, keys }) {
  const body = h(
    "div",
    { class: "help" },
    paragraphs.map((text) => h("p", { text })),
    h("h3", { text: "Keys" }),
    keyList(keys),
  );
  return openDialog({
    title,
    body,
    className: "help-dialog",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
}

/** Ask before something that cannot be undone: true when the player goes ahead. */
export async function confirm({ title, body, keep, go }) {
  const answer = await openDialog({
    title,
    body,
    actions: [
      { label: keep, value: "keep" },
      { label: go, value: "go", primary: true },
    ],
  });
  return answer === "go";
}

export function confirmNewGame() {
  return confirm({
    title: "Start a new game?",
    body: "The game in progress will be ended. Its record can be exported first.",
    keep: "Keep playing",
    go: "New game",
  });
}

export function followLink(seed) {
  return confirm({
    title: seed == null ? "Start the linked game?" : `Start deal ${seed}?`,
    body: `You have a game in progress. Start the linked ${seed == null ? "game" : "deal"}? Your current game stays if you choose Keep; if you start the new one, Back brings your game again.`,
    keep: "Keep my game",
    go: seed == null ? "Start the linked game" : `Start deal ${seed}`,
  });
}

export async function shareLink(url, seed) {
  try {
    await navigator.clipboard.writeText(url);
    toast(`Anyone who opens it gets deal ${seed}.`, { tone: "success", title: "Link copied." });
    return;
  } catch {
    // no clipboard here: show the link instead
  }
  const input = h("input", {
    class: "share-link",
    readonly: true,
    "aria-label": "Link to this deal",
  });
  input.value = url;
  await openDialog({
    title: "Share this deal",
    body: h(
      "div",
      {},
      h("p", { text: `Anyone who opens this link gets deal ${seed}, card for card.` }),
      input,
    ),
    actions: [{ label: "Done", value: "done", primary: true }],
    onOpen: () => input.select(),
  });
}
