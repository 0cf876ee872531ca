// A friend's page: #join/i=<invitation>. The invitation is read (refused in words when
// it is damaged, altered or from another version), answered, and the answer shown as a
// read-only field "Answer for the host" with Copy, as a link ("Answer link for the host":
// opened on the host's device it reaches the host's lobby, answer.js), and as a QR code
// ("QR code of the answer for the host") the host can scan with their camera; once the host has pasted it, the page
// says Connected and plays from what the host sends (guest.js). Nothing here needs the
// friend's own engine: it loads in the background.

import { h } from "../../ui/dom.js";
import { DEAL_NOTE } from "./deal.js";
import { openInvitation } from "./guest.js";
import { answerLink } from "./link.js";
import { copyRow, networkNote } from "./lobby.js";
import { iceServers } from "./peer.js";
import { showQr } from "./qr.js";

// The games a friend can sit at: each page's mountGuest(container, ctx, session)
const TABLES = {
  precedence: () => import("../../precedence/page.js"),
  sabacc: () => import("../../sabacc/page.js"),
};

/** The page of a link to the friends' pages (#join, #answer): its heading, and a status
 * line that says `first` until the link is read; {root, status}. */
export function linkPage(container, ctx, title, first) {
  ctx.setTitle(title);
  const heading = h("h1", { tabindex: "-1", "data-skip-target": true, text: title });
  const status = h("p", { class: "fr-status", role: "status", text: first });
  const root = h(
    "section",
    { class: "notice-page fr-join", dataset: { status: "reading" } },
    heading,
    status,
  );
  container.append(root);
  return { root, status };
}

export async function mount(container, params, ctx) {
  const { root, status } = linkPage(container, ctx, "Join a table", "Reading the invitation…");
  let join = null;
  let session = null;
  let gone = false;
  const fail = (error) => {
    root.dataset.status = "failed";
    status.textContent = error?.message || String(error);
  };
  const servers = await iceServers();
  openInvitation(params.get("i") || "", { iceServers: servers })
    .then(async (opened) => {
      join = opened;
      if (gone) return join.close();
      const { invite } = join;
      const answer = h("input", {
        type: "text",
        readonly: true,
        class: "fr-link",
        "aria-label": "Answer for the host",
        value: join.answer,
      });
      const asLink = h("input", {
        type: "text",
        readonly: true,
        class: "fr-link",
        "aria-label": "Answer link for the host",
        value: answerLink(join.answer),
      });
      root.dataset.status = "answering";
      status.textContent = `${invite.host} invites you to sit at ${invite.seatName}'s seat. Send ${invite.host} this answer, as a link or as the code: they open the link or paste either into their page, or scan the code below.`;
      const picture = h("div", { class: "fr-qr-place" });
      showQr(picture, join.answer, "QR code of the answer for the host");
      root.append(
        copyRow(answer, "The answer", { primary: true }),
        copyRow(asLink, "The answer link", {
          copyName: "Copy the answer link",
          share: `An answer for ${invite.host}`,
        }),
        h(
          "figure",
          { class: "fr-qr-box" },
          picture,
          h("figcaption", {
            text: `${invite.host} can press Scan in their page and hold their camera to this code.`,
          }),
        ),
        h("p", { class: "dialog-note", text: networkNote(servers) }),
        h("p", { class: "dialog-note", text: DEAL_NOTE }),
      );
      session = await join.connected;
      if (gone) return session.leave();
      root.dataset.status = "here";
      status.textContent = `Connected to ${invite.host}'s table: you sit at ${invite.seatName}'s seat.`;
      const load = TABLES[session.game];
      if (!load) {
        session.leave();
        throw new Error("This card room cannot seat a friend at that game's table yet.");
      }
      const module = await load();
      if (gone) return session.leave();
      root.remove();
      table = module.mountGuest(container, ctx, session);
    })
    .catch(fail);
  let table = null;
  return {
    unmount() {
      gone = true;
      if (table) table.unmount();
      else if (session) session.leave();
      else join?.close();
    },
  };
}
