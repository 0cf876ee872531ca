"""bench/sabacc_chances.py: the void share each declaring threshold would leave."""

from __future__ import annotations

import pytest

from bench.sabacc_chances import THRESHOLDS, main, table_chance, void_shares


def test_a_table_is_void_below_the_threshold_its_best_chance_misses() -> None:
    chances = [0.05, 0.2, 0.5, 0.3]
    assert void_shares(chances, (0.1, 0.3, 0.31, 0.6)) == [0.25, 0.5, 0.75, 1.0]


def test_a_tables_chance_is_a_share_of_samples_and_repeats_with_its_seed() -> None:
    chances = [table_chance(4, seed) for seed in (1, 2, 3)]
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert chances == [table_chance(4, seed) for seed in (1, 2, 3)]
    assert max(chances) > 0  # four-player tables hold contracts (docs/BOTS.md)


def test_the_report_gives_a_line_for_each_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "5", "--deals", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + len(THRESHOLDS)
    assert lines[-1].startswith("  every player declaring from a chance of 57%")
