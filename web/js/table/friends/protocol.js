// The wire protocol between a host's table and its friends' pages (docs/FRIENDS.md):
// every message is one JSON object {v, n, type, ...fields} sent over an RTCDataChannel.
// `v` is the protocol's version (a peer with another one is refused in words), `n` the
// sender's message number (1, 2, 3...: a message whose number is not above the last one
// is a replay and is refused), `type` one the receiving side allows, and each type's
// fields exactly those listed below, each checked. A message longer than MAX_TEXT
// characters crosses in parts (`{v, n, type: "part", i, of, text}`: its text cut in
// pieces of PIECE characters, every part with the message's own number, sent in order):
// a data channel may not carry one message over 64 KiB, and a hand's reveal holds the
// game's record, which grows with the game. A text on the channel over MAX_TEXT
// characters, a message over MAX_MESSAGE[side] characters once whole (the host takes
// 64 KiB from a friend, a friend 2 MiB from the host), parts out of order, or more than
// FLOOD[side].count texts within FLOOD[side].ms, is refused; nothing refused changes the
// game.
//
//   const out = new Outbox(send);   out.send("move", {action, turn})
//   const inbox = new Inbox("host", "North");   // what the host accepts from North
//   inbox.read(text) -> message, or null for a part of one not yet whole
//                        (throws ProtocolError: its message is for the person)

// 2: a message over MAX_TEXT characters crosses in parts (1 sent it whole)
export const VERSION = 2;
// The longest text one data channel message carries (a part: a piece of PIECE characters,
// its quotes escaped, fits), and the longest message once whole, by the receiving side
export const MAX_TEXT = 20 * 1024;
export const PIECE = 8 * 1024;
export const MAX_MESSAGE = { host: 64 * 1024, guest: 2 * 1024 * 1024 };
// The most messages one peer may send within `ms`, by the side that receives them: a
// friend makes one move a turn (and asks a few previews), while the host sends every
// friend a table message for each move at the table, as fast as its engine plays them
// (a hand of computer players and a friend taken over can take less than a second):
// a friend's page that ignored some of those would no longer follow the table.
export const FLOOD = { host: { count: 60, ms: 1000 }, guest: { count: 1000, ms: 1000 } };
// A JSON value nested deeper than this is no move and no view
const MAX_DEPTH = 12;
const MAX_NAME = 24;
// The most moves of its own a friend may ask to see ahead (a Sabacc aside is at most 6)
const MAX_AHEAD = 16;

const isInt = (x) => Number.isSafeInteger(x);
const isCount = (x) => isInt(x) && x >= 0;
const isSeat = (x) => isInt(x) && x >= 0 && x < 8;
const isText = (max) => (x) => typeof x === "string" && x.length <= max;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isList = (x) => Array.isArray(x);
const isHex = (x) => typeof x === "string" && /^[0-9a-f]{64}$/.test(x);
const PART_KEYS = ["v", "n", "type", "i", "of", "text"];
const orNull = (check) => (x) => x === null || check(x);
const isMove = (x) => isObject(x) && isSeat(x.seat) && isObject(x.action) && isList(x.events);

/** Each type's fields, by the side that receives it. */
const ACCEPTS = {
  // what the host accepts from a friend
  host: {
    join: { name: isText(MAX_NAME) },
    move: { action: isObject, turn: isCount },
    preview: { id: isCount, action: isObject },
    ahead: { id: isCount, actions: (x) => isList(x) && x.length <= MAX_AHEAD && x.every(isObject) },
    mix: { hand: isCount, random: isHex },
    bye: {},
  },
  // what a friend accepts from the host
  guest: {
    welcome: {
      seat: isSeat,
      game: isText(40),
      names: (x) => isList(x) && x.length <= 8 && x.every(isText(MAX_NAME)),
    },
    table: { turn: isCount, view: isObject, legal: isList, move: orNull(isMove) },
    refused: { message: isText(600) },
    previewed: { id: isCount, events: isList },
    ahead: { id: isCount, view: orNull(isObject), legal: isList },
    presence: { seat: isSeat, status: (x) => ["here", "away", "computer"].includes(x) },
    commit: { hand: isCount, hash: isHex },
    reveal: { hand: isCount, secret: isHex, mixes: isList, record: isObject },
    bye: { reason: isText(600) },
  },
};

export class ProtocolError extends Error {
  constructor(message) {
    super(message);
    this.name = "ProtocolError";
    this.kind = "protocol";
  }
}

function depth(value, limit) {
  if (limit < 0) return false;
  if (Array.isArray(value)) return value.every((item) => depth(item, limit - 1));
  if (isObject(value)) return Object.values(value).every((item) => depth(item, limit - 1));
  return true;
}

/** The messages one side sends: numbered 1, 2, 3... */
export class Outbox {
  constructor(send) {
    this.sendText = send;
    this.n = 0;
  }

  text(type, fields = {}) {
    this.n += 1;
    return JSON.stringify({ v: VERSION, n: this.n, type, ...fields });
  }

  /** Sends the message (in parts when it is longer than MAX_TEXT); returns its text. */
  send(type, fields = {}) {
    const text = this.text(type, fields);
    if (text.length > MAX_MESSAGE.guest)
      throw new ProtocolError(`A ${type} message was too large.`);
    if (text.length <= MAX_TEXT) this.sendText(text);
    else {
      const of = Math.ceil(text.length / PIECE);
      for (let i = 0; i < of; i += 1)
        this.sendText(
          JSON.stringify({
            v: VERSION,
            n: this.n,
            type: "part",
            i,
            of,
            text: text.slice(i * PIECE, (i + 1) * PIECE),
          }),
        );
    }
    return text;
  }
}

/** The messages one side receives from one peer (`who`: the peer's name, for the words). */
export class Inbox {
  constructor(side, who) {
    this.accepts = ACCEPTS[side];
    this.flood = FLOOD[side];
    this.who = who;
    this.most = MAX_MESSAGE[side];
    this.last = 0;
    this.times = [];
    this.parts = null; // {n, of, pieces}: a message coming in parts
  }

  read(text, now = performance.now()) {
    const who = this.who;
    this.times.push(now);
    while (this.times.length && now - this.times[0] > this.flood.ms) this.times.shift();
    if (this.times.length > this.flood.count)
      throw new ProtocolError(
        `${who} sent too many messages at once; the extra ones were ignored.`,
      );
    if (typeof text !== "string")
      throw new ProtocolError(`${who} sent something that is not a message; it was ignored.`);
    if (text.length > MAX_TEXT) throw this.tooLarge();
    const message = this.parse(text);
    if (message.type !== "part" || message.v !== VERSION) return this.check(message);
    // a piece of a longer message: kept until its last part, then read whole
    const { n, i, of, text: piece } = message;
    const extra = Object.keys(message).some((key) => !PART_KEYS.includes(key));
    const next = this.parts && this.parts.n === n ? this.parts.pieces.length : 0;
    if (extra || !isInt(n) || n <= this.last || typeof piece !== "string" || piece.length > PIECE)
      return this.refuseParts(`${who} sent a part of a message the table does not allow`);
    if (!isInt(of) || of < 2 || of * PIECE > this.most + PIECE) {
      this.parts = null;
      throw this.tooLarge();
    }
    if (i !== next || (next && of !== this.parts.of))
      return this.refuseParts(`${who} sent the parts of a message out of order`);
    if (!next) this.parts = { n, of, pieces: [] };
    this.parts.pieces.push(piece);
    if (this.parts.pieces.length < of) return null;
    const whole = this.parts.pieces.join("");
    this.parts = null;
    if (whole.length > this.most) throw this.tooLarge();
    const full = this.parse(whole);
    if (full.n !== n || full.type === "part")
      throw new ProtocolError(`${who} sent a message whose parts do not match; it was ignored.`);
    return this.check(full);
  }

  tooLarge() {
    return new ProtocolError(`${this.who} sent a message too large for the table; it was ignored.`);
  }

  refuseParts(words) {
    this.parts = null;
    throw new ProtocolError(`${words}; it was ignored.`);
  }

  parse(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      throw new ProtocolError(`${this.who} sent a message that could not be read; it was ignored.`);
    }
    if (!isObject(message) || !depth(message, MAX_DEPTH))
      throw new ProtocolError(`${this.who} sent a message that could not be read; it was ignored.`);
    return message;
  }

  /** A whole message: its version, type, number and fields. */
  check(message) {
    const who = this.who;
    if (message.v !== VERSION)
      throw new ProtocolError(
        `${who} uses another version of the card room (${isInt(message.v) ? `protocol ${message.v}` : "unknown"}, this page speaks ${VERSION}). Reload both pages to play together.`,
      );
    const fields = Object.hasOwn(this.accepts, message.type) ? this.accepts[message.type] : null;
    if (!fields)
      throw new ProtocolError(`${who} sent a message the table does not allow; it was ignored.`);
    if (!isInt(message.n) || message.n <= this.last)
      throw new ProtocolError(`${who} sent a message again (a replay); it was ignored.`);
    const extra = Object.keys(message).filter((key) => !["v", "n", "type"].includes(key));
    const wrong =
      extra.find((key) => !Object.hasOwn(fields, key)) ||
      Object.keys(fields).find((key) => !fields[key](message[key]));
    if (wrong)
      throw new ProtocolError(
        `${who} sent a ${message.type} message the table does not allow (its "${wrong}" is wrong); it was ignored.`,
      );
    this.last = message.n;
    return message;
  }
}
