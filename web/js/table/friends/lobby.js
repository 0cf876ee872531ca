// The host's lobby: who sits where (You, a friend with the name they give, or a computer
// player with its level), then an invitation for each friend's seat (a link to copy or
// share, and the same link as a QR code to scan; the friend's answer pasted back (the code
// or its link), scanned with the camera, or its link opened in another tab of this
// browser (answer.js), and the seat connected), then the game starts on the host's
// table with a HostSession (host.js) once every friend is connected.
//
//   const session = await openLobby(page)   the HostSession to play, or null (cancelled)
//
// Accessible names (tests and screen readers use them) name the seat, as the issue asks,
// while the visible words name the friend: "Invitation link for North", "Copy", "QR code
// of the invitation for North", "Paste North's answer", "Scan North's answer" (only where
// a camera is there: qr.js canScan), "Connect"; each friend's seat is a group named for
// the seat with data-status "inviting" | "connecting" | "here".

import { openDialog } from "../../ui/dialog.js";
import { h } from "../../ui/dom.js";
import { toast } from "../../ui/toast.js";
import { randomSeed } from "../options.js";
import { sharing } from "../pass.js";
import { DEFAULT_LEVEL } from "../session.js";
import { onAnswerLink } from "./answer.js";
import { DEAL_NOTE } from "./deal.js";
import { HostSession } from "./host.js";
import { unpack } from "./link.js";
import { iceServers } from "./peer.js";
import { canScan, scanCode, showQr } from "./qr.js";
import { messageOf } from "../../engine/errors.js";

const SAME_NETWORK =
  "Friends join on their own phone or computer, on the same network as you (the same Wi-Fi, or your phone's hotspot). Nothing is installed and no server is used: the cards go straight from your device to theirs.";
const ANY_NETWORK =
  "Friends join on their own phone or computer, from any network: this site names a server that helps the devices find each other. Nothing is installed, and only the host's device holds the game.";

// The lobby's seats against pass-and-play's (table/pass.js, chosen in New game: "A person
// at this device"), in the same words
const OWN_DEVICE =
  "Each friend plays on their own phone or computer. To share this device instead, passing it round the table, choose “A person at this device” for a seat in New game.";
const SHARED_NOW =
  "The people sharing this device in your game are seated here as friends, each on their own device: change any of them to a computer player if they stay with you.";

/** What the lobby says of networks: the same one, unless the site names ICE servers. */
export const networkNote = (servers) => (servers.length ? ANY_NETWORK : SAME_NETWORK);

const levelText = (level) => level.charAt(0).toUpperCase() + level.slice(1);

/** Copy `text` (the field is selected as well, for a browser that refuses the clipboard). */
export async function copyField(field, what) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    toast(`${what} copied.`, { tone: "success" });
  } catch {
    toast(`Select the ${what.toLowerCase()} and copy it.`, { tone: "info" });
  }
}

/** A read-only field's row: the field, "Copy" (`primary`; `copyName`: its accessible
 * name, when not "Copy"), and for a link "Share" (`share`: the shared page's title) where
 * the browser has a share sheet. */
export function copyRow(field, what, { primary = false, copyName = null, share = null } = {}) {
  return h(
    "div",
    { class: "fr-row" },
    field,
    h("button", {
      type: "button",
      class: primary ? "btn primary" : "btn",
      text: "Copy",
      "aria-label": copyName,
      onclick: () => copyField(field, what),
    }),
    share && typeof navigator.share === "function"
      ? h("button", {
          type: "button",
          class: "btn",
          text: "Share",
          onclick: () => navigator.share({ title: share, url: field.value }).catch(() => {}),
        })
      : null,
  );
}

/** Who sits where: [{kind, name, level}] per seat, or null. */
async function askSeats(page, seats, note) {
  const levels = page.info.levels?.length ? page.info.levels : ["basic"];
  const preferred = (s) =>
    (Array.isArray(page.prefs.levels) &&
      levels.includes(page.prefs.levels[s]) &&
      page.prefs.levels[s]) ||
    (levels.includes("basic") ? "basic" : levels[0]);
  const rows = [];
  // a game passed round this device: its people (pass.js) are the friends to invite
  const people = sharing(page.session?.people) ? page.session.people : null;
  const body = h(
    "div",
    { class: "fr-seats" },
    h("p", { class: "dialog-note", text: note }),
    h("p", { class: "dialog-note", text: people ? SHARED_NOW : OWN_DEVICE }),
  );
  for (let s = 0; s < seats; s += 1) {
    if (s === page.home) continue;
    // the seat's own name (North, Aurel), not a name given to a person at this device
    const seatName = page.personName(s);
    const who = h(
      "select",
      { id: `fr-who-${s}`, "aria-label": `Who plays ${seatName}` },
      h("option", { value: "friend", text: "A friend on their own device" }),
      h("option", { value: "computer", text: "A computer player" }),
    );
    const person = typeof people?.[s] === "string" ? people[s] : null;
    who.value =
      person !== null || (!people && s === (page.home + seats / 2) % seats && seats === 4)
        ? "friend"
        : "computer";
    const name = h("input", {
      id: `fr-name-${s}`,
      type: "text",
      maxlength: "24",
      autocomplete: "off",
      value: person || seatName,
      "aria-label": `${seatName}'s name`,
    });
    const level = h(
      "select",
      { id: `fr-level-${s}`, "aria-label": `Level for ${seatName}` },
      levels.map((l) => h("option", { value: l, text: levelText(l) })),
    );
    level.value = preferred(s);
    const nameField = h("label", { class: "fr-name" }, h("span", { text: "Name" }), name);
    const show = () => {
      nameField.hidden = who.value !== "friend";
    };
    who.addEventListener("change", show);
    show();
    rows.push({ seat: s, who, name, level, seatName });
    body.append(
      h(
        "fieldset",
        { class: "field fr-seat" },
        h("legend", { class: "field-label", text: seatName }),
        who,
        nameField,
        h(
          "label",
          { class: "fr-level" },
          h("span", { text: "Level (also when a friend is away)" }),
          level,
        ),
      ),
    );
  }
  const answer = await openDialog({
    title: "Play with friends",
    body,
    className: "wide-dialog fr-lobby",
    actions: [
      { label: "Cancel", value: "cancel" },
      { label: "Invite", value: "invite", primary: true },
    ],
  });
  if (answer !== "invite") return null;
  /** @type {{kind: string, name: string, level: string | null, seatName?: string}[]} */
  const chosen = Array.from({ length: seats }, () => ({
    kind: "you",
    name: "You",
    level: null,
  }));
  for (const row of rows) {
    const friend = row.who.value === "friend";
    chosen[row.seat] = {
      kind: friend ? "friend" : "computer",
      name: (friend && row.name.value.trim().slice(0, 24)) || row.seatName,
      seatName: row.seatName,
      level: row.level.value,
    };
  }
  return chosen;
}

// The cameras reading an answer, stopped when their dialog closes
const cameras = new Set();

function stopCameras() {
  for (const scan of cameras) scan.stop();
  cameras.clear();
}

/** The "Scan" button of a seat's answer: the camera until a QR code is read, then `onCode`. */
function scanButton(seatName, status, onCode) {
  const video = h("video", { class: "fr-camera", muted: true, playsinline: true, hidden: true });
  video.muted = true;
  let scan = null;
  const end = () => {
    if (scan) {
      scan.stop();
      cameras.delete(scan);
    }
    scan = null;
    video.hidden = true;
    button.textContent = "Scan";
    button.setAttribute("aria-label", `Scan ${seatName}'s answer`);
  };
  const button = h("button", {
    type: "button",
    class: "btn",
    text: "Scan",
    "aria-label": `Scan ${seatName}'s answer`,
    onclick: () => {
      if (scan) return end();
      const current = scanCode(video);
      scan = current;
      cameras.add(current);
      video.hidden = false;
      button.textContent = "Stop";
      button.setAttribute("aria-label", `Stop scanning ${seatName}'s answer`);
      status.textContent = "Hold the answer's QR code up to the camera.";
      current.found.then(
        (text) => {
          if (scan !== current) return;
          end();
          if (text) onCode(text);
        },
        (error) => {
          if (scan !== current) return;
          end();
          status.textContent = messageOf(error);
        },
      );
    },
  });
  return { button, video };
}

/** One friend's invitation: the link and its QR code, the answer pasted back (or
 * scanned), Connect. */
function inviteRow(session, seat, onConnected) {
  const up = session.seatsUp[seat];
  const { name } = up;
  const seatName = up.seatName || name;
  const link = h("input", {
    type: "text",
    readonly: true,
    class: "fr-link",
    "aria-label": `Invitation link for ${seatName}`,
    value: "",
    placeholder: "Making the invitation…",
  });
  const paste = h("input", {
    type: "text",
    class: "fr-answer",
    autocomplete: "off",
    "aria-label": `Paste ${seatName}'s answer`,
    placeholder: `${name}'s answer`,
  });
  const status = h("p", {
    class: "fr-status",
    role: "status",
    text: `Making ${name}'s invitation…`,
  });
  const picture = h("div", { class: "fr-qr-place" });
  const qr = h(
    "figure",
    { class: "fr-qr-box", hidden: true },
    picture,
    h("figcaption", {
      text: `${name} can scan this code with their phone's camera to open the invitation.`,
    }),
  );
  const group = h(
    "section",
    {
      class: "fr-invite",
      role: "group",
      "aria-label": seatName,
      dataset: { seat: String(seat), status: "inviting" },
    },
    h("h3", { text: name === seatName ? seatName : `${seatName}: ${name}` }),
    copyRow(link, "The invitation link", { share: `An invitation for ${name}` }),
    qr,
    h("div", { class: "fr-row" }, paste),
    status,
  );
  const connect = h("button", {
    type: "button",
    class: "btn primary",
    text: "Connect",
    onclick: async () => {
      if (group.dataset.status === "here") return;
      group.dataset.status = "connecting";
      status.textContent = `Connecting to ${name}…`;
      try {
        await session.connect(seat, paste.value);
        group.dataset.status = "here";
        status.textContent = `${name}: Connected`;
        paste.disabled = true;
        connect.disabled = true;
        if (scanner) scanner.button.disabled = true;
        onConnected();
      } catch (error) {
        group.dataset.status = "inviting";
        status.textContent = messageOf(error);
      }
    },
  });
  paste.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    connect.click();
  });
  const answerRow = group.querySelectorAll(".fr-row")[1];
  answerRow.append(connect);
  // the friend's answer link opened in another tab of this browser (answer.js)
  const stopListening = onAnswerLink(async (code) => {
    if (!group.isConnected) {
      stopListening();
      return false;
    }
    if (group.dataset.status !== "inviting") return false;
    const answer = await unpack(code, "answer").catch(() => null);
    if (answer?.seat !== seat || answer.table !== session.table) return false;
    paste.value = code;
    connect.click();
    return true;
  });
  let scanner = null;
  canScan().then((camera) => {
    if (!camera || group.dataset.status === "here") return;
    scanner = scanButton(seatName, status, (text) => {
      paste.value = text;
      connect.click();
    });
    connect.before(scanner.button);
    answerRow.after(scanner.video);
  });
  session.invite(seat).then(
    ({ link: href }) => {
      link.value = href;
      showQr(picture, href, `QR code of the invitation for ${seatName}`);
      qr.hidden = false;
      status.textContent = `Send ${name} this link (or let them scan the code), then paste or scan their answer here.`;
    },
    (error) => {
      status.textContent = `The invitation could not be made: ${error?.message || error}`;
    },
  );
  return group;
}

/** The lobby: seats, then invitations; resolves with the HostSession to play, or null. */
export async function openLobby(page) {
  const current = page.session;
  const seats = current?.seats || page.info.seats?.[1] || 4;
  const servers = await iceServers();
  const chosen = await askSeats(page, seats, networkNote(servers));
  if (!chosen || page.gone) return null;
  const session = await HostSession.start(
    page.engine,
    page.gameId,
    current?.record.options || {},
    randomSeed(),
    { levels: chosen.map((s) => s.level), human: page.home, onLost: page.onLost },
  );
  // the host's name, when a game at this device gave it one (pass.js)
  const hostName = sharing(current?.people) ? current.people[page.home] : null;
  session.seatUp(chosen, { iceServers: servers, hostName: hostName || undefined });
  const friends = chosen.flatMap((s, k) => (s.kind === "friend" ? [k] : []));
  if (!friends.length) return session;
  let start = null;
  const ready = () => {
    if (start) start.disabled = !friends.every((seat) => session.status(seat) === "here");
  };
  const body = h(
    "div",
    { class: "fr-invites" },
    h("p", { class: "dialog-note", text: networkNote(servers) }),
    h("p", { class: "dialog-note", text: DEAL_NOTE }),
    ...friends.map((seat) => inviteRow(session, seat, ready)),
  );
  const answer = await openDialog({
    title: "Invite your friends",
    body,
    className: "wide-dialog fr-lobby",
    actions: [
      { label: "Cancel", value: "cancel" },
      { label: "Start", value: "start", primary: true },
    ],
    initialFocus: ".fr-link",
    onOpen: (dialog) => {
      start = dialog.querySelector('.dialog-actions [data-value="start"]');
      ready();
    },
  });
  stopCameras();
  if (answer !== "start" || !friends.every((seat) => session.status(seat) === "here")) {
    session.close("The host did not start the game.");
    return null;
  }
  await session.begin(); // the first hand dealt from a seed agreed with the friends
  return session;
}

/** The "Play with friends" tool of a trick game's page: the lobby, then the game. */
export async function playWithFriends(page) {
  if (page.friends && page.session === page.friends) return tableDialog(page.friends);
  const session = await openLobby(page);
  if (!session) return;
  // the host left the table while the first hand was being dealt: the friends seated are
  // told, as they would be a moment later (closeFriends)
  if (page.gone) {
    session.close();
    return;
  }
  hostTable(page, session);
  page.use(session, { pending: null, counted: false }, true);
}

/** A saved table with friends resumed after the host's page was reloaded (`friends`: the
 * save's friends' names by seat): each friend's seat is played by a computer player
 * until the host invites the friend again ("Play with friends": "Invite again"). */
export async function hostAgain(page, session, friends) {
  const seats = friends.map((name, seat) =>
    seat === page.home
      ? { kind: "you", name: "You", level: null }
      : {
          kind: name === null ? "computer" : "friend",
          name: name ?? page.personName(seat),
          seatName: page.personName(seat),
          level: session.levels?.[seat] || DEFAULT_LEVEL,
        },
  );
  session.seatUp(seats, { iceServers: await iceServers() });
  session.resumeTable();
  hostTable(page, session);
}

/** The page's table becomes `session`, a table with friends: the friends' comings and
 * goings said to the host; leaving the table tells them. */
function hostTable(page, session) {
  page.closeFriends("The host has started another game.");
  page.friends = session;
  session.onNotice = (words) => toast(words, { tone: "error", title: "Refused." });
  session.onChange = (seat) => {
    const { name, status } = session.seatsUp[seat];
    if (status === "away")
      toast(
        `${name} is away. A computer player takes ${name}'s seat in ${Math.round(HostSession.awayMs / 1000)} seconds unless they come back.`,
      );
    else if (status === "computer") toast(`A computer player plays for ${name} now.`);
    else if (status === "here") toast(`${name} is at the table.`, { tone: "success" });
  };
  // the host's page closing, leaving the table or starting another game tells every
  // friend and closes the connections (TablePage.closeFriends)
  page.leaving();
}

const STATUS_WORDS = {
  here: "at the table",
  away: "away: a computer player takes the seat soon",
  computer: "away: a computer player plays the seat",
  open: "not connected",
  inviting: "not connected",
};

/** The table with friends under way: each friend's seat, and "Invite again" for one away. */
async function tableDialog(session) {
  const body = h("div", { class: "fr-invites" });
  for (const [seat, up] of session.seatsUp.entries()) {
    if (up.kind !== "friend") continue;
    const line = h("p", { class: "fr-status", text: `${up.name}: ${STATUS_WORDS[up.status]}.` });
    const row = h(
      "div",
      { class: "fr-invite", dataset: { seat: String(seat), status: up.status } },
      line,
    );
    if (up.status !== "here")
      row.append(
        h("button", {
          type: "button",
          class: "btn",
          text: "Invite again",
          onclick: () => row.replaceWith(inviteRow(session, seat, () => {})),
        }),
      );
    body.append(row);
  }
  await openDialog({
    title: "Your friends at this table",
    body,
    className: "wide-dialog fr-lobby",
    actions: [{ label: "Close", value: "close", primary: true }],
  });
  stopCameras();
}
