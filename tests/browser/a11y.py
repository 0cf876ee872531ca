"""Accessibility checks and screenshots for the browser tests (fixtures, via conftest).

API (request the fixtures by name in any test under tests/browser):

* ``axe(page, screen, exclude=())`` -- scrolls to the top of the page, then runs
  axe-core (pinned in tools/downloads.py, fetched from npm and checked against its published
  hashes; served only to the tests, from the tests' copy of the site under
  ``/__tests__/axe.min.js``, never part of dist/) on the page as it is now, and fails
  the test listing every violation (rule, impact, the offending elements) with
  ``screen`` naming where it happened, with the rules axe leaves off by default that
  the product promises turned on (RULES_ON: touch targets at least 24 px, WCAG 2.5.8)
  (findings ALLOWED on purpose are listed, with their reason, below). ``exclude``
  takes CSS selectors of parts to leave out (use sparingly, say why).
* ``screenshot(page, name)`` -- saves ``test-results/browser/screens/<name>.png`` (the
  whole page), kept as a test artefact whether the test passes or not.

The page's Content-Security-Policy allows scripts from its own origin only, so axe is
added as a script served by the test server, not evaluated inline.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tablekit import settled
from tools.downloads import fetch_axe

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "test-results" / "browser" / "screens"
AXE_PATH = "__tests__/axe.min.js"

# Findings allowed on purpose, by rule: which nodes (the fields of a node as found).
# label-content-name-mismatch where all the visible text is drawn card faces: a card's
# face draws its corner index ("3", "C") as SVG text inside an aria-hidden image, twice
# (both corners); a card button's name is the card's full name ("3 of Void", "Commander
# of Void"), which begins with what the index shows; a pile's (a foundation, say) names
# the pile, the label printed beside it, and its description names the top card.
ALLOWED: dict[str, Callable[[dict[str, Any]], bool]] = {
    "label-content-name-mismatch": lambda node: bool(node["only_card_text"]),
}

# Rules axe-core leaves off by default, turned on: every touch target at least 24 px
# (or spaced so that a 24 px circle on it touches no other target).
RULES_ON = {"target-size": {"enabled": True}}

AxeCheck = Callable[..., list[dict[str, Any]]]
Screenshot = Callable[[Page, str], Path]


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list of axe's violations."""
    lines = []
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation.get('impact')}): {violation['help']}")
        for node in violation["nodes"][:5]:
            summary = (node.get("failureSummary") or "").splitlines()[-1:]
            lines.append(f"    {node['target']}: {summary}")
            lines.append(f"      {node['html'][:160]}")
    return "\n".join(lines)


@pytest.fixture(scope="session")
def axe_script(site_dir: Path) -> str:
    """axe-core put into the tests' copy of the site; its path there."""
    target = site_dir / AXE_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(fetch_axe(), target)
    return "/" + AXE_PATH


@pytest.fixture
def axe(axe_script: str) -> AxeCheck:
    """Check the page with axe-core now; fail the test on any violation."""

    def check(page: Page, screen: str, exclude: Sequence[str] = ()) -> list[dict[str, Any]]:
        if not page.evaluate("() => Boolean(window.axe)"):
            page.add_script_tag(url=axe_script)
            page.wait_for_function("() => Boolean(window.axe)")
        # From the top of the page: the sticky header covers whatever is scrolled under
        # it, and target-size would count a button half under it as too small, so the
        # verdict would hang on where an earlier click happened to scroll the page.
        page.evaluate("() => window.scrollTo(0, 0)")
        # and on a settled screen: a card still flying over a button hides part of it, and
        # target-size would judge the button by where the card happened to be
        settled(page)
        violations: list[dict[str, Any]] = page.evaluate(
            """async ([exclude, rules]) => {
                // all the element's visible text is drawn on card faces (SVG)
                const onlyCardText = (element) => {
                    if (!element || !element.querySelector("svg")) return false;
                    const copy = element.cloneNode(true);
                    for (const face of copy.querySelectorAll("svg")) face.remove();
                    return copy.textContent.trim() === "";
                };
                const context = exclude.length ? { exclude: exclude.map((s) => [s]) } : document;
                const options = { resultTypes: ["violations"], rules };
                const result = await window.axe.run(context, options);
                return result.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => ({
                        target: n.target.join(" "), html: n.html, failureSummary: n.failureSummary,
                        only_card_text: onlyCardText(document.querySelector(n.target.join(" "))),
                    })),
                }));
            }""",
            [list(exclude), RULES_ON],
        )
        for violation in violations:
            allowed = ALLOWED.get(violation["id"])
            if allowed:
                violation["nodes"] = [n for n in violation["nodes"] if not allowed(n)]
        violations = [v for v in violations if v["nodes"]]
        assert not violations, f"axe-core on the {screen} screen:\n{describe(violations)}"
        return violations

    return check


@pytest.fixture
def screenshot() -> Screenshot:
    """Save a full-page screenshot as a test artefact."""

    def shoot(page: Page, name: str) -> Path:
        SCREENS.mkdir(parents=True, exist_ok=True)
        path = SCREENS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shoot
