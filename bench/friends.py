"""Playing with friends over a connection: figures, not a test (docs/FRIENDS.md).

    python3 build.py bench friends [--runs N]      (builds dist/ first, then runs this)

In headless Chromium on localhost, two browser contexts (a host and a friend) connected
over a WebRTC data channel with no STUN server (mDNS host candidates):

* ``connect``  from the friend opening an invitation (its code read, the answer made)
               to the host's seat Connected (the answer accepted, the channel open, the
               friend's join and the host's welcome): the median and the
               longest of ``--runs`` tries (20), each a new invitation;
* ``move``     a Precedence hand (deal 4242) with the friend in North's seat: how long
               the friend's move takes from its click to its result on its page (the
               message to the host, the host's engine.play, the table sent back), against
               the host's own moves played in its own engine (engine.play), the medians;
* ``bytes``    what that hand sent over the connection, each way, in characters of JSON.

Results are printed and written to ``test-results/bench/friends.json``.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Error, sync_playwright

from tools.common import DIST, RESULTS, cache_lock
from tools.env import CHROMIUM, CHROMIUM_ARGS
from tools.pagewait import within
from tools.server import SiteHandler

HOST = """async () => {
  const {HostSession} = await import("/js/table/friends/host.js");
  const {engine} = await import("/js/engine/bridge.js");
  await engine.ready;
  const s = await HostSession.start(engine, "precedence", {}, 4242, {human: 0});
  const bot = (name) => ({kind: "computer", name, level: "basic"});
  s.seatUp([{kind: "you", name: "You"}, bot("West"),
            {kind: "friend", name: "North", level: "basic"}, bot("East")]);
  window.host = s;
}"""

INVITE = within("() => window.host.invite(2).then((i) => i.code)", 30, "the invitation")

# Every RTCPeerConnection a page makes, kept in window.peers (what a failed try looked like)
RECORD_PEERS = """() => {
  window.peers = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Original(...args);
    pc.channels = [];
    pc.addEventListener("datachannel", (e) => pc.channels.push(e.channel));
    const create = pc.createDataChannel.bind(pc);
    pc.createDataChannel = (...a) => { const c = create(...a); pc.channels.push(c); return c; };
    window.peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
}"""

# The newest connection's states
PEER_STATE = """() => {
  const pc = window.peers.at(-1);
  return pc && {ice: pc.iceConnectionState, connection: pc.connectionState,
    channels: pc.channels.map((c) => c.readyState)};
}"""

GUEST = within(
    """async (code) => {
  const {openInvitation} = await import("/js/table/friends/guest.js");
  window.guest = null;
  const join = await openInvitation(code, {name: "Bea"});
  join.connected.then((g) => { window.guest = g; });
  return join.answer;
}""",
    30,
    "the friend's answer",
)

# resolves once the channel is open, the friend's join has come and the welcome has gone
CONNECT = within("(a) => window.host.connect(2, a).then(() => true)", 60, "connecting")
BEGIN = within("() => window.host.begin().then(() => true)", 60, "the first deal")
# Longest time the hand may take on either page (every step of the bench has a limit: a
# page's promise has none of its own in Playwright, and one that never settled held the
# 40-try run until it was killed)
HAND_S = 300

HOST_HAND = """async () => {
  const s = window.host;
  const own = [];
  for (;;) {
    let events;
    if (s.isHumanTurn) {
      const t = performance.now();
      events = await s.play(s.legal[0]);
      own.push(performance.now() - t);
    } else events = (await s.botMove()).events;
    if (events.some((e) => e.type === "hand_scored")) break;
  }
  return own;
}"""

GUEST_HAND = """() => { window.guestRun = (async () => {
  const g = window.guest;
  const before = {in: g.conn.bytesIn, out: g.conn.bytesOut};
  const moves = [];
  for (;;) {
    let events;
    if (g.isHumanTurn) {
      const t = performance.now();
      events = await g.play(g.legal[0]);
      moves.push(performance.now() - t);
    } else events = (await g.botMove()).events;
    if (events.some((e) => e.type === "hand_scored")) break;
  }
  return {moves, in: g.conn.bytesIn - before.in, out: g.conn.bytesOut - before.out};
})(); }"""


class QuietHandler(SiteHandler):
    """The build's server, without a line for each request."""

    quiet = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="tries of connecting")
    parser.add_argument("--site", type=Path, default=DIST, help="the built site")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="celestix-bench-") as temporary:
        site = Path(temporary) / "site"
        with cache_lock("build"):
            shutil.copytree(args.site, site)
        handler = functools.partial(QuietHandler, directory=str(site))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            results = measure(base, args.runs)
        finally:
            server.shutdown()
    print(json.dumps(results, indent=1))
    out = RESULTS / "bench"
    out.mkdir(parents=True, exist_ok=True)
    (out / "friends.json").write_text(json.dumps(results, indent=1) + "\n")


def measure(base: str, runs: int) -> dict[str, Any]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        host = browser.new_context(base_url=base).new_page()
        friend = browser.new_context(base_url=base).new_page()
        for page in (host, friend):
            page.goto("/#")
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=180_000)
        host.evaluate(HOST)
        for page in (host, friend):
            page.evaluate(RECORD_PEERS)
        connect = []
        failed: list[dict[str, Any]] = []
        joins: list[int] = []
        for run in range(runs):
            try:
                code = host.evaluate(INVITE)
                start = time.perf_counter()
                answer = friend.evaluate(GUEST, code)
                host.evaluate(CONNECT, answer)
            except Error as error:
                states = {"host": host.evaluate(PEER_STATE), "friend": friend.evaluate(PEER_STATE)}
                failed.append({"try": run + 1, "error": error.message[:200], **states})
                print(f"try {run + 1} failed: {failed[-1]}", flush=True)
                continue
            connect.append((time.perf_counter() - start) * 1000)
            # which of the friend's joins (1, 2, ... one a second until welcomed) came first
            joins.append(host.evaluate("() => window.host.seatsUp[2].conn.inbox.last"))
        # the first hand dealt (from a seed agreed with the friend): the friend's table
        host.evaluate(BEGIN)
        # (a function, not an expression: the CSP forbids eval, which Playwright polls with)
        friend.wait_for_function("() => window.guest && window.guest.view !== null")
        friend.evaluate(GUEST_HAND)
        own = host.evaluate(within(HOST_HAND, HAND_S, "the host's side of the hand"))
        hand = friend.evaluate(within("() => window.guestRun", HAND_S, "the friend's side"))
        browser.close()
    return {
        "connect_failed": failed,
        # tries in which the friend's first join never reached the host (a later one did)
        "first_join_lost": sum(1 for n in joins if n > 1),
        "connect_ms": {
            "runs": runs,
            "connected": len(connect),
            "min": round(min(connect)),
            "median": round(statistics.median(connect)),
            "p90": round(sorted(connect)[int(0.9 * (len(connect) - 1))]),
            "max": round(max(connect)),
        },
        "move_ms": {
            "friend_median": round(statistics.median(hand["moves"]), 1),
            "host_local_median": round(statistics.median(own), 1),
            "added_median": round(statistics.median(hand["moves"]) - statistics.median(own), 1),
            "friend_moves": len(hand["moves"]),
        },
        "hand_bytes": {"host_to_friend": hand["in"], "friend_to_host": hand["out"]},
    }


if __name__ == "__main__":
    main()
