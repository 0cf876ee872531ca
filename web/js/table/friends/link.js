// Invitations and answers: a WebRTC offer (or answer) with what the other side needs,
// as JSON compressed by the browser's CompressionStream ("deflate-raw") and written in
// base64url, so it fits a link's fragment (never sent to the web server) and a QR code.
//
//   const code = await pack({kind: "invite", ...});   await unpack(code, "invite")
//   inviteLink(code) -> "https://site/#join/i=<code>"   codeOf(text) -> the code in a
//   link or the code pasted alone
//
// unpack refuses in words (LinkError) whatever is not a whole, well-formed invitation
// (or answer): a truncated or altered code, another version, oversized, wrong fields.

import { VERSION } from "./protocol.js";

// Longest code read (characters) and longest JSON unpacked from it
const MAX_CODE = 8000;
const MAX_JSON = 16000;
const MAX_SDP = 12000;

export class LinkError extends Error {
  constructor(message) {
    super(message);
    this.name = "LinkError";
    this.kind = "link";
  }
}

const WORDS = {
  invite: "invitation",
  answer: "answer",
};

const isText = (max) => (x) => typeof x === "string" && x.length > 0 && x.length <= max;
const FIELDS = {
  invite: {
    game: isText(40),
    seat: (x) => Number.isSafeInteger(x) && x >= 0 && x < 8,
    seatName: isText(24),
    host: isText(24),
    table: (x) => typeof x === "string" && /^[0-9a-f]{16}$/.test(x),
    sdp: (x) => isText(MAX_SDP)(x) && x.startsWith("v=0"),
  },
  answer: {
    seat: (x) => Number.isSafeInteger(x) && x >= 0 && x < 8,
    table: (x) => typeof x === "string" && /^[0-9a-f]{16}$/.test(x),
    sdp: (x) => isText(MAX_SDP)(x) && x.startsWith("v=0"),
  },
};

function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(code) {
  const text = atob(code.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function streamed(bytes, stream, limit = Number.POSITIVE_INFINITY) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new RangeError("too large");
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** `{kind, ...fields}` as a code for a link. */
export async function pack(data) {
  const json = new TextEncoder().encode(JSON.stringify({ v: VERSION, ...data }));
  return toBase64url(await streamed(json, new CompressionStream("deflate-raw")));
}

/** The invitation (or answer) in `code`, checked; throws LinkError in words. */
export async function unpack(code, kind) {
  const what = WORDS[kind];
  const damaged = new LinkError(
    `This ${what} is damaged or incomplete: copy the whole ${what} again and paste it here.`,
  );
  if (typeof code !== "string" || !code) throw new LinkError(`There is no ${what} here to read.`);
  if (code.length > MAX_CODE) throw new LinkError(`This is too long to be an ${what}.`);
  if (!/^[A-Za-z0-9_-]+$/.test(code)) throw damaged;
  let data;
  try {
    const bytes = await streamed(
      fromBase64url(code),
      new DecompressionStream("deflate-raw"),
      MAX_JSON,
    );
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw damaged;
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw damaged;
  if (data.v !== VERSION)
    throw new LinkError(
      `This ${what} comes from another version of the card room: reload both pages and make a new one.`,
    );
  if (data.kind !== kind)
    throw new LinkError(
      kind === "invite"
        ? "This is an answer, not an invitation: it goes in the host's page."
        : "This is an invitation, not an answer: open it on the friend's device.",
    );
  const fields = FIELDS[kind];
  const keys = Object.keys(data).filter((key) => key !== "v" && key !== "kind");
  if (
    keys.some((key) => !Object.hasOwn(fields, key)) ||
    Object.keys(fields).some((key) => !fields[key](data[key]))
  )
    throw damaged;
  return data;
}

/** A link of the card room to `page`, its fragment carrying `key`=`code`. */
function linkTo(page, key, code, base) {
  const url = new URL(base);
  url.search = "";
  url.hash = `#${page}/${key}=${code}`;
  return url.href;
}

/** The link that opens an invitation in the card room. */
export function inviteLink(code, base = location.href) {
  return linkTo("join", "i", code, base);
}

/** The link of a friend's answer: opened on the host's device, it hands the answer to
 * the host's lobby in another tab (answer.js); pasted, it reads as the answer. */
export function answerLink(code, base = location.href) {
  return linkTo("answer", "a", code, base);
}

/** The code in a pasted link (its fragment's `i=` or `a=`) or the code pasted alone. */
export function codeOf(text) {
  const trimmed = String(text ?? "").trim();
  const match = /[#/&?]([ia])=([A-Za-z0-9_-]*)/.exec(trimmed);
  return match ? match[2] : trimmed;
}
