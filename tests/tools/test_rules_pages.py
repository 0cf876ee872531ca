"""The rules pages' rendering (tools/rules_pages.py): the page's outline, tables in named
regions with scoped header cells, no raw HTML, and the site's Markdown replaced."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools.common import WEB
from tools.rules_pages import render, render_rules_pages

RULES = sorted((WEB / "rules").glob("*.md"))


class Outline(HTMLParser):
    """The start tags of a fragment, with their attributes and the tags they sit in."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None], tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs), tuple(self.open)))
        if tag not in ("hr", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open}"
        self.open.pop()


def outline(html: str) -> Outline:
    parsed = Outline()
    parsed.feed(html)
    parsed.close()
    assert not parsed.open, f"left open: {parsed.open}"
    return parsed


def test_a_small_text_renders_as_the_page_wants() -> None:
    source = """<!-- a note for the editors -->

# 1. A game (seed 000)

### Table
- **Four** seats, *clockwise*: `(X + 1) % 4` <script>alert(1)</script>

#### Detail
| | Core | Void |
|---|---|---|
| trump | rotates | **Void** |
"""
    assert render(source) == (
        '<h1 tabindex="-1" data-skip-target="">1. A game (seed 000)</h1>\n'
        "<h2>Table</h2>\n"
        "<ul>\n"
        "<li><strong>Four</strong> seats, <em>clockwise</em>: <code>(X + 1) % 4</code> "
        "&lt;script&gt;alert(1)&lt;/script&gt;</li>\n"
        "</ul>\n"
        "<h3>Detail</h3>\n"
        '<div class="rules-table" role="region" tabindex="0" aria-label="Table: Core, Void">\n'
        "<table>\n<thead>\n<tr>\n<td></td>\n"
        '<th scope="col">Core</th>\n<th scope="col">Void</th>\n'
        "</tr>\n</thead>\n<tbody>\n<tr>\n"
        '<th scope="row">trump</th>\n<td>rotates</td>\n<td><strong>Void</strong></td>\n'
        "</tr>\n</tbody>\n</table>\n</div>\n"
    )


@pytest.mark.parametrize("path", RULES, ids=[path.stem for path in RULES])
def test_each_rules_text_keeps_its_outline(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    html = render(source)
    assert "<!--" not in html
    tags = outline(html).tags
    h1 = [attrs for tag, attrs, _ in tags if tag == "h1"]
    assert h1 == [{"tabindex": "-1", "data-skip-target": ""}]
    sections = [line for line in source.splitlines() if line.startswith("### ")]
    assert sum(tag == "h2" for tag, _, _ in tags) == len(sections) > 0
    tables = [(attrs, inside) for tag, attrs, inside in tags if tag == "table"]
    assert len(tables) == sum(line.strip().startswith("|---") for line in source.splitlines())
    regions = [attrs for tag, attrs, _ in tags if tag == "div"]
    assert len(regions) == len(tables)
    for region in regions:
        assert region["class"] == "rules-table" and region["role"] == "region"
        assert region["tabindex"] == "0" and (region["aria-label"] or "").startswith("Table: ")
    for tag, attrs, inside in tags:
        if tag == "table":
            assert inside[-1] == "div"
        if tag == "th":
            assert attrs["scope"] == ("col" if "thead" in inside else "row")


def test_the_site_gets_fragments_in_place_of_markdown(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "game.md").write_text("# A game\n\n### Table\n- seats\n", encoding="utf-8")
    render_rules_pages(tmp_path)
    assert [path.name for path in rules.iterdir()] == ["game.html"]
    assert (rules / "game.html").read_text(encoding="utf-8").startswith('<h1 tabindex="-1"')
