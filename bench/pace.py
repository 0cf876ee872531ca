"""The pace benchmark: from your card to your next turn, in headless Chromium on localhost.

    python3 build.py bench pace [--runs N]      (builds dist/ first, then runs this)
    .venv/bin/python -m bench.pace --turns 40 --games precedence,sabacc --speed normal

For Precedence and a four-player Contract Sabacc at the default speed ("normal", the
site's setting; animations on), the page plays new games (deals 1, 2, ...) by its own
controls as a person would: the first legal card of the hand, the lowest bid in
Precedence and a pass in the Sabacc auction, Precedence's declaration as it stands, the
next hand's button. Each card the person plays is timed in the page (``performance.now``,
a MutationObserver on the table's ``data-turn``) from the click to the next time the
table waits for them (``data-turn="you"``), the computer players' thinking in the worker
included, and the other players' cards reaching the trick meanwhile are counted (none
when your card won the trick, up to six when you led and your left-hand opponent won);
a card after which the hand ends (the summary) is not counted. Median, p90, max and mean
per game, of the cards with three cards of others in between (``--turns`` of them: the
issue's measure) and of all, written to ``test-results/bench/pace.json``. Figures, not
a test: docs/PERFORMANCE.md, "Pace".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from celestix.stats import percentile
from tools.common import DIST, RESULTS
from tools.env import CHROMIUM, CHROMIUM_ARGS
from tools.server import make_server

GAMES = {"precedence": "", "sabacc": "&players=4"}
BOOT_TIMEOUT_MS = 180_000
TURN_TIMEOUT_MS = 120_000

# One decision of the person's, taken by the page's own controls; a card is timed from its
# click to the table's next wait for the person (or the hand's end, not counted)
TAKE = """async () => {
    const root = document.querySelector(".table-page");
    const summary = document.querySelector("dialog.tp-summary-dialog[open]");
    if (summary) {
        const next = [...summary.querySelectorAll("button")].find(
            (b) => b.dataset.value === "next" || b.dataset.value === "new");
        next.click();
        return { kind: "next" };
    }
    if (root.dataset.turn === "over") return { kind: "over" };
    const pick = (selector) => [...document.querySelectorAll(selector)].find(
        (b) => !b.disabled && b.getAttribute("aria-disabled") !== "true" && b.checkVisibility());
    const card = root.dataset.phase === "play" && pick(".tp-hand button.card");
    const other = pick(".sb-bid[data-bid=pass]") || pick(".pr-bid") || pick(".pr-declare");
    const button = card || other;
    if (!button) return { kind: "none", phase: root.dataset.phase };
    // the cards that reach the trick meanwhile (yours first)
    let cards = 0;
    const trick = document.querySelector(".tp-felt .tp-trick");
    const count = new MutationObserver((changes) => {
        for (const change of changes)
            cards += [...change.addedNodes].filter((n) => n.dataset?.code).length;
    });
    count.observe(trick, { childList: true });
    const next = new Promise((resolve) => {
        const watch = new MutationObserver(() => {
            const turn = root.dataset.turn;
            if (turn === "you" || turn === "count" || turn === "over") {
                watch.disconnect();
                count.disconnect();
                resolve({ turn, ms: performance.now() - start, between: cards - 1 });
            }
        });
        watch.observe(root, { attributes: true, attributeFilter: ["data-turn"] });
    });
    const start = performance.now();
    button.click();
    const after = await next;
    return { kind: card ? "card" : "other", ...after };
}"""


def serve(site: Path) -> ThreadingHTTPServer:
    server = make_server(site, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def wait_turn(page: Page) -> str:
    """Wait until the table waits for the person, shows a hand's end or the game's."""
    page.wait_for_function(
        """() => {
            const turn = document.querySelector(".table-page")?.dataset.turn;
            const summary = document.querySelector("dialog.tp-summary-dialog[open]");
            return turn === "you" || turn === "over" || (turn === "count" && summary !== null);
        }""",
        timeout=TURN_TIMEOUT_MS,
    )
    return str(page.locator(".table-page").get_attribute("data-turn"))


def open_game(page: Page, game: str, seed: int, speed: str) -> None:
    page.goto("/#")
    page.wait_for_selector(".home", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(
        """(speed) => {
            localStorage.clear();
            localStorage.setItem("celestix.settings", JSON.stringify({ speed }));
        }""",
        speed,
    )
    page.goto(f"/#{game}/deal={seed}{GAMES[game]}")


# the widest window played by touch, as a phone (the page's narrow layout)
PHONE_WIDTH = 640


def count3(times: list[tuple[float, int]]) -> int:
    """The cards timed with three cards of others in between."""
    return sum(1 for _, between in times if between == 3)


def measure(page: Page, game: str, seed: int, speed: str) -> list[tuple[float, int]]:
    """Deal ``seed`` of ``game`` played through its first hand (round): from each card of
    the person's to their next turn, (ms, the other players' cards in between)."""
    times: list[tuple[float, int]] = []
    open_game(page, game, seed, speed)
    width = page.viewport_size["width"] if page.viewport_size else 0
    while True:
        state = wait_turn(page)
        if state == "over":
            break
        taken: dict[str, Any] = page.evaluate(TAKE)
        if taken["kind"] == "none":
            raise RuntimeError(f"{game} deal {seed}: nothing to choose ({taken})")
        if taken["kind"] == "next":
            break
        if taken["kind"] == "card" and taken["turn"] == "you":
            times.append((taken["ms"], taken["between"]))
            print(f"  {game} at {width} deal {seed}: {taken['ms'] / 1000:.2f} s, other "
                  f"players' cards between: {taken['between']}", flush=True)  # fmt: skip
    return times


def figures(values: list[float]) -> dict[str, float]:
    return {
        "count": len(values),
        "median": round(statistics.median(values) / 1000, 2),
        "p90": round(percentile(values, 0.9) / 1000, 2),
        "max": round(max(values) / 1000, 2),
        "mean": round(statistics.fmean(values) / 1000, 2),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="which games")
    parser.add_argument("--turns", type=int, default=30, help="cards timed a game")
    parser.add_argument("--speed", default="normal", help="the speed setting")
    parser.add_argument("--site", type=Path, default=DIST, help="the built site")
    parser.add_argument(
        "--widths",
        default="1440",
        help="window widths, comma-separated (1440: 1440x900 by mouse; 375: 375x740 by touch)",
    )
    parser.add_argument("--runs", type=int, default=1, help="(accepted for build.py; unused)")
    parser.add_argument("--out", default=str(RESULTS / "bench" / "pace.json"))
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    server = serve(args.site)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    results: dict[str, Any] = {}
    started = time.monotonic()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            widths = [int(w) for w in args.widths.split(",") if w]
            pages = {}
            for width in widths:
                phone = width <= PHONE_WIDTH
                context = browser.new_context(
                    base_url=origin,
                    viewport={"width": width, "height": 740 if phone else 900},
                    has_touch=phone,
                )
                pages[width] = context.new_page()
                pages[width].goto("/#")
                pages[width].wait_for_selector(
                    "html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS
                )
            for game in games:
                # the widths in turn, a few cards each, so that the machine's load falls on
                # them alike (their ratio is the figure to read on a shared machine)
                times: dict[int, list[tuple[float, int]]] = {width: [] for width in widths}
                seeds = dict.fromkeys(widths, 0)
                while any(count3(times[w]) < args.turns for w in widths):
                    for width in widths:
                        if count3(times[width]) < args.turns:
                            seeds[width] += 1
                            times[width] += measure(pages[width], game, seeds[width], args.speed)
                for width in widths:
                    found = times[width]
                    three = [ms for ms, between in found if between == 3]
                    key = game if len(widths) == 1 else f"{game} at {width}"
                    results[key] = {
                        "three_between": figures(three),
                        "all": figures([ms for ms, _ in found]),
                        "cards": [[round(ms), between] for ms, between in found],
                    }
            browser.close()
    finally:
        server.shutdown()
    out = {"speed": args.speed, "cpus": os.cpu_count(), "load_average": os.getloadavg(),
           "seconds": round(time.monotonic() - started), "results": results}  # fmt: skip
    path = args.out
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(out, indent=1) + "\n")
    print("| game | cards between | turns | median | p90 | max | mean |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for game, row in results.items():
        for key, words in (("three_between", "3"), ("all", "any")):
            f = row[key]
            print(f"| {game} | {words} | {f['count']} | {f['median']} s | {f['p90']} s | "
                  f"{f['max']} s | {f['mean']} s |")  # fmt: skip
    print(f"load average: {out['load_average']}; written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
