// Keyboard play (table/page.js calls handleKey unless focus is in a form field or a
// dialog is open); Space and Enter on a focused button keep their usual meaning.
//
//   D, Space        deal (or redeal when the stock is empty)
//   B               build the waste's top card (pick a foundation if it fits several)
//   1-8             build the waste's top card on that foundation
//   U, Ctrl+Z       undo            Y, Ctrl+Y, Ctrl+Shift+Z   redo
//   N               new deal        ?                          the list of keys
//   H               a hint          W                          still winnable? (the solver)
//   Escape          stop choosing a foundation
//   Left / Right    move between the piles

export const KEY_HELP = [
  ["D or Space", "Deal a card (redeal when the stock is empty)"],
  ["B", "Build the waste’s top card (or press Enter on it)"],
  ["1 – 8", "Build the waste’s top card on that foundation, counting from the left"],
  ["U or Ctrl+Z", "Undo"],
  ["Y, Ctrl+Y or Ctrl+Shift+Z", "Redo"],
  ["N", "New deal"],
  ["H", "A hint: the strong player's move and why"],
  ["W", "Still winnable? (it reads the order of the face-down cards)"],
  ["Escape", "Stop choosing a foundation"],
  ["← →", "Move between the piles"],
  ["?", "This list"],
];

/** Act on a key (the table page has checked for dialogs and form fields): true when it
 * was one of the patience's. */
export function handleKey(event, actions) {
  const key = event.key;
  const command = event.ctrlKey || event.metaKey;
  let handled = true;
  if (command) {
    const lower = key.toLowerCase();
    if (lower === "z" && !event.shiftKey) actions.undo();
    else if ((lower === "z" && event.shiftKey) || lower === "y") actions.redo();
    else handled = false;
  } else if (key === " ") {
    const onControl =
      event.target instanceof HTMLElement && event.target.closest("button, a, summary");
    if (onControl) handled = false;
    else actions.stock();
  } else if (key === "d" || key === "D") actions.stock();
  else if (key === "b" || key === "B") actions.build();
  else if (/^[1-8]$/.test(key)) actions.foundation(Number(key) - 1);
  else if (key === "u" || key === "U") actions.undo();
  else if (key === "y" || key === "Y") actions.redo();
  else if (key === "n" || key === "N") actions.newDeal();
  else if (key === "h" || key === "H") actions.hint();
  else if (key === "w" || key === "W") actions.solve();
  else if (key === "?") actions.help();
  else if (key === "Escape") handled = actions.escape();
  else if (key === "ArrowLeft" || key === "ArrowRight")
    handled = actions.move(key === "ArrowLeft" ? -1 : 1, event.target);
  else handled = false;
  return handled;
}
