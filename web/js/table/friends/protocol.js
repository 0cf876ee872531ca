// The wire protocol between a host's table and its friends' pages (docs/FRIENDS.md):
// every message is one JSON object {v, n, type, ...fields} sent over an RTCDataChannel.
// `v` is the protocol's version (a peer with another one is refused in words), `n` the
// sender's message number (1, 2, 3...: a message whose number is not above the last one
// is a replay and is refused), `type` one the receiving side allows, and each type's
// fields exactly those listed below, each checked. A message over MAX_MESSAGE characters,
// or more than FLOOD[side].count messages within FLOOD[side].ms, is refused; nothing
// refused changes the game.
//
//   const out = new Outbox(send);   out.send("move", {action, turn})
//   const inbox = new Inbox("host", "North");   // what the host accepts from North
//   inbox.read(text) -> message  (throws ProtocolError: its message is for the person)

export const VERSION = 1;
export const MAX_MESSAGE = 64 * 1024;
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

  send(type, fields = {}) {
    const text = this.text(type, fields);
    if (text.length > MAX_MESSAGE) throw new ProtocolError(`A ${type} message was too large.`);
    this.sendText(text);
    return text;
  }
}

/** The messages one side receives from one peer (`who`: the peer's name, for the words). */
export class Inbox {
  constructor(side, who) {
    this.accepts = ACCEPTS[side];
    this.flood = FLOOD[side];
    this.who = who;
    this.last = 0;
    this.times = [];
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
    if (text.length > MAX_MESSAGE)
      throw new ProtocolError(`${who} sent a message too large to be a move; it was ignored.`);
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      throw new ProtocolError(`${who} sent a message that could not be read; it was ignored.`);
    }
    if (!isObject(message) || !depth(message, MAX_DEPTH))
      throw new ProtocolError(`${who} sent a message that could not be read; it was ignored.`);
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
