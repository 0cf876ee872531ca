// The host's table: a TableSession whose seats are the host ("You"), friends on their
// own devices, and computer players. The host's engine is the only one that holds the
// state; each friend is sent only its own seat's view and legal moves after every move
// (engine.turn(state, seat)) and each move's events, which say only what the table saw.
// A friend's move arrives over its connection and goes through the session's one move
// queue like every other move; a refusal (the engine's words, or the protocol's) is sent
// back to that friend only.
//
//   const s = await HostSession.start(engine, game, options, seed, {levels, human})
//   s.seatUp(seats)          seats[k] = {kind: "you" | "friend" | "computer", name, level}
//   const {link, code} = await s.invite(seat)        the invitation for a friend's seat
//   await s.connect(seat, answerText)                the friend's answer: the seat connects
//   s.status(seat) -> "open" | "inviting" | "here" | "away" | "computer"
//   s.onChange = (seat) => ...   s.onNotice = (words) => ...
//   s.botMove()   a friend's seat waits for the friend's move; a computer player's (or a
//                 friend's seat taken over) is chosen in the worker
//
// A friend away (connection lost) is shown to everyone; after HostSession.awayMs a
// computer player of the seat's level plays it until the friend is invited again.
//
// The deal check (deal.js; docs/FRIENDS.md): `await s.begin()` once the friends are
// seated deals the first hand from a seed agreed with them (a commitment to a secret,
// each friend's random number); each next hand's seed is agreed during the hand before
// and set with engine.reseed (noted in the record's `reseeds`); when a hand ends its
// secret and the record are revealed to every friend. `s.deals[hand]`: {secret, hash,
// mixes, seed, at}.

import { MOVED_ON, isRefusal } from "../moves.js";
import { TableSession } from "../session.js";
import { HAND_KEY, hashOf, randomHex, seedOf } from "./deal.js";
import { LinkError, codeOf, inviteLink, pack, unpack } from "./link.js";
import { Connection, offerPeer } from "./peer.js";

// Longest wait for a friend's channel to open once the answer is accepted
const OPEN_MS = 20_000;
// Longest wait for the friends' random numbers once the host has committed to a hand
const MIX_MS = 5_000;

function tableId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function within(promise, ms, words) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new LinkError(words)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A move as `seat` is sent it: its own in full; another seat's action by its type
 * only, since what that move showed the table is in its events (a Sabacc aside's card
 * is in its action, and stays the declarer's). */
function seenBy(move, seat) {
  return move.seat === seat ? move : { ...move, action: { type: move.action.type } };
}

export class HostSession extends TableSession {
  /** How long a friend may be away before a computer player takes the seat (ms). */
  static awayMs = 20_000;

  seatUp(seats, { iceServers = [], hostName = "Host" } = {}) {
    this.table = tableId();
    this.iceServers = iceServers;
    this.hostName = hostName;
    this.seatsUp = seats.map((seat) => ({
      ...seat,
      status: seat.kind === "friend" ? "open" : seat.kind,
    }));
    this.levels = seats.map((seat, k) => (k === this.human ? null : seat.level || "basic"));
    this.waiting = null; // {seat, resolve, reject}: the friend whose move the table waits for
    this.started = false; // begin(): the first hand dealt from the agreed seed
    this.deals = [];
    this.sending = Promise.resolve();
    /** @type {(seat: number) => void} a seat's friend came, went or was replaced */
    this.onChange = () => {};
    /** @type {(words: string) => void} something to tell the host, in words */
    this.onNotice = () => {};
  }

  names() {
    return this.seatsUp.map((seat) => seat.name);
  }

  /** What the host's save keeps of the table: each friend's name by seat (null for the
   * host's seat and a computer player's), or null when no seat is a friend's. */
  friendNames() {
    const names = (this.seatsUp || []).map((up) => (up.kind === "friend" ? up.name : null));
    return names.some((name) => name !== null) ? names : null;
  }

  /** A saved table resumed (the host's page reloaded, seatUp done): the cards are dealt,
   * and each friend's seat is played by a computer player until the friend is invited
   * again. The hands dealt before have no deal of this page's to reveal; the next
   * hand's seed is agreed with the first friend back (connect). */
  resumeTable() {
    this.started = true;
    for (const up of this.seatsUp) if (up.kind === "friend") up.status = "computer";
  }

  status(seat) {
    return this.seatsUp[seat].status;
  }

  friend(seat) {
    const up = this.seatsUp?.[seat];
    return up?.kind === "friend" ? up : null;
  }

  setStatus(seat, status) {
    const up = this.seatsUp[seat];
    up.status = status;
    this.onChange(seat);
    this.everyone(
      "presence",
      { seat, status: status === "here" ? "here" : status === "away" ? "away" : "computer" },
      seat,
    );
  }

  /** An invitation for a friend's seat (a new one each time: "Invite again"). */
  async invite(seat) {
    const up = this.friend(seat);
    if (!up) throw new LinkError("That seat is not a friend's.");
    up.offer?.close();
    const offer = await offerPeer({ iceServers: this.iceServers });
    up.offer = offer;
    if (up.status === "open") up.status = "inviting";
    const code = await pack({
      kind: "invite",
      game: this.record.game,
      seat,
      seatName: up.seatName || up.name,
      host: this.hostName,
      table: this.table,
      sdp: offer.sdp,
    });
    this.onChange(seat);
    return { code, link: inviteLink(code) };
  }

  /** The friend's answer pasted by the host: the seat connects (throws LinkError in words). */
  async connect(seat, text) {
    const up = this.friend(seat);
    if (!up?.offer) throw new LinkError("Make an invitation for this seat first.");
    const answer = await unpack(codeOf(text), "answer");
    if (answer.table !== this.table || answer.seat !== seat)
      throw new LinkError(
        `This answer is for another invitation, not ${up.name}'s: ask ${up.name} for the answer to the newest one.`,
      );
    const offer = up.offer;
    try {
      await offer.accept(answer.sdp);
    } catch {
      throw new LinkError("This answer could not be used: make a new invitation and try again.");
    }
    const channel = await within(
      offer.channel,
      OPEN_MS,
      `${up.name}'s device could not be reached. Are you both on the same network?`,
    );
    up.offer = null;
    const conn = new Connection(channel, { side: "host", who: up.name, pc: offer.pc });
    const old = up.conn;
    up.conn = conn;
    old?.close(); // (its closing is no longer this seat's: see gone())
    /** @type {Promise<void>} */
    const joined = new Promise((resolve) => {
      conn.onMessage = (message) => {
        if (message.type === "join") resolve();
        else this.fromFriend(seat, message);
      };
    });
    conn.onRefused = (words) => {
      conn.send("refused", { message: words });
      this.onNotice(words);
    };
    conn.onClose = () => this.gone(seat, conn);
    await within(joined, OPEN_MS, `${up.name}'s page did not answer.`);
    conn.onMessage = (message) => this.fromFriend(seat, message);
    clearTimeout(up.timer);
    this.welcome(seat, conn);
    // before begin() the cards are not dealt yet: the table comes with the first hand
    if (this.started) {
      const turn = await this.call(() => this.engine.turn(this.state, seat));
      conn.send("table", { turn: this.position, ...turn, move: null });
    }
    this.setStatus(seat, "here");
    // a friend seated during a hand cannot check it (its seed was agreed before they
    // came), but the next hand's seed is agreed again with them
    const key = HAND_KEY[this.record.game];
    if (this.started && key && !this.state.over) this.prepare(this.state[key] + 1);
    for (const [other, each] of this.seatsUp.entries())
      if (other !== seat && each.kind === "friend")
        conn.send("presence", {
          seat: other,
          status: each.status === "here" ? "here" : each.status === "away" ? "away" : "computer",
        });
    return conn;
  }

  /** The message a friend's page waits for once it has said join: its seat, the game and
   * everyone's names. */
  welcome(seat, conn) {
    conn?.send("welcome", { seat, game: this.record.game, names: this.names() });
  }

  fromFriend(seat, message) {
    const up = this.seatsUp[seat];
    if (message.type === "bye") {
      up.conn?.close();
      return;
    }
    if (message.type === "join") {
      // the friend's page has not had its welcome yet (it says join until it has)
      this.welcome(seat, up.conn);
      return;
    }
    if (message.type === "preview") {
      // what a move would do (the declaration's words before declaring), for its own seat
      const state = this.state;
      this.call(() => this.engine.apply(state, message.action, seat)).then(
        ({ events }) => up.conn?.send("previewed", { id: message.id, events }),
        () => up.conn?.send("previewed", { id: message.id, events: [] }),
      );
      return;
    }
    if (message.type === "ahead") {
      // what its own seat would see after moves of its own (a Sabacc aside being chosen)
      this.ahead(message.actions, seat).then(
        ({ view, legal }) => up.conn?.send("ahead", { id: message.id, view, legal }),
        () => up.conn?.send("ahead", { id: message.id, view: null, legal: [] }),
      );
      return;
    }
    if (message.type === "mix") {
      const deal = this.deals[message.hand];
      if (deal?.waiting.has(seat)) {
        deal.waiting.delete(seat);
        deal.mixes.push({ seat, random: message.random });
        if (!deal.waiting.size) deal.mixed();
      }
      return;
    }
    if (message.type !== "move") return;
    if (this.state.to_act !== seat || message.turn !== this.position) {
      up.conn?.send("refused", {
        message:
          this.state.to_act !== seat ? "It is not your turn: that move was not played." : MOVED_ON,
      });
      return;
    }
    // it is that friend's turn: played once the table asks for it (the host's page may
    // still be showing the move before)
    up.early = message;
    this.friendMoves(seat);
  }

  /** A friend's move received, played once the table waits for that seat: through the
   * move queue like every move (TableSession.move, which refuses it if the table has
   * moved on since the friend saw it); a refusal goes back to that friend only. */
  friendMoves(seat) {
    const up = this.seatsUp[seat];
    const waiting = this.waiting;
    const message = up.early;
    if (!message || waiting?.seat !== seat) return;
    up.early = null;
    this.waiting = null;
    this.move(seat, message.action, message.turn).then(
      (move) => waiting.resolve(move),
      (error) => {
        if (!isRefusal(error)) return waiting.reject(error);
        up.conn?.send("refused", { message: error.message });
        this.waiting = waiting; // still that friend's turn
      },
    );
  }

  // ---- the deal check --------------------------------------------------------------

  /** The first hand dealt from a seed agreed with every friend at the table, each sent
   * its table; the next hand's seed agreed meanwhile. */
  async begin() {
    if (this.started) return;
    const seed = await this.agree(0);
    const { game, options, setup } = this.record;
    const state = await this.call(() =>
      this.engine.newGame(game, options, seed, setup ?? undefined),
    );
    this.record = { game, options: state.options, seed, setup, actions: [] };
    this.states = [state];
    this.position = 0;
    this.started = true;
    await this.refresh();
    await this.broadcast(state, 0, null, null);
    this.prepare(1);
  }

  /** A hand's seed: the host commits to a secret, each friend at the table sends a
   * random number (a friend who does not answer within MIX_MS is left out). */
  async agree(hand) {
    const secret = randomHex();
    const deal = { hand, secret, hash: await hashOf(secret), mixes: [], seed: null, at: null };
    // a hand agreed again (a friend came to the table since): where its earlier seeds
    // were set, kept from its hand before's reveal as well
    const old = this.deals[hand];
    deal.before = old ? [...old.before, ...(old.at === null ? [] : [old.at])] : [];
    deal.waiting = new Set(
      this.seatsUp.flatMap((up, seat) =>
        up.kind === "friend" && up.status === "here" ? [seat] : [],
      ),
    );
    const mixed = new Promise((resolve) => {
      deal.mixed = resolve;
    });
    this.deals[hand] = deal;
    this.everyone("commit", { hand, hash: deal.hash });
    if (deal.waiting.size) await within(mixed, MIX_MS, "").catch(() => {});
    deal.waiting.clear();
    deal.seed = await seedOf(hand, deal.secret, deal.mixes);
    return deal.seed;
  }

  /** The seed of hand `hand` agreed during the hand before and set before any further
   * move (the move queue waits for it): the hand is dealt from it when it starts. */
  prepare(hand) {
    this.moves
      .add(async () => {
        const seed = await this.agree(hand);
        const before = this.state;
        const state = await this.call(() => this.engine.reseed(before, seed));
        this.states[this.position] = state;
        // (a seed set again at the same move replaces the one before: `at` must rise)
        const reseeds = (this.record.reseeds || []).filter((r) => r.at !== this.position);
        this.record.reseeds = [...reseeds, { at: this.position, seed }];
        this.deals[hand].at = this.position;
      })
      .catch((error) => this.onNotice(String(error?.message || error)));
  }

  /** A hand has ended (the move to `end` ended it): its secret and the record to its end
   * go to every friend; the seeds of later hands stay secret. */
  reveal(hand, end) {
    const deal = this.deals[hand];
    if (!deal) return;
    const later = new Set(
      this.deals.filter((d) => d.hand > hand).flatMap((d) => [d.at, ...d.before]),
    );
    const { game, options, seed, setup } = this.record;
    const record = {
      game,
      options,
      seed,
      setup,
      reseeds: (this.record.reseeds || []).filter((r) => r.at < end && !later.has(r.at)),
      actions: this.record.actions.slice(0, end),
    };
    this.everyone("reveal", { hand, secret: deal.secret, mixes: deal.mixes, record });
  }

  /** A friend's connection ended: the seat is away, and a computer player takes it
   * HostSession.awayMs after the friend went silent (a connection lost, not closed, ends
   * only once it has been silent a while: peer.js DISCONNECTED_MS). */
  gone(seat, conn) {
    const up = this.seatsUp[seat];
    if (up.conn !== conn || this.closed) return;
    up.conn = null;
    if (up.status !== "here") return;
    this.setStatus(seat, "away");
    const silent = conn.silentSince === null ? 0 : performance.now() - conn.silentSince;
    up.timer = setTimeout(() => this.takeOver(seat), Math.max(0, HostSession.awayMs - silent));
  }

  takeOver(seat) {
    const up = this.seatsUp[seat];
    if (up.status !== "away") return;
    this.setStatus(seat, "computer");
    const waiting = this.waiting;
    if (waiting?.seat === seat) {
      this.waiting = null;
      super.botMove().then(waiting.resolve, waiting.reject);
    }
  }

  /** The seat to act moves: a friend here over its connection, else a computer player. */
  botMove() {
    const seat = this.state.to_act;
    const up = this.friend(seat);
    if (!up || up.status === "computer") return this.sent(super.botMove());
    return this.sent(
      new Promise((resolve, reject) => {
        this.waiting = { seat, resolve, reject };
        if (up.status === "open" || up.status === "inviting") this.takeOver(seat);
        else this.friendMoves(seat);
      }),
    );
  }

  play(action) {
    return this.sent(this.move(null, action)).then((move) => move.events);
  }

  /** Once a move is made, each friend here is sent its view and the move's events. */
  sent(moved) {
    return moved.then((move) => {
      const state = this.state;
      const turn = this.position;
      this.sending = this.sending
        .then(() => this.broadcast(state, turn, move))
        .catch((error) => this.onNotice(String(error?.message || error)));
      return move;
    });
  }

  async broadcast(state, turn, move, before = this.states[turn - 1]) {
    for (const [seat, up] of this.seatsUp.entries()) {
      if (up.kind !== "friend" || up.status !== "here" || !up.conn) continue;
      const { view, legal } = await this.call(() => this.engine.turn(state, seat));
      up.conn.send("table", { turn, view, legal, move: before ? seenBy(move, seat) : null });
    }
    // the move ended a hand: its deal revealed, the hand after next agreed
    const key = HAND_KEY[this.record.game];
    const ended = before && (before[key] !== state[key] || (state.over && !before.over));
    if (!this.started || !key || !ended) return;
    this.reveal(before[key], turn);
    if (!state.over) this.prepare(state[key] + 1);
  }

  everyone(type, fields, except = null) {
    for (const [seat, up] of (this.seatsUp || []).entries())
      if (seat !== except && up.kind === "friend" && up.status === "here")
        up.conn?.send(type, fields);
  }

  /** The host leaves: every friend is told. */
  close(reason = "The host has left the table.") {
    this.everyone("bye", { reason });
    this.closed = true; // (its connections closing now are no friend going away)
    for (const up of this.seatsUp || []) {
      clearTimeout(up.timer);
      up.offer?.close();
      up.conn?.close();
    }
  }
}
