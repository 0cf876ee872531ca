"""A time limit for a page's promise: Playwright's ``page.evaluate`` waits for the promise
an async page function returns with no limit of its own, so a page that never answers
(a move never made, a message lost) would hold a test or a benchmark until something
outside kills it. ``within`` makes the function fail instead, naming what it waited for.

    page.evaluate(within("async (n) => ...", 120, "the friend's hand"), n)

The tests (tests/browser) and the benchmarks (bench/) use it.
"""

from __future__ import annotations

import json


def within(function: str, seconds: float, what: str) -> str:
    """The page function ``function`` (its argument passed on), failing with "<what> took
    more than <seconds> s" when its promise has not settled by then."""
    words = json.dumps(f"{what} took more than {seconds:g} s")
    return f"""async (arg) => {{
  let timer;
  const limit = new Promise((_, reject) => {{
    timer = setTimeout(() => reject(new Error({words})), {round(seconds * 1000)});
  }});
  try {{
    return await Promise.race([({function})(arg), limit]);
  }} finally {{
    clearTimeout(timer);
  }}
}}"""
