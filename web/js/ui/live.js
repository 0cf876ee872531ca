// The polite live region: short sentences for screen readers about what just happened.

let timer = 0;

/** Announce `text` politely; a repeat of the same text is announced again. */
export function announce(text) {
  const region = document.getElementById("live");
  if (!region || !text) return;
  clearTimeout(timer);
  region.textContent = "";
  // A fresh text node after a short pause makes screen readers read repeats too.
  timer = setTimeout(() => {
    region.textContent = text;
  }, 30);
}
