// Modal dialogs on the native <dialog> element (focus is kept inside; Escape cancels).
//
//   const choice = await openDialog({ title, body, actions: [{label, value, primary}] });
//
// `body` is a string or a node; the promise resolves with the chosen action's value,
// or null when the dialog is cancelled. `onOpen(dialog)` runs once it is shown.
// The dialog opens at its top (title first); its body scrolls between the title and
// the buttons, which stay in view.

export function openDialog({
  title,
  body,
  actions = [],
  className = "",
  onOpen,
  initialFocus,
} = {}) {
  return new Promise((resolve) => {
    const dialog = document.createElement("dialog");
    dialog.className = `dialog ${className}`.trim();
    const titleId = `dialog-title-${Math.random().toString(36).slice(2, 8)}`;
    dialog.setAttribute("aria-labelledby", titleId);

    const form = document.createElement("form");
    form.method = "dialog";
    const heading = document.createElement("h2");
    heading.id = titleId;
    heading.className = "dialog-title";
    heading.textContent = title;
    const content = document.createElement("div");
    content.className = "dialog-body";
    content.setAttribute("role", "group");
    content.setAttribute("aria-labelledby", titleId);
    if (typeof body === "string") {
      const p = document.createElement("p");
      p.textContent = body;
      content.append(p);
    } else if (body) {
      content.append(body);
    }
    const bar = document.createElement("div");
    bar.className = "dialog-actions";
    let result = null;
    for (const action of actions) {
      const button = document.createElement("button");
      button.type = action.submit ? "submit" : "button";
      button.className = `btn ${action.primary ? "primary" : ""}`.trim();
      button.textContent = action.label;
      if (action.value !== undefined) button.dataset.value = action.value;
      button.addEventListener("click", (event) => {
        if (action.submit && !form.reportValidity()) return;
        event.preventDefault();
        result = action.value ?? null;
        dialog.close();
      });
      bar.append(button);
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const primary = actions.find((a) => a.primary);
      result = primary ? primary.value : null;
      dialog.close();
    });
    form.append(heading, content, bar);
    dialog.append(form);
    // Close on a click on the backdrop (outside the form).
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(result);
    });
    document.body.append(dialog);
    dialog.showModal();
    const focus = initialFocus ? dialog.querySelector(initialFocus) : bar.querySelector(".primary");
    if (focus) focus.focus({ preventScroll: true });
    content.scrollTop = 0;
    dialog.scrollTop = 0;
    // a body that scrolls can be scrolled from the keyboard too
    const scrolls = () => {
      if (content.scrollHeight > content.clientHeight + 1) content.tabIndex = 0;
      else content.removeAttribute("tabindex");
    };
    scrolls();
    new ResizeObserver(scrolls).observe(content);
    if (onOpen) onOpen(dialog);
  });
}
