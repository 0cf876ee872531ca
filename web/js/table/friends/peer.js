// A connection between a host's page and a friend's: one RTCPeerConnection and its data
// channel, with no server. The host makes an offer (its ICE candidates gathered first,
// so the whole offer fits one invitation), the friend answers, the host accepts the
// answer. With no STUN/TURN server configured, only host candidates (mDNS names on the
// local network) are gathered: no request leaves the page's origin.
//
//   const offer = await offerPeer();   offer.sdp -> invitation; await offer.accept(answerSdp)
//   const answer = await answerPeer(offerSdp);   answer.sdp -> the answer
//   const conn = new Connection(await offer.channel, {side: "host", who: "North"})
//   conn.onMessage = (message) => ...; conn.onRefused = (words) => ...; conn.onClose = () => ...
//   conn.send(type, fields)

import { Inbox, Outbox, ProtocolError } from "./protocol.js";

// Longest wait for the ICE candidates of an offer or answer
const GATHER_MS = 5000;
// Longest wait for a closing channel's last messages before its connection is closed
const CLOSE_MS = 1000;
// How long a peer connection may say "disconnected" before it counts as lost: the state
// is transient by the standard (ICE checks missed, as on a machine too busy to answer
// them for a few seconds) and comes back to "connected" by itself; only "failed",
// "closed", the channel's own close or this long a silence end the connection (its
// `silentSince` then says when the silence began)
export const DISCONNECTED_MS = 5000;

/** @returns {Promise<void>} */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

const ICE_URL = /^(stun|turn|turns):[^\s]{1,200}$/;

/** The site's STUN/TURN servers from friends.json (docs/HOSTING.md); none by default, and
 * then only the local network is reachable and no request leaves the site's origin. */
export async function iceServers() {
  try {
    const response = await fetch(new URL("../../../friends.json", import.meta.url));
    if (!response.ok) return [];
    const config = await response.json();
    const servers = Array.isArray(config?.iceServers) ? config.iceServers : [];
    return servers
      .filter((server) => {
        const urls = [server?.urls].flat();
        return urls.length > 0 && urls.every((url) => typeof url === "string" && ICE_URL.test(url));
      })
      .map(({ urls, username, credential }) => ({
        urls,
        ...(typeof username === "string" ? { username } : {}),
        ...(typeof credential === "string" ? { credential } : {}),
      }));
  } catch {
    return [];
  }
}

// A channel's messages that arrive before its Connection listens (Chromium may deliver
// the peer's first message before the channel's "open" event): kept, then read first
const EARLY = new WeakMap();

function keepEarly(channel) {
  const early = [];
  const keep = (event) => early.push(event.data);
  channel.addEventListener("message", keep);
  EARLY.set(channel, { early, keep });
  return channel;
}

function peerConnection(iceServers) {
  return new RTCPeerConnection({ iceServers: iceServers || [] });
}

/** The host's side of one friend's connection: the offer, then the answer accepted. */
export async function offerPeer({ iceServers = [] } = {}) {
  const pc = peerConnection(iceServers);
  const channel = keepEarly(pc.createDataChannel("celestix", { ordered: true }));
  const open = new Promise((resolve) => {
    channel.addEventListener("open", () => resolve(channel), { once: true });
  });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return {
    pc,
    sdp: pc.localDescription.sdp,
    channel: open,
    async accept(sdp) {
      await pc.setRemoteDescription({ type: "answer", sdp });
    },
    close: () => pc.close(),
  };
}

/** The friend's side: the host's offer answered. */
export async function answerPeer(offerSdp, { iceServers = [] } = {}) {
  const pc = peerConnection(iceServers);
  const channel = new Promise((resolve) => {
    pc.addEventListener("datachannel", (event) => {
      const ch = keepEarly(event.channel);
      if (ch.readyState === "open") resolve(ch);
      else ch.addEventListener("open", () => resolve(ch), { once: true });
    });
  });
  await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { pc, sdp: pc.localDescription.sdp, channel, close: () => pc.close() };
}

/** The protocol's messages over an open data channel. */
export class Connection {
  constructor(channel, { side, who, pc = null }) {
    this.channel = channel;
    this.pc = pc;
    this.inbox = new Inbox(side, who);
    this.outbox = new Outbox((text) => this.channel.send(text));
    this.closed = false;
    /** @type {number | null} when the peer connection last went "disconnected" (still so) */
    this.silentSince = null;
    this.bytesIn = 0;
    this.bytesOut = 0;
    /** @type {(message: any) => void} a message from the other side */
    this.onMessage = () => {};
    /** @type {(words: string) => void} a message refused, in words */
    this.onRefused = () => {};
    this.onClose = () => {};
    channel.addEventListener("message", (event) => this.receive(event.data));
    // what came before: read once the connection's owner has set onMessage
    const before = EARLY.get(channel);
    if (before) {
      channel.removeEventListener("message", before.keep);
      EARLY.delete(channel);
      if (before.early.length)
        queueMicrotask(() => {
          for (const text of before.early) this.receive(text);
        });
    }
    const close = () => this.ended();
    channel.addEventListener("close", close);
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let silent;
    pc?.addEventListener("connectionstatechange", () => {
      const state = pc.connectionState;
      if (state !== "disconnected") {
        clearTimeout(silent);
        this.silentSince = null;
      }
      if (state === "failed" || state === "closed") close();
      else if (state === "disconnected" && this.silentSince === null) {
        this.silentSince = performance.now();
        silent = setTimeout(() => {
          if (pc.connectionState === "disconnected") close();
        }, DISCONNECTED_MS);
      }
    });
  }

  receive(text) {
    if (this.closed) return;
    if (typeof text === "string") this.bytesIn += text.length;
    let message;
    try {
      message = this.inbox.read(text);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.onRefused(error.message);
      return;
    }
    if (message) this.onMessage(message); // (null: a part of a longer message)
  }

  send(type, fields = {}) {
    if (this.closed || this.channel.readyState !== "open") return false;
    const text = this.outbox.send(type, fields);
    this.bytesOut += text.length;
    return true;
  }

  ended() {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }

  /** Close the channel (what was sent, a "bye" say, goes first), then the connection. */
  close() {
    const pc = this.pc;
    const end = () => {
      try {
        pc?.close();
      } catch {
        // already closed
      }
    };
    try {
      this.channel.close();
    } catch {
      // already closed
    }
    if (!pc || this.channel.readyState === "closed") end();
    else {
      this.channel.addEventListener("close", end, { once: true });
      setTimeout(end, CLOSE_MS);
    }
    this.ended();
  }
}
