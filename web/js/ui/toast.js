// Toasts: brief visible messages at the bottom of the screen (the container is a
// polite status region, so they are read out too). Errors stay a little longer.
//
//   toast(message, {tone, title, passive, fleeting}) -> dismiss()
//   dropFleeting()   the fleeting toasts go now: a table's page calls it when the position
//                    on screen changes (table/page.js `showing`), so a word about the move
//                    before (a card refused, "one moment", a card that does not fit) never
//                    stays over the next position (a dead end, a new game)

const DURATION = { info: 3200, success: 3200, error: 5200 };

/** Show `message`; returns a function that dismisses it early. `passive`: a message
 * that lies over what the person is tapping (a card refused) lets taps through on a
 * table's page rather than taking them (table.css). `fleeting`: a message about the
 * position on screen, which goes when it changes (dropFleeting). */
export function toast(
  message,
  { tone = "info", title = "", passive = false, fleeting = false } = {},
) {
  const box = document.getElementById("toasts");
  if (!box) return () => {};
  // One message at a time: a new one replaces what is showing.
  for (const old of box.querySelectorAll(".toast")) old.remove();
  const el = document.createElement("div");
  el.className = `toast toast-${tone}${passive ? " toast-passive" : ""}`;
  if (fleeting) el.dataset.fleeting = "";
  if (title) {
    const strong = document.createElement("strong");
    strong.textContent = title;
    el.append(strong, " ");
  }
  el.append(message);
  box.append(el);
  let gone = false;
  const dismiss = () => {
    if (gone) return;
    gone = true;
    el.classList.add("leaving");
    setTimeout(() => el.remove(), 220);
  };
  el.addEventListener("click", dismiss);
  setTimeout(dismiss, DURATION[tone] ?? DURATION.info);
  return dismiss;
}

/** The fleeting toasts (about a position now left) go at once. */
export function dropFleeting() {
  for (const el of document.querySelectorAll("#toasts .toast[data-fleeting]")) el.remove();
}
