// A friend's answer as a link (#answer/a=<answer>), opened on the host's device: the page
// hands the answer to the host's lobby in another tab of the same browser (a
// BroadcastChannel: same origin, same device; nothing leaves it), where the friend's
// seat connects as if the answer had been pasted. When no lobby of this browser waits
// for it, the page shows the answer to paste into the host's table.
//
//   const stop = onAnswerLink(async (code) => taken)   the lobby's side: `taken` true
//                                                      when a seat of its own took it
//   mount(container, params, ctx)                      the page of the link

import { h } from "../../ui/dom.js";
import { linkPage } from "./join.js";
import { unpack } from "./link.js";
import { copyRow } from "./lobby.js";
import { messageOf } from "../../engine/errors.js";

const CHANNEL = "celestix.friends";
// Longest wait for a lobby of this browser to say it took the answer
const TAKEN_MS = 2000;

/** The lobby listens for answers opened as links in another tab; returns stop(). */
export function onAnswerLink(take) {
  if (typeof BroadcastChannel !== "function") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = async ({ data }) => {
    if (data?.type !== "answer" || typeof data.code !== "string") return;
    if (await take(data.code)) channel.postMessage({ type: "taken", code: data.code });
  };
  return () => channel.close();
}

/** The answer handed to a lobby of this browser: whether one took it (within TAKEN_MS). */
function handOver(code) {
  if (typeof BroadcastChannel !== "function") return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const done = (taken) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), TAKEN_MS);
    channel.onmessage = ({ data }) => {
      if (data?.type === "taken" && data.code === code) done(true);
    };
    channel.postMessage({ type: "answer", code });
  });
}

export async function mount(container, params, ctx) {
  const { root, status } = linkPage(container, ctx, "A friend's answer", "Reading the answer…");
  const code = params.get("a") || "";
  try {
    await unpack(code, "answer");
  } catch (error) {
    root.dataset.status = "failed";
    status.textContent = messageOf(error);
    return { unmount() {} };
  }
  if (await handOver(code)) {
    root.dataset.status = "taken";
    status.textContent =
      "Your table in the other tab has your friend's answer: go back to it, the seat connects there. You may close this tab.";
    return { unmount() {} };
  }
  root.dataset.status = "waiting";
  status.textContent =
    "No table in this browser is waiting for this answer. Open the table you invited your friend from, then paste this answer into their seat's field.";
  const field = h("input", {
    type: "text",
    readonly: true,
    class: "fr-link",
    "aria-label": "Your friend's answer",
    value: code,
  });
  root.append(copyRow(field, "The answer", { primary: true }));
  return { unmount() {} };
}
