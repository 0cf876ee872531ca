// A friend's side of a table: it holds no state and runs no rules for the game in play.
// It plays from what the host sends (its own seat's view and legal moves, each move's
// events) and sends its moves to the host, which plays them through its engine; a
// refused move comes back in the engine's words. It has TableSession's reading side
// (view, legal, toAct, over, isHumanTurn, isBotTurn), so a table page can play from it.
//
//   const join = await openInvitation(code)    the invitation checked; join.answer: the code
//                                              for the host; await join.connected -> session
//   s.play(action) -> events (rejects: {kind: "illegal", message}); one at a time, through
//                     the session's move queue (table/moves.js), and never sent while a
//                     move made at the table is still to be shown (s.behind: the page's
//                     view is then not the table's; isHumanTurn is false meanwhile)
//   s.preview(action) -> events; s.ahead(actions) -> {view, legal}   asked of the host
//   s.botMove() -> {seat, action, events}   the next move made at the table by someone else
//   s.onPresence = ({seat, status}) => ...; s.onBye = (reason) => ...; s.onRefused = (words) => ...
//   s.onBehind = () => ...   a move made at the table came while nobody was waiting for one
//   s.received: every message's text as it came (what crossed the connection)
//   s.onCheck = ({hand, ok, words}) => ...   a hand's deal checked (deal.js) once it ended:
//                ok true (checked), false (failed: words say why) or null (not checked)
//   s.checks[hand]: the same results

import { engine as ownEngine } from "../../engine/bridge.js";
import { toast } from "../../ui/toast.js";
import { showRefusal } from "../refusal.js";
import { GameLog } from "../history.js";
import { MOVED_ON, MoveQueue, MoveRefused } from "../moves.js";
import { sitAt } from "../seats.js";
import { LinkError, pack, unpack } from "./link.js";
import { showChecks } from "./checks.js";
import { checkDeal, randomHex } from "./deal.js";
import { Connection, answerPeer } from "./peer.js";

// How often a friend's page says "join" again while no welcome has come
const JOIN_AGAIN_MS = 1000;

export class GuestSession {
  constructor(conn, name) {
    this.conn = conn;
    this.name = name;
    this.seat = null;
    this.names = [];
    this.view = null;
    this.legal = [];
    this.turn = 0;
    this.items = []; // table and refused messages not yet taken, in order
    this.moves = new MoveQueue(); // the person's moves, one at a time
    this.takers = [];
    this.received = [];
    this.presence = {};
    this.previews = new Map();
    this.previewId = 0;
    this.ended = "";
    this.engine = ownEngine; // the friend's own engine: for the deal check only
    this.views = {}; // turn -> the view the host sent there
    this.commits = {}; // hand -> the host's commitment
    this.mine = {}; // hand -> this page's random number
    this.checks = {};
    this.checking = Promise.resolve();
    /** @type {(check: object) => void} the deal's check, once the hand is revealed */
    this.onCheck = () => {};
    /** @type {(presence: object) => void} who is at the table */
    this.onPresence = () => {};
    /** @type {(reason: string) => void} the host closed the table */
    this.onBye = () => {};
    /** @type {(words: string) => void} a move refused, in words */
    this.onRefused = () => {};
    /** @type {() => void} a move made at the table is waiting to be taken (botMove) */
    this.onBehind = () => {};
    /** @type {string} the host's name (from the invitation) */
    this.host = "";
    const hello = new Promise((resolve) => {
      this.welcomed = resolve;
    });
    this.ready = hello;
    const receive = conn.receive.bind(conn);
    conn.receive = (text) => {
      if (typeof text === "string") this.received.push(text);
      receive(text);
    };
    conn.onMessage = (message) => this.take(message);
    conn.onRefused = (words) => this.onRefused(words);
    conn.onClose = () => {
      if (!this.ended) this.bye("The connection to the host was lost.");
    };
  }

  take(message) {
    if (message.type === "welcome") {
      this.seat = message.seat;
      this.names = message.names;
      this.game = message.game;
    } else if (message.type === "commit") {
      // the host's commitment to the hand's secret: this page's random number goes back
      this.commits[message.hand] = message.hash;
      this.mine[message.hand] = randomHex();
      this.conn.send("mix", { hand: message.hand, random: this.mine[message.hand] });
    } else if (message.type === "reveal") {
      this.checking = this.checking.then(() => this.check(message));
    } else if (message.type === "table") {
      this.views[message.turn] = message.view;
      if (message.move === null && this.view === null) {
        this.show(message);
        this.welcomed(this);
      } else this.push(message);
    } else if (message.type === "refused") {
      // a refusal of a move waiting for its answer, or a word from the host on its own
      if (this.playing) this.push(message);
      else this.onRefused(message.message);
    } else if (message.type === "previewed" || message.type === "ahead") {
      this.previews.get(message.id)?.(message);
      this.previews.delete(message.id);
    } else if (message.type === "presence") {
      this.presence[message.seat] = message.status;
      this.onPresence(message);
    } else if (message.type === "bye") this.bye(message.reason);
  }

  /** A hand's deal checked with this page's own engine (deal.js). */
  async check(reveal) {
    await this.engine.ready;
    const result = await checkDeal(this.engine, reveal, {
      commit: this.commits[reveal.hand],
      mine: this.mine[reveal.hand],
      seat: this.seat,
      views: this.views,
      game: this.game,
    });
    this.checks[reveal.hand] = result;
    this.onCheck({ hand: reveal.hand, ...result });
  }

  bye(reason) {
    this.ended = reason;
    this.onBye(reason);
    for (const taker of this.takers.splice(0)) taker.reject(new Error(reason));
  }

  push(item) {
    const taker = this.takers.shift();
    if (taker) taker.resolve(item);
    else {
      this.items.push(item);
      if (item.type === "table") this.onBehind();
    }
  }

  /** Whether a move made at the table has come and is not yet taken: the view the page
   * shows is not the table's now. */
  get behind() {
    return this.items.some((item) => item.type === "table");
  }

  next() {
    if (this.items.length) return Promise.resolve(this.items.shift());
    if (this.ended) return Promise.reject(new Error(this.ended));
    return new Promise((resolve, reject) => this.takers.push({ resolve, reject }));
  }

  show(message) {
    this.view = message.view;
    this.legal = message.legal;
    this.turn = message.turn;
  }

  get human() {
    return this.seat;
  }

  get seats() {
    return this.view ? (this.view.hand_sizes || [0]).length : 0;
  }

  get toAct() {
    return this.view.to_act;
  }

  get over() {
    return this.view.over;
  }

  get isHumanTurn() {
    return !this.behind && !this.over && this.toAct === this.seat;
  }

  get isBotTurn() {
    return this.behind || (!this.over && this.toAct !== null && this.toAct !== this.seat);
  }

  /** The person's move, sent to the host through the move queue; resolves with its
   * events. The host's answer to it (its table, or a refusal) is the next item: a move
   * made on a view the table has moved on from is not sent (the host would refuse it,
   * and the answer taken would be an older move's). */
  play(action) {
    return this.moves.add(async () => {
      if (this.behind) throw new MoveRefused(MOVED_ON);
      this.playing = true;
      try {
        if (!this.conn.send("move", { action, turn: this.turn }))
          throw new MoveRefused("The connection to the host is closed: the move was not sent.");
        const item = await this.next();
        if (item.type === "refused") throw new MoveRefused(item.message);
        this.show(item);
        return item.move.events;
      } finally {
        this.playing = false;
      }
    });
  }

  get position() {
    return this.turn;
  }

  /** Ask the host (`type`, with `fields` and an id); resolves with its answer, or null
   * when the connection is closed. */
  askHost(type, fields) {
    this.previewId += 1;
    const id = this.previewId;
    return new Promise((resolve) => {
      this.previews.set(id, resolve);
      if (!this.conn.send(type, { id, ...fields })) resolve(null);
    });
  }

  /** The events a move would have (asked of the host; nothing is played). */
  async preview(action) {
    return (await this.askHost("preview", { action }))?.events ?? [];
  }

  /** What this seat would see after `actions` of its own: {view, legal} (the host's
   * engine works it out; nothing is played). Rejects when the host refuses them. */
  async ahead(actions) {
    const answer = await this.askHost("ahead", { actions });
    if (!answer?.view) throw new MoveRefused("The host could not work out those moves.");
    return { view: answer.view, legal: answer.legal };
  }

  /** The table's page asks the next computer player to start on its move while the
   * move before is shown (TableSession.botThink): at a friend's table every other seat's
   * move is made at the host's, so there is nothing to work out here. */
  botThink() {}

  /** The next move made at the table by another seat. */
  async botMove() {
    const item = await this.next();
    if (item.type === "refused") {
      this.onRefused(item.message);
      return this.botMove();
    }
    this.show(item);
    return item.move;
  }

  leave() {
    this.ended = "You left the table.";
    this.conn.send("bye");
    this.conn.close();
  }
}

/** An invitation opened: checked, answered; `connected` resolves with the session. */
export async function openInvitation(code, { name = "Friend", iceServers = [] } = {}) {
  const invite = await unpack(code, "invite");
  let peer;
  try {
    peer = await answerPeer(invite.sdp, { iceServers });
  } catch {
    throw new LinkError(
      "This invitation could not be used (its connection details are not valid): ask the host for a new one.",
    );
  }
  const answer = await pack({
    kind: "answer",
    seat: invite.seat,
    table: invite.table,
    sdp: peer.sdp,
  });
  const connected = peer.channel.then(async (channel) => {
    const conn = new Connection(channel, { side: "guest", who: invite.host, pc: peer.pc });
    const session = new GuestSession(conn, name);
    session.host = invite.host;
    // the join, again each JOIN_AGAIN_MS until the host's welcome (docs/FRIENDS.md: a
    // page's first message over a channel just opened is now and then never delivered)
    const join = () => {
      if (session.seat !== null || session.ended || conn.closed) clearInterval(again);
      else conn.send("join", { name });
    };
    const again = setInterval(join, JOIN_AGAIN_MS);
    join();
    return session.ready;
  });
  return { invite, answer, connected, close: peer.close };
}

/** A friend's page at a host's table: the game's page (`Page`, a TrickPage, built with
 * `options` as its game's mount builds it) seated at the friend's seat, every name and
 * place said from there (table/seats.js sitAt) until the page is left, and played from
 * the host's messages (playAsGuest). Each game's page module has a mountGuest that
 * calls it. */
export function seatGuest(Page, container, ctx, session, options) {
  sitAt(session.seat);
  const page = new Page(container, ctx, { ...options, human: session.seat });
  playAsGuest(page, session, () => sitAt(0));
  return page;
}

/** A game page (a TrickPage) plays from a friend's session: nothing saved, no address of
 * its own; the host's words (someone away, the host gone, a refusal) said in toasts. */
export function playAsGuest(page, session, onLeave = () => {}) {
  page.guest = session;
  page.save = () => {};
  page.hash = () => location.hash.slice(1);
  page.generation += 1;
  page.session = session;
  page.pending = null;
  page.counted = true;
  page.log = new GameLog();
  page.log.begin(session.view);
  page.ctx.setTitle(`${page.title} at ${session.host}'s table`);
  page.root.dataset.friend = "here";
  // the record is the host's: a friend's page has none to review
  page.postHandActions = () => [];
  session.onRefused = (words) => showRefusal(words);
  // a move made at the table while the page waited for its person (the seat played by a
  // computer player meanwhile, say): the page takes it and what follows
  session.onBehind = () => {
    if (!page.gone && page.running === null && !page.busy && page.pending === null) page.run();
  };
  session.onPresence = ({ seat, status }) => {
    const name = page.seatName(seat);
    if (status === "away") toast(`${name} is away.`);
    else if (status === "computer") toast(`A computer player plays for ${name} now.`);
    else toast(`${name} is at the table.`, { tone: "success" });
  };
  showChecks(page, session);
  session.onBye = (reason) => {
    page.root.dataset.friend = "ended";
    toast(reason, { tone: "error", title: "The table has ended." });
  };
  const unmount = page.unmount.bind(page);
  page.unmount = () => {
    unmount();
    if (!session.ended) session.leave();
    onLeave();
  };
  page.afterUse(true);
  page.render();
  page.resumeFlow();
}
