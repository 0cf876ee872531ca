"""The faults of a careless sentence, which neither the engine's words (test_words.py)
nor a page's (tests/browser/tablekit.py) may show: a wrong article ("a 8", "a Ace", "an
Guard"), a decimal ("-8.00 chips") and a bare number after a sentence ("(+60 points)").
A number stays where the sentence says what it is ("wins 8 chips")."""

from __future__ import annotations

import re

CARELESS = {
    "a before a vowel sound": re.compile(
        r"\b[Aa] (?:8|11\b|18\b|[AEIaei]|[Oo](?!ne\b)|[Uu]n(?!i))"
    ),
    "an before a consonant sound": re.compile(
        r"\b[Aa]n (?:[B-DF-GJ-NP-TV-Zb-df-gj-np-tv-z]|[2-79]|1(?![18]\b)|one\b)"
    ),
    "a decimal": re.compile(r"\d\.\d\d"),
    "a bare number tail": re.compile(r"\([+-]?\d+(?:\.\d+)?(?: (?:points?|chips?|tricks?))?\)"),
}
