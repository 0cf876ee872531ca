"""The faults of a careless sentence, which neither the engine's words (test_words.py)
nor a page's (tests/browser/tablekit.py) may show: a wrong article ("a 8", "a Ace", "an
Guard"), a decimal ("-8.00 chips"), a bare number after a sentence ("(+60 points)"), a
sum or an arrow where a sentence belongs ("0 + 4 → 4", "2 + 3"), a signed number after a
word ("everyone +6") and a bare "none" after a label ("Imperial Audit none", "Auction:
none"). A number stays where the sentence says what it is ("wins 8 chips").

A hint also says how often in words (celestix/bots/chances.py how_often: "about one time
in four"), never as a percentage (HINT_CARELESS)."""

from __future__ import annotations

import re

from celestix.patience import cards as patience
from celestix.precedence import cards as precedence
from celestix.sabacc import cards as sabacc

CARELESS = {
    "a before a vowel sound": re.compile(
        r"\b[Aa] (?:8|11\b|18\b|[AEIaei]|[Oo](?!ne\b)|[Uu]n(?!i))"
    ),
    "an before a consonant sound": re.compile(
        r"\b[Aa]n (?:[B-DF-GJ-NP-TV-Zb-df-gj-np-tv-z]|[2-79]|1(?![18]\b)|one\b)"
    ),
    "a decimal": re.compile(r"\d\.\d"),
    "a bare number tail": re.compile(r"\([+-]?\d+(?:\.\d+)?(?: (?:points?|chips?|tricks?))?\)"),
    "a sum or an arrow": re.compile(r"\d ?\+ ?\d|\w ?[→⇒] ?\w|\w -> \w"),
    "a signed number after a word": re.compile(r"\b[A-Za-z]+ [+\u2212]\d"),
    "none after a label": re.compile(r"(?:^|[:\t])\s*none\s*(?:[.\t]|$)", re.IGNORECASE),
}
HINT_CARELESS = {"a percentage": re.compile(r"\d\s*%")}

# --- i-review2: engine and solver words (issue 24 items 9, 13, 14, 20) -------------------
# The searches' and the solver's vocabulary, which a player does not speak.
CARELESS.update(
    {
        "a search's sample": re.compile(r"\bsampled\b|\bsimulated deals\b", re.IGNORECASE),
        "a search's budget": re.compile(r"\bbudget\b", re.IGNORECASE),
        "a golfer's par": re.compile(r"\bpar\b", re.IGNORECASE),
        "a search's positions": re.compile(r"\bpositions\b", re.IGNORECASE),
        "the search speaking": re.compile(r"\bby the search\b|\bthe search's\b", re.IGNORECASE),
        # (the review's old "(step 15 of 16)"; a demo's own "Step 1 of 4" is its place)
        "a step count": re.compile(r"[(;] ?step \d+ of \d+"),
        "worth nothing": re.compile(r"\bworth about nothing\b", re.IGNORECASE),
    }
)

# --- i-words24: verdicts that say who and how much (issue 24 item 4) ---------------------
# A review's verdict says how many tricks or points went, and whose play let them go; the
# old "your team's play let tricks go" blamed the person for what a partner did.
# A possessive before a name that has its own article ("the declarer's The Idiot").
CARELESS["a possessive before The"] = re.compile(r"\w's? The [A-Z]")
# Half a point in words ("banks 0½ points"), and one point in the singular
CARELESS["a half written as 0½"] = re.compile(r"(?<![\d.])0½")
CARELESS["one points"] = re.compile(r"(?<![\d.½])1 points\b")
CARELESS["a verdict without its count"] = re.compile(r"\blet (?:tricks|points) go\b")
# The words of one game that another game's words must not use: Contract Sabacc has no
# partners (the defenders play together for one round: "fellow defender").
GAME_CARELESS = {
    "sabacc": {"a partner in a game without partners": re.compile(r"\bpartners?\b", re.I)},
}
# A hint nets its figures for the player: never a score beside a wager and a cost in
# tricks left to subtract ("scores 3 for a wager of 2; showing the cards costs less than
# half a trick"), but "about 2 points worse than declaring nothing".
HINT_CARELESS["figures left to subtract"] = re.compile(r"\bscores? \d+ for a wager of \d+")
# --- i-pat24: the patience hint's comparisons (audit 4, P3) ------------------------------
CARELESS.update(
    {
        # "it won in 2 of 8 tries ..., against 2 if you ...": a tie told as a contest
        "a tie told as a contest": re.compile(
            r"\bwon in (\d+) of \d+ tries\b[^.]*\bagainst \1\b|\bit won (\d+); [^.]*\bwon \2\."
            r"|\bit won (\d+) of the \d+ games; [^.]*\bwon \3\."
        ),
        # "Leave the 4 of Hearts on the waste and deal: Leave the 4 of Hearts: ...": the move
        # said twice
        "a doubled clause": re.compile(r"\b([A-Z]\w*(?: \w+){2,})\b[^.:]*: \1\b"),
    }
)
# --- i-patience: the patience's search told as a search (audit 5 F5, F6) ---------------
# "it won in 1 of 8 tries of the unseen cards", "the solver's winning line", "tried 1
# point of your game": a player reads trial games, face-down cards and a way to win.
CARELESS.update(
    {
        "a search's tries": re.compile(r"\btries of the\b|\bunseen cards\b", re.IGNORECASE),
        "a solver's line": re.compile(r"\b(?:winning|solver's) line\b|\bevery line\b", re.I),
        "the solver named": re.compile(r"\bsolver\b", re.IGNORECASE),
        "points of a game": re.compile(r"\bpoints? of your game\b", re.IGNORECASE),
    }
)
# "The Hand Pot goes to You and North": a team named in capitals inside a sentence
# (audit 5 F9); "you and North" there, "You and North" only where a sentence starts;
# likewise "(you 8 chips, North 8 chips)" (audit 6), "2 of Core, played by you" in a
# card's name, "East the 10 of Void, you the Commander of Void" in a trick's list: "You"
# after any lower-case word, a comma, a semicolon or a bracket (i-polish: the scan had
# been narrowed to "You and" and "(You 8" while these were still on screen).
CARELESS["You inside a sentence"] = re.compile(r"(?:\b[a-z][\w']*|[,;(]) You\b")
CARELESS["a possessive of You"] = re.compile(r"\b[Yy]ou's\b")
# --- i-saves: the ledger's reasons (issue 24) ---------------------------------------------
# A ledger entry's reason is read beside the player, the chips and the pot, by people
# who may not know the game's words: a whole sentence with its verb ("Whoever bids Guard
# puts their stake on the table."), never a label before a colon ("stake: Guard"), a noun
# phrase ("defenders' share", "remainder of the wagers") or a clause hung on a comma
# ("stake: Guard, calling the bid").
LEDGER_CARELESS = {
    "a label before a colon": re.compile(r"^(?:[\w'-]+ ){0,2}[\w'-]+:"),
    "not a sentence": re.compile(r"^(?![A-Z].*[.!?]$)"),
    "a reason without a verb": re.compile(
        r"^(?!.*\b(?:is|are|was|were|pays?|puts?|takes?|goes|go|divided?|divides?|splits?"
        r"|costs?|earns?|made|lost|passed)\b)"
    ),
    "a clause hung on a comma": re.compile(r", (?:calling|bid by|for seat)\b"),
    # (i-sabacc, audit 6 fault 3) a player is "they", never "it": "every player puts
    # its stake on the table"
    "a player called it": re.compile(r"\b(?:[Pp]layers?|[Ww]hoever)\b[^.]*\bits\b"),
}


# --- i-words: a why list that says one thing twice (issue 24, audit 4) --------------------
# A Sabacc bid's "Why?" once listed "Take: Made rarely; you win the game about one time in
# four" and "Push: Made rarely; ..." (and Precedence's bids of 2 and 3 "made almost
# always"): lines alike but for their labels. Each line of a hint's other choices must say
# something of its own (celestix/bots/chances.py merge_alike).
# --- i-polish: ... or but for their cards (audit 6 fault 8) ------------------------------
# A play's "Why?" listed "The 9 of Void does what the 4 of Void does, but keeps fewer
# chances to win later tricks" for three cards, and the patience's "Build the 10 of Hearts
# on the Jack foundation: ..., it won none." for four foundations: lines alike once the
# names of the cards, melds and moves (and the page's labels) are taken out.


def _card_names() -> dict[str, list[str]]:
    """Every card's name as the engine writes it, per game, the longest first (so that
    "the Sabacc -12" is taken out before "the Sabacc -1" could be)."""
    names = {
        "precedence": [
            precedence.card_name(card, variant)
            for card in precedence.DECK
            for variant in ("core", "frontier")
        ],
        "sabacc": [sabacc.card_name(card) for card in sabacc.DECK]
        + [sabacc.the_card(card) for card in sabacc.DECK],
        "patience": [patience.card_name(card) for card in patience.PACK]
        + [patience.foundation_name(k) for k in range(patience.FOUNDATIONS)],
    }
    return {game: sorted(set(found), key=len, reverse=True) for game, found in names.items()}


CARD_NAMES = _card_names()
# A Precedence meld as the hints name it ("Triad of 6s without #", "Run of 4 to 6 in Core")
MELD_NAME = re.compile(r"\b(?:Triad|Quad) of \w+s(?: without #)?|\bRun of \w+ to \w+ in \w+")
# What a page writes before a line's reason: its choice's label ("Bid 2: ", "Guard
# without (the hint): ", "The hint: "); a patience line starts with its move.
LINE_LABEL = re.compile(
    r"^(?:The hint|[^:]{1,30} \(the hint\)|Bid \d+|Take|Push|Guard(?: without| against)?|Pass)"
    r": |^(?:Build|Leave|Deal|Redeal)\b[^:]*: "
)


def gist(line: str, game: str | None = None) -> str:
    """What a why list's line says: without its label, the names of ``game``'s cards and
    melds, in lower case and single spaces."""
    line = LINE_LABEL.sub("", line)
    for name in CARD_NAMES.get(game or "", []):
        line = re.sub(rf"(?<![\w-])(?:the )?{re.escape(name)}(?![\w-])", "#", line, flags=re.I)
    line = MELD_NAME.sub("#", line)
    return " ".join(line.lower().split())


def repeated_lines(lines: list[str], game: str | None = None) -> list[str]:
    """The lines of a why list (a hint's choices) that an earlier line says word for
    word, once their labels and (with ``game``) the names of its cards and melds are
    taken out."""
    seen: set[str] = set()
    repeated = []
    for line in lines:
        key = gist(line, game)
        if key in seen:
            repeated.append(line)
        seen.add(key)
    return repeated


# --- i-words: audit 5 (F11-F14) ------------------------------------------------------------
# A name with its own article written as a title inside a sentence ("wins with The Idiot",
# "0, The Idiot, is the strongest"): "the Idiot" there, "The Idiot" where a sentence starts and
# in a list of cards' names ("The talon: Sabacc -6, The Idiot (Sabacc 0), ...").
# A Sabacc's number after a verb with no article ("wins with Sabacc -12"): "the
# Sabacc -12", as a sentence names any other card.
CARELESS["The inside a sentence"] = re.compile(r"\b[a-z]+ The [A-Z]|\d, The [A-Z][a-z]+,")
CARELESS["a Sabacc without its article"] = re.compile(
    r"(?<!['\u2019])\b(?!(?:the|a|your|its|their|his|her|every|no|one)\b)[a-z]+ Sabacc [-\u2212]?\d"
)
# Chips that "go to no one": the rules say where a remainder stays (RULES.md 3.9: in
# the Ante Pot, unclaimed; 1: an odd chip stays in the Hand Pot)
CARELESS["chips going nowhere"] = re.compile(r"\bgoe?s? to no ?one\b", re.IGNORECASE)

# A hint's odds said from the wrong side: a defender's choices speak of beating the
# contract, the declarer's of making it ("the contract is made rarely" to a defender).
SIDE_CARELESS = {
    "declarer": re.compile(r"\bthe contract is beaten\b"),
    "defender": re.compile(r"\bthe contract is made\b"),
}

# "The auction so far: Aurel pass, Bryn pass, Cass guard." (audit 7 F10): a bid's name in
# lower case after a player's name reads as a verb in the wrong tense ("Aurel passed, Cass
# bid Guard"; the live line's "Aurel passes." is right). A sentence's own first word
# ("Or pass.", "Then take.") is no player's name.
CARELESS["a bid said as a verb"] = re.compile(
    r"\b(?!(?:You|Or|And|Then|To|Can|May|Must|Please)\b)[A-Z][a-z]+"
    r" (?:pass|take|push|guard)(?: without)?[,.]"
)

# A card's mark read as a sentence of its own (audit 7: a hand's card said "Emperor of
# Void. declared. You must ..."; now "Emperor of Void, declared. You must ...").
CARELESS["a card's mark as a sentence"] = re.compile(r"\w\. declared\b")

# How often, in the hints' words (celestix/bots/chances.py how_often)
HOW_OFTEN = re.compile(
    r"\b(?:rarely|about one time in four|about half the time|about three times in four"
    r"|almost always)\b"
)


def off_footing(chosen: str, others: list[str]) -> bool:
    """Whether a why list's recommended line says less than its alternatives: each of
    them says how often (a contract made, a game won) and it does not (audit 5 F12: the
    chosen six had no odds beside a rival "made almost always")."""
    return (
        bool(others) and all(HOW_OFTEN.search(o) for o in others) and not HOW_OFTEN.search(chosen)
    )


def out_of_order(bids: list[int]) -> bool:
    """Whether a why list's bids (after the recommended one, which comes first) are out
    of the order the bids run ("Bid 2 · Bid 4 · Bid 1 · Bid 5", audit 5 F14)."""
    return bids[1:] != sorted(bids[1:])


def says_its_mark(mark: str, reason: str) -> bool:
    """Whether a review's reason starts with its mark's word, which its heading says
    already ("• Forced" over "Forced: it is your last card.", audit 5 F14)."""
    return bool(mark) and reason.lower().startswith(mark.lower())
