"""The engine's words are for players: no seat or team numbers, no card codes, no ids.

Every sentence the engine writes reaches a player: refusals (shown as they are), the
reasons in events (a trick's winner, the Hand Pot's fate, a dead end), the ledger's
reasons, the hints, and the options' help and choice labels in ``games()``. Whole games
of each game are played by bots here and every such sentence is checked for what a
player should never read: "seat 3", "team 0", card codes ("3C", "14c", "(-21)"),
identifiers ("guard_without", "no-king") and formulas ("(X + 1) % 4"). Pages name the
seats themselves ("You", "North"). Rule ids (kebab-case) are for code and stay.

The same sentences are checked for the faults of a careless sentence (sentences.py): a
wrong article ("a 8", "a Ace", "an Guard"), decimals ("-8.00 chips"), bare number tails
("(+60 points)"), sums and arrows ("0 + 4 → 4"), signed numbers after a word ("everyone
+6"), a bare "none" after a label, percentages in hints ("about 27% of the time") and
hints that do not start with what to do ("Play the 9 of Border."). Reviews of the games
played are read too, at every level the games offer, and so are the rules demos'
captions (web/demos), which name the players as the pages do ("Bryn", "South"), never
"seat 2".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scale import scaled
from sentences import (
    CARELESS,
    GAME_CARELESS,
    HINT_CARELESS,
    LEDGER_CARELESS,
    SIDE_CARELESS,
    off_footing,
    out_of_order,
    repeated_lines,
    says_its_mark,
)

from celestix import api
from celestix.precedence import review as precedence_review
from celestix.sabacc import review as sabacc_review

# What a player should never read, and why.
INTERNAL = {
    "a seat number": re.compile(r"\bseats? \d", re.IGNORECASE),
    "a team number": re.compile(r"\bteams? \d", re.IGNORECASE),
    "an identifier": re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:no-king|guard-\w+)\b"),
    "a formula": re.compile(r"\b[A-Za-z]\s*[+%=]\s*\d|\)\s*%\s*\d"),
    "a number in brackets after a name": re.compile(r"\(-?\d+\)"),
    **CARELESS,
}
# A hint starts with what to do (its action's verb), then a short reason.
HINT_VERBS = {
    "precedence": ("Play ", "Bid ", "Declare "),
    "sabacc": ("Play ", "Bid ", "Pass", "Set aside "),
    "patience": ("Build ", "Deal", "Leave ", "Redeal"),
}
CARD_CODES = {
    "precedence": re.compile(r"\b[2-9TOMPE][VFBC]\b"),
    "patience": re.compile(r"\b(?:[A2-9JQK]|T)[SHDC]\b"),
    "sabacc": re.compile(r"\b(?:1[0-4]|[1-9])[cfst]\b"),
}
# The fields of events and views that hold sentences (the rest are codes and numbers).
SENTENCE_KEYS = {"reason", "label", "name", "help", "summary", "message", "text"}


def sentences(value: Any, key: str = "") -> Iterator[str]:
    """Every string of ``value`` held under a key that holds sentences."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "refusals" and isinstance(v, dict):
                yield from (text for text in v.values() if isinstance(text, str))
            else:
                yield from sentences(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from sentences(item, key)
    elif isinstance(value, str) and key in SENTENCE_KEYS:
        yield value


def problems(text: str, game: str) -> list[str]:
    found = [what for what, pattern in INTERNAL.items() if pattern.search(text)]
    found += [what for what, pattern in GAME_CARELESS.get(game, {}).items() if pattern.search(text)]
    if CARD_CODES[game].search(text):
        found.append("a card code")
    return found


def refusals(state: dict[str, Any], seat: int) -> Iterator[str]:
    """The engine's refusal of every card the seat holds that may not go now, and of a
    move out of turn."""
    legal = api.legal_actions(state, seat)
    for card in state.get("hands", [[]] * (seat + 1))[seat]:
        for kind in ("play", "aside"):
            action = {"type": kind, "card": card}
            if action in legal:
                continue
            try:
                api.apply(state, action, seat)
            except api.RulesError as error:
                yield str(error)
    seats = len(state.get("hands", [None]))
    if legal and seats > 1:
        try:
            api.apply(state, legal[0], (seat + 1) % seats)
        except api.RulesError as error:
            yield str(error)


LEVELS = {entry["id"]: entry["levels"] for entry in api.games()}
GAMES = [
    ("precedence", {"target": 150}, scaled(1)),
    ("sabacc", {"players": 3}, scaled(1)),
    ("sabacc", {"players": 5}, scaled(1)),
    ("patience", {}, scaled(2)),
]


@pytest.fixture(autouse=True)
def small_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small double-dummy budgets, so that the reviews here stay quick."""
    monkeypatch.setattr(precedence_review, "PAR_BUDGET", 20_000)
    monkeypatch.setattr(sabacc_review, "PAR_BUDGET", 20_000)


def hint_texts(view: dict[str, Any], seed: int) -> tuple[str, list[str]]:
    """A hint's reason, and the reasons of its alternatives (the recommended action's
    own left out)."""
    hint = api.hint(view, "normal", seed)
    return hint["reason"], [
        alt["reason"] for alt in hint["alternatives"] if alt["action"] != hint["action"]
    ]


def why_lines(hint: dict[str, Any], game: str) -> list[str]:
    """A hint's why list as the page lists it: the trick games' the hint's own choice
    first, then the others (ui/advice.js alternativeLines); the patience's the others
    (patience/advice.js)."""
    lines = [alt["reason"] for alt in hint["alternatives"]]
    return lines[1:] if game == "patience" else lines


def decision_kind(state: dict[str, Any], seat: int) -> str:
    """The kind of a decision: the types of its legal actions ("bid", "play", "aside",
    "declare"; the patience's "build deal", "deal", "redeal")."""
    return " ".join(sorted({action["type"] for action in api.legal_actions(state, seat)}))


# The kinds of decision whose why lists the scan must have read (each game's phases;
# the patience's moves with a card to build and without).
DECISION_KINDS = {
    "precedence": {"declare", "bid", "play"},
    "sabacc": {"bid", "aside", "play"},
    "patience": {"build deal", "deal"},
}


BID_ORDER = {"sabacc": ["take", "push", "guard", "guard_without", "guard_against", "pass"]}


def why_list_faults(
    view: dict[str, Any], hint: dict[str, Any], game: str
) -> Iterator[tuple[str, str]]:
    """What is wrong with a hint's why list (the page lists the recommended choice first,
    then the others, ui/advice.js alternativeLines): the recommended choice said on
    another footing than the others, bids out of order, odds from the wrong side."""
    alternatives = hint["alternatives"]
    if not alternatives:
        return
    first, *others = alternatives
    if first["action"] != hint["action"]:
        yield "a why list that does not start with the hint's choice", hint["reason"]
    if off_footing(first["reason"], [alt["reason"] for alt in others]):
        yield "a chosen line on another footing than the others", first["reason"]
    if first["action"]["type"] == "bid":
        bids = [alt["action"].get("tricks", alt["action"].get("bid")) for alt in alternatives]
        ranks = [BID_ORDER[game].index(b) if game in BID_ORDER else b for b in bids]
        if out_of_order(ranks):
            yield "bids out of order in a why list", str(bids)
    declarer = view.get("declarer")
    if game == "sabacc" and declarer is not None:
        side = "declarer" if declarer == view["seat"] else "defender"
        for alt in alternatives:
            if SIDE_CARELESS[side].search(alt["reason"]):
                yield f"odds from the wrong side for a {side}", alt["reason"]


def review_texts(record: dict[str, Any], seat: int, game: str) -> Iterator[str]:
    """Every sentence of the review of the seat's first hand (the whole patience); a
    decision's reason that starts with its mark's word (which the page's heading says:
    "• Forced"), flagged as such."""
    hand = None if game == "patience" else 0
    review = api.review(record, seat, "normal", 1, hand)
    for decision in review["decisions"]:
        if says_its_mark(decision.get("mark", ""), decision["reason"]):
            yield f"a reason that says its mark again: {decision['reason']}"
    yield from sentences({"review": review})


@pytest.mark.parametrize(("game", "options", "games"), GAMES)
def test_a_game_speaks_in_players_words(game: str, options: dict[str, Any], games: int) -> None:
    """Games with each seat at another of the game's levels (the patience at each in
    turn), the hints of one seat, and the review of its first hand."""
    bad: dict[str, list[str]] = {}
    kinds: set[str] = set()
    levels = [level for level in LEVELS[game] if level != "strong"]
    for seed in range(games):
        state = api.new_game(game, options, seed)
        record: dict[str, Any] = {"game": game, "seed": seed, "options": options, "actions": []}
        moves = 0
        while not state["over"] and moves < 3000:
            seat = state["to_act"]
            view = api.view(state, seat)
            texts = [*sentences(view), *refusals(state, seat)]
            kind = decision_kind(state, seat)
            if moves % (7 if game != "patience" else 40) == 0 or kind not in kinds:
                kinds.add(kind)
                hint = api.hint(view, "normal", moves)
                reason, lines = hint["reason"], why_lines(hint, game)
                if not reason.startswith(HINT_VERBS[game]):
                    bad.setdefault("a hint that does not start with what to do", []).append(reason)
                texts.extend([reason, *lines])
                for line in repeated_lines(lines, game):
                    bad.setdefault(f"a why list saying one thing twice ({kind})", []).append(line)
                for what, text in why_list_faults(view, hint, game):
                    bad.setdefault(what, []).append(text)
                for text in (reason, *lines):
                    for what, pattern in HINT_CARELESS.items():
                        if pattern.search(text):
                            bad.setdefault(f"{what} in a hint", []).append(text)
            level = levels[(seat + seed) % len(levels)]
            action = api.bot_action(view, level, moves)
            result = api.apply(state, action, seat)
            record["actions"].append({"seat": seat, "action": action})
            texts.extend(sentences(result["events"]))
            for text in texts:
                for what in problems(text, game):
                    bad.setdefault(what, []).append(text)
            state = result["state"]
            moves += 1
        for text in review_texts(record, 0, game):
            if text.startswith("a reason that says its mark again"):
                bad.setdefault("a reason that says its mark again", []).append(text)
            for what in problems(text, game):
                bad.setdefault(what, []).append(text)
        for text in {entry["reason"] for entry in state.get("ledger", [])}:
            for what, pattern in LEDGER_CARELESS.items():
                if pattern.search(text):
                    bad.setdefault(f"{what} in the ledger", []).append(text)
    assert not bad, {what: sorted(set(found))[:5] for what, found in bad.items()}
    assert DECISION_KINDS[game] <= kinds, kinds


def test_the_options_are_described_in_words() -> None:
    for entry in api.games():
        for name, spec in entry["options"].items():
            texts = [spec["help"], spec["label"], *spec.get("labels", {}).values()]
            for text in texts:
                assert not problems(text, entry["id"]), (entry["id"], name, text)
            if "choices" in spec and len(spec["choices"]) > 1:
                # every choice has a name for people, unless it is a plain number
                named = spec.get("labels", {})
                for choice in spec["choices"]:
                    assert isinstance(choice, int) or str(choice) in named, (name, choice)


DEMOS = Path(__file__).resolve().parents[2] / "web" / "demos"


@pytest.mark.skipif(not DEMOS.is_dir(), reason="web/demos is not beside the tests")
def test_the_demos_speak_in_players_words() -> None:
    """Every demo's title, summary and captions: no seat numbers, codes or formulas."""
    bad: dict[str, list[str]] = {}
    for path in sorted(DEMOS.glob("*.json")):
        if path.name == "index.json":
            continue
        demo = json.loads(path.read_text(encoding="utf-8"))
        texts = [demo["title"], demo["summary"], *(step["caption"] for step in demo["steps"])]
        for text in texts:
            for what in problems(text, demo["game"]):
                bad.setdefault(what, []).append(f"{path.name}: {text[:100]}")
    assert not bad, {what: found[:5] for what, found in bad.items()}


def test_the_scan_finds_each_careless_sentence() -> None:
    """The scan itself: each fault the audits found is caught (so the tests above can
    fail), and the sentences that replaced them pass."""
    caught = {
        "Excess 0 + 4 → 4": "a sum or an arrow",
        "Seat 2 declares Guard without": "a seat number",
        "Guard against everyone +6": "a signed number after a word",
        "Imperial Audit\tnone\tnone": "none after a label",
        "Auction: none.": "none after a label",
        "The auction so far: Aurel pass, Bryn pass, Cass guard.": "a bid said as a verb",
        "Emperor of Void. declared. You must follow suit": "a card's mark as a sentence",
        "Average points per hand 23.4": "a decimal",
        "Build the Queen of Diamonds on the Queen foundation: it won in 2 of 8 tries of the "
        "unseen cards, against 2 if you build it on the King foundation.": (
            "a tie told as a contest"
        ),
        "Deal: it gives the best chance of winning. Played on from here 8 times, it won 3 of "
        "the 8 games; building it won 3.": "a tie told as a contest",
        "Leave the 4 of Hearts on the waste and deal: Leave the 4 of Hearts: the winning line "
        "builds it later in this pass.": "a doubled clause",
    }
    for text, what in caught.items():
        assert what in problems(text, "precedence"), text
    for text in (
        "The auction so far: Aurel passed, you bid Guard.",
        "Aurel passes.",
        "You pass.",
        "Your bid: the lowest is Take. Or pass.",
    ):
        assert not problems(text, "sabacc"), text
    # (i-words24) a verdict that does not say how much, and a Sabacc partner
    blame = "As played, your team took 9 tricks, for 72 points: your team's play let tricks go."
    assert "a verdict without its count" in problems(blame, "precedence")
    assert not problems("North's play let 2 tricks go.", "precedence")
    assert "a half written as 0½" in problems(
        "Setting aside the 2 of coins banks 0½ points", "sabacc"
    )
    assert "one points" in problems("it banks 1 points in your pile", "sabacc")
    assert not problems("it banks half a point, and 10½ points, 11 points, 1 point", "sabacc")
    assert "a possessive before The" in problems("The declarer's The Idiot wins", "sabacc")
    # (audit 5 F13) a card's own "The" inside a sentence, a Sabacc's number with no article
    for text in (
        "The declarer wins this trick with The Idiot",
        "Aurel won the last trick with The Magician (a Magician at the End)",
        "0, The Idiot, is the strongest card of all",
    ):
        assert "The inside a sentence" in problems(text, "sabacc"), text
    assert "a Sabacc without its article" in problems("Bryn wins with Sabacc -12", "sabacc")
    for text in (
        "The declarer wins this trick with the Idiot",
        "The Idiot beats every card.",
        "The talon: Ace of coins, The Idiot (Sabacc 0).",
        "Bryn wins with the Sabacc -12; Sabaccs run from -1 The Magician",
    ):
        assert not problems(text, "sabacc"), text
    # (audit 5 F11) a remainder said to go nowhere
    gone = (
        "The Ante Pot is divided: 3 chips each; 2 chips would not divide evenly and go to no one."
    )
    assert "chips going nowhere" in problems(gone, "sabacc")
    kept = "The Ante Pot is divided: 3 chips each; 2 chips do not divide equally and stay in "
    assert not problems(kept + "the Ante Pot, unclaimed.", "sabacc")
    # (audit 5 F12, F14) a why list: the chosen line's footing, the bids' order, the side,
    # a review's reason that says its mark again
    aside = "It leaves you no staves, so you can trump them (the aside: 7 of coins)"
    assert off_footing(aside, [f"{aside}; made almost always"])
    assert not off_footing(f"{aside}; made about half the time", [f"{aside}; made rarely"])
    assert out_of_order([3, 2, 4, 1, 5]) and not out_of_order([3, 1, 2, 4, 5])
    assert SIDE_CARELESS["defender"].search("It costs least; the contract is made rarely")
    assert not SIDE_CARELESS["defender"].search("It costs least; the contract is beaten rarely")
    assert says_its_mark("forced", "Forced: it is your last card.")
    assert not says_its_mark("forced", "It is your last card.")
    assert not says_its_mark("", "It is your last card.")
    partner = "Your partner's Sabacc -13 wins this trick: the 2 of coins keeps your winners"
    assert "a partner in a game without partners" in problems(partner, "sabacc")
    assert not problems(partner.replace("partner", "fellow defender"), "sabacc")
    assert not problems(partner, "precedence")
    assert HINT_CARELESS["a percentage"].search("you win the game about 27% of the time")
    old = "The Run of 2 to 4 in Frontier scores 3 for a wager of 2; showing the cards costs"
    assert HINT_CARELESS["figures left to subtract"].search(old)
    new = "The Run of 2 to 4 in Frontier would score 3, against its wager of 2 chips"
    assert not any(pattern.search(new) for pattern in HINT_CARELESS.values())
    # (audit 5 F5, F6) the patience's search in its own words
    for text, what in {
        "Deal: it won in 3 of 8 tries of the unseen cards.": "a search's tries",
        "The solver's winning line from here, 40 moves": "a solver's line",
        "Yes: still winnable. The solver, which reads the stock's hidden order, found a way":
            "the solver named",
        "the review tried 1 point of your game for a way to win.": "points of a game",
        "Build the 7 of Spades: every line from there is lost.": "a solver's line",
    }.items():  # fmt: skip
        assert what in problems(text, "patience"), text
    # (audit 5) a team in capitals inside a sentence
    pot = "The Hand Pot of 20 chips goes to You and North."
    assert "You inside a sentence" in problems(pot, "precedence")
    assert not problems(pot.replace("You and", "you and"), "precedence")
    assert not problems("You and North won, 150 to 120.", "precedence")
    # (i-polish) ... and anywhere inside a sentence: a card's name, a trick's list
    for text in (
        "2 of Core, played by You",
        "East 10 of Void, You Commander of Void, West 3 of Void",
        "West led; You won with the Idiot.",
        "Tricks: Aurel 3, You 4.",
    ):
        assert "You inside a sentence" in problems(text, "precedence"), text
    for text in ("Trump suit: Void. You bid first.", "Your turn: you lead.", "You: 3 tricks"):
        assert not problems(text, "precedence"), text
    # (i-saves) the ledger's reasons are sentences
    for text, what in {
        "stake: Guard": "a label before a colon",
        "stake: Guard, calling the bid": "a clause hung on a comma",
        "meld wager: Run of 4": "a label before a colon",
        "Accord Pot won: odd chip": "a label before a colon",
        "defenders' share": "not a sentence",
        "Remainder of the wagers.": "a reason without a verb",
        "Hand Pot left at the end": "not a sentence",
        "When Guard is bid, every player puts its stake on the table.": "a player called it",
        "Whoever bids Take puts its stake on the table.": "a player called it",
    }.items():
        assert LEDGER_CARELESS[what].search(text), text
    for text in (
        "Whoever bids Guard puts their stake on the table.",
        "When Guard without is bid, every player puts their stake on the table.",
        "Everyone passed, so the round is void and each wager goes back to its player.",
        "Winning every trick earns the Grand Slam bonus: the whole Ante Pot.",
        "Declaring a Run of 4 costs the meld wager.",
    ):
        assert not [what for what, p in LEDGER_CARELESS.items() if p.search(text)], text
    for text in (
        "4 added, now 4 of 10",
        "No Audit this hand",
        "Guard against: 6 chips each",
        "You gain 18 chips: each of the others pays you 6.",
        "none of its legal cards beats it",
        "From 80 to 120",
        "Deal: it gives the best chance of winning. Played on from here 8 times, with the "
        "face-down cards shuffled at random each time, it won 3 of the 8 games; building it "
        "won 2.",
        "Leave the 4 of Hearts on the waste and deal: the way to win builds it later in this pass.",
    ):
        assert not problems(text, "precedence"), text
    # a why list saying one thing twice: Sabacc's Take and Push alike once
    alike = "Made rarely; you win the game about one time in four"
    assert repeated_lines(["No one has bid: nothing is at stake yet", alike, alike]) == [alike]
    assert not repeated_lines([f"{alike}; likewise a Push", "Made rarely; you win the game rarely"])
    # (audit 6 fault 8) ... or alike but for their cards, melds, moves and labels
    does = "does what the 4 of Void does, but keeps fewer chances to win later tricks"
    cards = [f"The 9 of Void {does}", f"The StellarPilot of Core {does}"]
    assert repeated_lines(cards, "precedence") == cards[1:]
    assert not repeated_lines([f"{cards[0]}; likewise the StellarPilot of Core"], "precedence")
    moves = [f"Build the 10 of Hearts on the {base} foundation: it won none." for base in "JQ"]
    assert repeated_lines(
        [*moves, "Leave the 10 of Hearts on the waste and deal: it won none."], "patience"
    )
    assert repeated_lines(["Bid 3 (the hint): made almost always", "Bid 2: made almost always"])
    melds = [f"The Triad of {rank} would score 3, against its wager of 2 chips" for rank in
             ("6s", "Officers without the Officer of Core")]  # fmt: skip
    assert repeated_lines(melds, "precedence") == melds[1:]
    assert repeated_lines(
        ["The Sabacc -12 wins", "The Idiot wins", "The 2 of coins wins"], "sabacc"
    )
    assert not repeated_lines(["Made rarely", "Made almost always"], "sabacc")
    assert not repeated_lines(
        ["You have no Core: the 2 of Void is discarded", "The 2 of Void lets this trick go"],
        "precedence",
    )


def positions_of_each_kind(
    game: str, options: dict[str, Any], seeds: int, each: int
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Up to ``each`` positions of every kind of decision (decision_kind) met in ``seeds``
    games of easy players, spread over the games (every third decision of a kind)."""
    found: dict[str, int] = {}
    for seed in range(seeds):
        state = api.new_game(game, options, seed)
        met: dict[str, int] = {}
        while not state["over"]:
            seat = state["to_act"]
            kind = decision_kind(state, seat)
            met[kind] = met.get(kind, 0) + 1
            if met[kind] % 3 == 1 and found.get(kind, 0) < each * (seed + 1) / seeds:
                found[kind] = found.get(kind, 0) + 1
                yield kind, state
            view = api.view(state, seat)
            state = api.apply(state, api.bot_action(view, "easy", 0), seat)["state"]


@pytest.mark.parametrize(
    ("game", "options"),
    [("precedence", {"target": 150}), ("sabacc", {"players": 4}), ("patience", {})],
)
def test_a_why_list_says_each_thing_once(game: str, options: dict[str, Any]) -> None:
    """Every kind of decision (bids, plays, melds declared, asides, the patience's moves):
    no line of its why list, as the page lists it, says what another says but for the
    names of its cards, melds or move (audit 6 fault 8: three cards' lines "... does what
    the 4 of Void does, but keeps fewer chances to win later tricks"; four foundations'
    "... it won none.")."""
    bad = []
    kinds = set()
    each = scaled(6, 3)
    for kind, state in positions_of_each_kind(game, options, scaled(2, 1), each):
        kinds.add(kind)
        hint = api.hint(api.view(state, state["to_act"]), "normal", 0)
        lines = why_lines(hint, game)
        if repeated_lines(lines, game):
            bad.append((kind, lines))
    assert DECISION_KINDS[game] <= kinds, kinds
    assert not bad, bad[:3]
