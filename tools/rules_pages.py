"""The rules pages' text: each ``rules/<game>.md`` of the site (copies of the project's
rules, docs/FRONTEND.md) rendered by markdown-it-py into ``rules/<game>.html``, an HTML
fragment that ``js/ui/rules.js`` puts in the page. The Markdown is not shipped.

The rendering is CommonMark with tables, raw HTML off (the texts' ``<!-- -->`` notes are
dropped first), and fitted to the page:

* ``#`` is the page's ``h1`` (focused after a route change: ``tabindex="-1"`` and
  ``data-skip-target``); the texts' sections, ``###`` (``##`` too), are ``h2`` and
  ``####`` is ``h3``, so that the outline has no gap;
* a table sits in a scrolling region named after its column headings (``role="region"``,
  focusable, so it scrolls from the keyboard on a narrow screen); header cells are
  ``<th scope="col">`` (an empty corner cell stays a plain cell) and each row's first
  cell is its ``<th scope="row">``.
"""

from __future__ import annotations

import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token

COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
RULES_DIR = "rules"


def markdown() -> MarkdownIt:
    """The Markdown parser of the rules pages: CommonMark with tables, no raw HTML."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def heading_level(marks: int) -> int:
    """The HTML heading level of a Markdown heading with ``marks`` hashes."""
    return 1 if marks == 1 else max(2, marks - 1)


def plain_text(token: Token) -> str:
    """The text of an inline token, without its marks."""
    return "".join(
        child.content for child in token.children or [] if child.type in ("text", "code_inline")
    )


def fit_headings(tokens: list[Token]) -> None:
    """Renumber the headings (see the module's docstring); the first h1 is focusable."""
    focusable = True
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{heading_level(int(token.tag[1:]))}"
            if token.type == "heading_open" and token.tag == "h1" and focusable:
                token.attrSet("tabindex", "-1")
                token.attrSet("data-skip-target", "")
                focusable = False


def fit_tables(tokens: list[Token]) -> list[Token]:
    """Scope the tables' header cells and wrap each table in its named region."""
    fitted: list[Token] = []
    section = ""  # thead or tbody
    first_cell = False
    headings: list[str] = []
    region = 0  # where the open table's wrapper goes, once its headings are known
    for index, token in enumerate(tokens):
        if token.type == "table_open":
            headings = []
            region = len(fitted)
        elif token.type in ("thead_open", "tbody_open"):
            section = token.tag
        elif token.type == "tr_open":
            first_cell = True
        elif token.type == "th_open" and section == "thead":
            text = plain_text(tokens[index + 1])
            headings.append(text)
            if text:
                token.attrSet("scope", "col")
            else:
                token.tag = "td"
                tokens[index + 2].tag = "td"  # its th_close
        elif token.type == "td_open" and section == "tbody" and first_cell:
            token.tag = "th"
            token.attrSet("scope", "row")
            tokens[index + 2].tag = "th"  # its td_close
        if token.type in ("th_open", "td_open"):
            first_cell = False
        fitted.append(token)
        if token.type == "thead_close":
            label = ", ".join(text for text in headings if text) or "rules"
            wrapper = Token("html_block", "", 0)
            wrapper.content = (
                '<div class="rules-table" role="region" tabindex="0" '
                f'aria-label="Table: {escapeHtml(label)}">\n'
            )
            fitted.insert(region, wrapper)
        elif token.type == "table_close":
            closing = Token("html_block", "", 0)
            closing.content = "</div>\n"
            fitted.append(closing)
    return fitted


def render(source: str) -> str:
    """A rules text (Markdown) as the HTML fragment the rules page shows."""
    parser = markdown()
    tokens = parser.parse(COMMENT.sub("", source))
    fit_headings(tokens)
    html: str = parser.renderer.render(fit_tables(tokens), parser.options, {})
    return html


def render_rules_pages(site: Path) -> None:
    """Replace each ``rules/*.md`` of the assembled site by its HTML fragment."""
    for source in sorted((site / RULES_DIR).glob("*.md")):
        source.with_suffix(".html").write_text(
            render(source.read_text(encoding="utf-8")), encoding="utf-8"
        )
        source.unlink()
