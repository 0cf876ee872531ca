"""Nothing a save, a file or a link can hold breaks a table or loses a game (issue 14,
the table layer's part): tampered saves are reported kindly or their page-only keys
ignored, crafted imports are refused with a sentence, values never become markup, bad
options in a link are said in words with a usable page, and when the engine's worker
dies the page says so and goes on with the same game once the engine is back.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from tablekit import (
    BOOT_TIMEOUT_MS,
    MOVE_TIMEOUT_MS,
    booted,
    new_game_options,
    no_errors,
    open_table,
    patience_dealt,
    play_to,
    saved,
    saved_moves,
    turn,
    wait_moves,
)

AxeCheck = Callable[..., Any]
DEEP = 600  # (deeper than any move; Python's json writes up to about 990)


@pytest.fixture(scope="module")
def shared(browser: Browser, site: str) -> Iterator[tuple[Page, list[Error]]]:
    """One booted page for the module."""
    with booted(browser, site) as booted_page:
        yield booted_page


@pytest.fixture
def table(shared: tuple[Page, list[Error]]) -> Iterator[Page]:
    page, errors = shared

    yield page
    no_errors(errors)


def deep(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


def sabacc_save() -> dict[str, Any]:
    """A game of Contract Sabacc some moves in, the person to bid."""
    _, record = play_to(
        "sabacc", {"players": 4}, 9, lambda s: s["to_act"] == 0 and len(s["bids"]) >= 1
    )
    return saved(record)


def precedence_save() -> dict[str, Any]:
    _, record = play_to(
        "precedence",
        None,
        12,
        lambda s: s["to_act"] == 0 and s["phase"] == "play" and bool(s["trick"]),
    )
    return saved(record)


def no_fault(page: Page) -> None:
    expect(page.get_by_text("Something went wrong")).to_have_count(0)


# tampered: (game, change to the save, "unreadable" or "resumes")
TAMPERED: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    (
        "sabacc",
        "a level no game has",
        lambda s: s.update(levels=[None, "hard", "basic", "basic"]),
        "unreadable",
    ),
    (
        "sabacc",
        "no level for a computer player",
        lambda s: s.update(levels=[None, None, "basic", "basic"]),
        "unreadable",
    ),
    ("sabacc", "levels that are not a list", lambda s: s.update(levels="basic"), "unreadable"),
    ("sabacc", "a hand's end out of the record", lambda s: s.update(pending=999), "unreadable"),
    ("sabacc", "an old hand's end holding nothing", lambda s: s.update(pending=[None]), "resumes"),
    (
        "sabacc",
        "an old round history of nothing",
        lambda s: s.update(history=[{}], current=None),
        "resumes",
    ),
    (
        "precedence",
        "an old hand log holding nothing",
        lambda s: s.update(log={"hands": [None], "current": 5}),
        "resumes",
    ),
    (
        "precedence",
        "a move nested deep",
        lambda s: s["record"]["actions"].append(
            {"seat": 0, "action": {"type": "play", "card": deep(DEEP)}}
        ),
        "unreadable",
    ),
    (
        "precedence",
        "a position that is not a number",
        lambda s: s.update(position="x"),
        "unreadable",
    ),
    (
        "precedence",
        "a summary that is not words",
        lambda s: s.update(summary={"a": 1}),
        "unreadable",
    ),
]


@pytest.mark.parametrize(
    ("game", "what", "change", "outcome"), TAMPERED, ids=[t[1] for t in TAMPERED]
)
def test_a_tampered_save_is_reported_or_its_old_keys_ignored(
    table: Page, game: str, what: str, change: Callable[[dict[str, Any]], None], outcome: str
) -> None:
    page = table
    save = sabacc_save() if game == "sabacc" else precedence_save()
    change(save)
    open_table(page, game, save)
    if outcome == "unreadable":
        dialog = page.get_by_role("dialog", name="The saved game could not be opened")
        expect(dialog).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        dialog.get_by_role("button", name="Back to the games").click()
        expect(page.locator(".home")).to_be_visible()
    else:
        assert turn(page) in ("you", "count")
        if page.locator("dialog[open]").count():
            page.locator("dialog[open] .dialog-actions .primary").click()
        history = "Round history" if game == "sabacc" else "Hand history"
        page.get_by_role("button", name=history).click()
        expect(page.get_by_role("dialog", name=history)).to_be_visible()
        page.get_by_role("dialog", name=history).get_by_role("button", name="Close").click()
        # the record is kept, now in today's shape
        kept = json.loads(page.evaluate(f"() => localStorage.getItem('celestix.{game}.game')"))
        assert (
            kept["record"]["actions"][: len(save["record"]["actions"])] == save["record"]["actions"]
        )
    no_fault(page)


def import_file(page: Page, tmp_path: Path, data: Any) -> None:
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    page.get_by_role("button", name="More").click()
    with page.expect_file_chooser() as chooser:
        page.locator("dialog[open]").get_by_role("button", name="Import game").click()
    chooser.value.set_files(str(path))


def test_crafted_imports_are_refused_with_a_sentence(table: Page, tmp_path: Path) -> None:
    page = table
    save = sabacc_save()
    open_table(page, "sabacc", save)
    assert turn(page) == "you"
    moves = saved_moves(page, "sabacc")
    record = save["record"]

    def file(record: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return {"format": "celestix-record", "version": 1, "record": record, **extra}

    bid = {"seat": 0, "action": {"type": "bid", "bid": deep(DEEP)}}
    play = {"seat": 0, "action": {"type": "play", "card": "0"}}
    crafted = [
        ("not JSON", "{not json"),
        ("another game", file({**record, "game": "precedence"})),
        ("a bad level", file(record, levels=[None, "hard"])),
        ("a deep move", file({**record, "actions": [bid]})),
        ("a refused move", file({**record, "actions": [play]})),
        ("another format", {"format": "spreadsheet", "rows": []}),
    ]
    for _, data in crafted:
        import_file(page, tmp_path, data)
        expect(page.locator("#toasts")).to_contain_text("Not imported")
        page.locator("#toasts .toast").first.click()
        assert saved_moves(page, "sabacc") == moves
        no_fault(page)
    # an export of the old Sabacc page still imports
    old = {
        "format": "celestix-sabacc-game",
        **save,
        "pending": None,
        "history": [],
        "current": None,
    }
    import_file(page, tmp_path, old)
    expect(page.locator("#toasts")).to_contain_text("Game imported")


def test_values_never_become_markup(table: Page) -> None:
    page = table
    open_table(page, "sabacc")
    page.evaluate("() => document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    page.goto("/#")
    page.evaluate(
        """() => localStorage.setItem("celestix.sabacc.prefs", JSON.stringify({
            options: { start_chips: '"><img id="pwned" src="x">', players: "<b id=pwned2>" },
            levels: [null, "<i id=pwned3>"] }))"""
    )
    page.goto("/#sabacc")
    turn(page)  # dealt at once: a value that does not hold is left out
    assert page.locator("#pwned, #pwned2, #pwned3").count() == 0
    dialog = new_game_options(page)
    expect(dialog).to_be_visible()
    assert page.locator("#pwned, #pwned2, #pwned3").count() == 0
    expect(dialog.locator("input[name=start_chips]")).to_have_value("100")
    dialog.get_by_role("button", name="Cancel").click()


BAD_LINKS = [
    ("sabacc", "/deal=1&start_chips=abc", "Starting chips must be a whole number"),
    ("sabacc", "/deal=1&ante=99999999", "Ante must be a whole number from 0 to 10,000"),
    ("sabacc", "/deal=1&players=7", "is not a choice for Players"),
    ("precedence", "/deal=abc", "is not a deal number"),
    ("patience", "/deal=5&redeals=x", "Redeals must be a whole number"),
    ("sabacc", "/deal=1&colour=red", "no option called"),
]


@pytest.mark.parametrize(("game", "link", "said"), BAD_LINKS)
def test_a_bad_link_is_said_in_words_and_the_game_kept(
    table: Page, game: str, link: str, said: str
) -> None:
    page = table
    save = (
        sabacc_save() if game == "sabacc" else precedence_save() if game == "precedence" else None
    )
    open_table(page, game, save, hash_=link)
    expect(page.locator("#toasts")).to_contain_text(said, timeout=MOVE_TIMEOUT_MS)
    no_fault(page)
    if save:
        assert turn(page) == "you"
        kept = json.loads(page.evaluate(f"() => localStorage.getItem('celestix.{game}.game')"))
        assert kept["record"]["seed"] == save["record"]["seed"]
    else:
        patience_dealt(page)


# Records what the table says of the engine each time its data-engine changes.
WATCH_ENGINE = """() => {
  const root = document.querySelector(".table-page");
  const note = root.querySelector(".tp-engine");
  window.engineSaid = [];
  const said = () => window.engineSaid.push(
    [root.dataset.engine, note.hidden ? "" : note.textContent]);
  new MutationObserver(said).observe(root, { attributes: true, attributeFilter: ["data-engine"] });
}"""


def test_a_dead_engine_is_said_and_the_game_goes_on(table: Page) -> None:
    page = table
    open_table(page, "precedence", precedence_save())
    assert turn(page) == "you"
    moves = saved_moves(page, "precedence")
    page.evaluate(WATCH_ENGINE)
    for worker in page.workers:
        with contextlib.suppress(Error):  # the worker may be gone before it answers
            worker.evaluate("() => self.close()")
    # noticed between moves, with no call waiting, and said
    page.wait_for_function("() => window.engineSaid.length > 0", timeout=MOVE_TIMEOUT_MS)
    state, note = page.evaluate("window.engineSaid[0]")
    assert state == "restarting" and "The rules engine stopped" in note
    # the person's move goes through, whether the engine is still restarting or back
    page.locator(".tp-hand .card.legal").first.click(position={"x": 10, "y": 30})
    expect(page.locator(".table-page")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
    )
    expect(page.locator(".tp-engine")).to_be_hidden()
    wait_moves(page, "precedence", moves)
    assert turn(page) in ("you", "count")
    assert page.evaluate("window.engineSaid.map(([state]) => state)") == ["restarting", "ready"]
    no_fault(page)
