// Toasts: brief visible messages at the bottom of the screen (the container is a
// polite status region, so they are read out too). Errors stay a little longer.

const DURATION = { info: 3200, success: 3200, error: 5200 };

/** Show `message`; returns a function that dismisses it early. `passive`: a message
 * that lies over what the person is tapping (a card refused) lets taps through on a
 * table's page rather than taking them (table.css). */
export function toast(message, { tone = "info", title = "", passive = false } = {}) {
  const box = document.getElementById("toasts");
  if (!box) return () => {};
  // One message at a time: a new one replaces what is showing.
  for (const old of box.querySelectorAll(".toast")) old.remove();
  const el = document.createElement("div");
  el.className = `toast toast-${tone}${passive ? " toast-passive" : ""}`;
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
