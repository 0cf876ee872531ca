// Dialogs every table page shares.
//
//   await unreadableSave(reason, {name})  -> "new" | "home": a saved game that cannot be
//                                            read or that the engine refused, said kindly
//   await showHistory({title, entries, start})   the hand history: entries are
//                                            [{label, render() -> Node}], one shown at a
//                                            time with a picker; starts at `start` (last)

import { openDialog } from "../ui/dialog.js";

export async function unreadableSave(reason, { name = "this game" } = {}) {
  const body = document.createElement("div");
  body.innerHTML = `<p></p><p class="dialog-note"></p>`;
  body.querySelector("p").textContent = `Sorry: the game of ${name} saved on this device could not be picked up again.`;
  body.querySelector(".dialog-note").textContent = reason;
  const answer = await openDialog({
    title: "The saved game could not be opened",
    body,
    actions: [
      { label: "Back to the games", value: "home" },
      { label: "Start a new game", value: "new", primary: true },
    ],
  });
  return answer === "home" ? "home" : "new";
}

export function showHistory({ title = "Hand history", entries, start = entries.length - 1 }) {
  const body = document.createElement("div");
  body.className = "history";
  if (!entries.length) {
    body.innerHTML = `<p>No hand has been played yet. Each hand appears here once it is over.</p>`;
  } else {
    const uid = Math.random().toString(36).slice(2, 7);
    body.innerHTML = `
      <label class="field history-pick"><span class="field-label">Hand</span><select id="history-${uid}"></select></label>
      <div class="history-body" role="region" aria-live="polite" tabindex="0"></div>`;
    const select = body.querySelector("select");
    entries.forEach((entry, i) => {
      const option = document.createElement("option");
      option.value = String(i);
      option.textContent = entry.label;
      select.append(option);
    });
    const region = body.querySelector(".history-body");
    const show = (i) => {
      select.value = String(i);
      region.setAttribute("aria-label", entries[i].label);
      region.replaceChildren(entries[i].render());
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
