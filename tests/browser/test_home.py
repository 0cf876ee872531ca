"""The home page and the rules pages in Chromium: the three games with their one-line
descriptions and a rules link each; the rules from the project's own text, as the build
rendered it (headings, lists, tables with their headers); axe-core on both; screenshots
at 375 and 1440 px."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from celestix import api
from tablekit import internal_words

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["precedence", "patience", "sabacc"]


def boot(page: Page, hash_: str = "#") -> None:
    page.goto(f"/{hash_}")
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=90_000
    )


def test_home_lists_every_game_with_its_rules(
    page: Page,
    axe: Callable[..., Any],
    screenshot: Callable[[Page, str], Path],
    network_log: list[str],
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    boot(page)
    games = {g["id"]: g for g in api.games()}
    for game in GAMES:
        tile = page.locator(".game-tile", has=page.locator(f'a[href="#{game}"]'))
        expect(tile).to_contain_text(games[game]["name"])
        expect(tile).to_contain_text(games[game]["summary"])
        rules = page.locator(".home-rules").get_by_role(
            "link", name=f"Rules of {games[game]['name']}", exact=True
        )
        expect(rules).to_have_attribute("href", f"#rules/{game}")
    demos = page.locator(".home-rules").get_by_role("link", name="The rules in action: live demos")
    expect(demos).to_have_attribute("href", "demos.html")
    axe(page, "home")
    screenshot(page, "home-1440")
    page.set_viewport_size({"width": 375, "height": 812})
    screenshot(page, "home-375")

    page.get_by_role("link", name="Rules of Precedence", exact=True).click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text("Precedence")
    expect(heading).to_be_focused()  # the route's skip target
    rules = page.locator(".rules-page")
    # the text's sections (###) are the page's second level; "Scoring" is a list item there
    expect(rules.get_by_role("heading", level=2, name="The two games")).to_be_visible()
    expect(rules.get_by_role("heading", level=2)).to_have_count(7)
    expect(page.get_by_role("heading", name="Scoring")).to_have_count(0)
    # a bulleted list within a numbered one
    expect(rules.locator("ol > li > ul > li", has_text="Follow suit if you can")).to_be_visible()
    table = rules.get_by_role(
        "region",
        name='Table: Core and Border (the usual game), Frontier and Void ("Declaration")',
    )
    expect(
        table.get_by_role("columnheader", name="Core and Border (the usual game)")
    ).to_be_visible()
    expect(table.get_by_role("rowheader", name="Excess and the Imperial Audit")).to_be_visible()
    expect(table.get_by_role("row")).to_have_count(6)
    expect(rules.locator("strong", has_text="Void, Frontier, Border, Core")).to_be_visible()
    # the build's HTML, not the Markdown, came from the site
    fetched = [url.split("?")[0] for url in network_log]
    assert any(url.endswith("/rules/precedence.html") for url in fetched)
    assert not [url for url in fetched if url.endswith(".md")]
    axe(page, "rules")
    screenshot(page, "rules-precedence-375")
    page.get_by_role("link", name="Rules of Contract Sabacc").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Contract Sabacc")


# Facts of each game's rules (shared/RULES.md) its rules page must state, in its words.
FACTS = {
    "precedence": ["Void, Frontier, Border, Core", "a Run of 3 is worth 3", "a Triad 5",
                   "a Quad 12", "Imperial Audit", "250 (formal play) or 150 (short salon play)"],
    "patience": ["King, Queen, Jack, 10, 9, 8,", "104 cards", "three passes through the stock"],
    "sabacc": ["| Guard without | 4 |", "| Guard against | 6 |", "at least 46", "Grand Slam",
               "counterclockwise"],
}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_in_players_words(page: Page, game: str) -> None:
    """The rules pages say the project's rules (shared/RULES.md) as players say them: no
    seat or team numbers, no option names, no formulas (tablekit.internal_words)."""
    text = (ROOT / "web" / "rules" / f"{game}.md").read_text()
    for fact in FACTS[game]:
        assert fact in " ".join(text.split()), (game, fact)
    boot(page, f"#rules/{game}")
    shown = page.locator(".rules-page")
    expect(shown).to_be_visible()
    assert internal_words([shown.inner_text()], game) == {}
    assert "`" not in text and "seed" not in text.lower()
