"""The computer players' shared layer (celestix.bots): level tables, budgets, bit masks."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from celestix import api
from celestix.bots.bits import high, ids_of, low, mask_of
from celestix.bots.budget import SearchBudget, budget_of, rounded
from celestix.bots.dealing import constrained_deal, slack
from celestix.bots.levels import Levels, random_player, refusing
from celestix.bots.search import Cards, deals, search_cards, tally
from celestix.errors import MalformedError
from celestix.registry import GAME_MODULES
from celestix.rng import Rng


@dataclass(frozen=True, kw_only=True)
class Trial(SearchBudget):
    deal_tries: int = 1  # each game's budget names its own
    mode: str = "policy"
    limit_ms: int | None = None


NAMED = {"normal": Trial(work=100, min_samples=2, max_samples=5, solve_tricks=0, bid_samples=3)}


def first_view(game: str) -> dict[str, object]:
    state = api.new_game(game, seed=3)
    return api.view(state, state["to_act"])


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_an_unknown_level_is_a_malformed_level_in_every_game(game: str) -> None:
    bots = importlib.import_module(f"celestix.{game}.bots")
    view = first_view(game)
    for level in ("wizard", "normal+wizardry=3", "normal+work=many", ""):
        with pytest.raises(MalformedError) as caught:
            bots.choose(view, level, 1)
        assert caught.value.field == "level"
    assert tuple(api.games()[list(GAME_MODULES).index(game)]["levels"]) == bots.LEVELS


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_level_refuses_a_view_with_no_legal_action(game: str) -> None:
    bots = importlib.import_module(f"celestix.{game}.bots")
    view = first_view(game)
    if game == "patience":  # nothing to build, deal or redeal
        view.update(stock_count=0, seen_stock=[], waste=[], redeals_left=0)
    else:
        view["over"] = True
    for level in bots.LEVELS:
        with pytest.raises(MalformedError) as caught:
            bots.choose(view, level, 1)
        assert caught.value.field == "view"


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_random_level_draws_from_the_seed(game: str) -> None:
    bots = importlib.import_module(f"celestix.{game}.bots")
    view = first_view(game)
    state = api.new_game(game, seed=3)
    legal = api.legal_actions(state, state["to_act"])
    for seed in range(5):
        assert bots.choose(view, "random", seed) == Rng(seed).choice(legal)


def test_a_level_table_dispatches_and_searches() -> None:
    def legal(view: dict[str, object]) -> list[dict[str, object]]:
        return [{"n": n} for n in range(int(str(view["n"])))]

    table = Levels(
        {"first": lambda view, seed: legal(view)[0], "random": random_player(refusing(legal))},
        lambda spec: (lambda view, seed: {"spec": spec}) if spec.startswith("s") else None,
    )
    assert table.names == ("first", "random")
    assert table.choose({"n": 3}, "first", 0) == {"n": 0}
    assert table.choose({"n": 3}, "s+x", 0) == {"spec": "s+x"}
    assert table.player_of("t") is None
    with pytest.raises(MalformedError, match="view: the seat has no legal action"):
        table.choose({"n": 0}, "random", 0)


def test_budgets_are_named_and_changed_by_field() -> None:
    base = NAMED["normal"]
    assert budget_of("normal", NAMED) == base
    assert budget_of("normal+work=7+mode=random", NAMED) == Trial(
        work=7, min_samples=2, max_samples=5, solve_tricks=0, bid_samples=3, mode="random"
    )
    changed = budget_of("normal+limit_ms=30+bidding=basic", NAMED)
    assert changed is not None and (changed.limit_ms, changed.bidding) == (30, "basic")
    for spec in ("strong", "normal+work", "normal+work=", "normal+work=-3", "normal+size=4"):
        assert budget_of(spec, NAMED) is None


def test_sampling_stops_at_the_work_within_the_sample_bounds() -> None:
    budget = NAMED["normal"]
    assert budget.more(0, 10**6) and budget.more(1, 10**6)  # at least two deals
    assert not budget.more(2, 100) and budget.more(2, 99)
    assert not budget.more(5, 0)  # at most five
    assert budget.more(2, 150, limit=200) and not budget.more(2, 200, limit=200)


def test_rounded_halves_away_from_zero() -> None:
    assert [rounded(t, 2) for t in (-3, -1, 0, 1, 3, 4)] == [-2, -1, 0, 1, 2, 2]
    assert rounded(7, 3) == 2 and rounded(-7, 3) == -2 and rounded(5, 0) == 5


def test_bit_masks() -> None:
    index = {"a": 0, "b": 3, "c": 9}
    mask = mask_of(["c", "a"], index)
    assert mask == 0b1000000001
    assert ids_of(mask) == [0, 9] and ids_of(0) == []
    assert (low(mask), high(mask)) == (0, 9)


# --- dealing hidden cards under constraints -------------------------------------------------


def brute_force_fits(allowed: list[int], room: list[int]) -> bool:
    """Whether some assignment of the cards to their allowed places fills every room."""

    def place(i: int, left: list[int]) -> bool:
        if i == len(allowed):
            return not any(left)
        for p in range(len(left)):
            if allowed[i] >> p & 1 and left[p]:
                left[p] -= 1
                found = place(i + 1, left)
                left[p] += 1
                if found:
                    return True
        return False

    return sum(room) == len(allowed) and place(0, list(room))


def test_a_constrained_deal_exists_exactly_when_one_is_possible_and_keeps_every_constraint() -> (
    None
):
    rng = Rng(17)
    feasible = infeasible = 0
    for _ in range(600):
        places = 1 + rng.below(4)
        cards = rng.below(8)
        room = [0] * places
        for _ in range(cards):
            room[rng.below(places)] += 1
        # mostly narrow allowed sets, so that many instances have no deal at all
        allowed = [1 + rng.below((1 << places) - 1) & (1 + rng.below((1 << places) - 1))
                   for _ in range(cards)]  # fmt: skip
        where = constrained_deal(allowed, room, Rng(rng.below(1000)))
        if not brute_force_fits(allowed, room):
            assert where is None
            infeasible += 1
            continue
        feasible += 1
        assert where is not None
        assert all(allowed[i] >> p & 1 for i, p in enumerate(where))
        assert [where.count(p) for p in range(places)] == room
    assert feasible > 100 and infeasible > 100


def test_an_unconstrained_deal_gives_every_place_its_share_of_each_card() -> None:
    # six cards free to go anywhere, three places of room 1, 2 and 3
    counts = [0, 0, 0]
    for k in range(3000):
        where = constrained_deal([0b111] * 6, [1, 2, 3], Rng(k))
        assert where is not None
        counts[where[0]] += 1
    # each card is in a place with probability room / 6
    assert [round(6 * c / 3000, 1) for c in counts] == pytest.approx([1, 2, 3], abs=0.2)


def test_hall_slack_is_each_sets_room_less_the_cards_held_to_it() -> None:
    # two places of room 1 and 2; one card may go only to place 0, two anywhere
    assert slack({0b01: 1, 0b11: 2}, [1, 2]) == [0, 0, 2, 0]
    assert slack({0b01: 2, 0b11: 1}, [1, 2]) is None  # two cards for a room of one
    assert slack({0: 1, 0b11: 2}, [1, 2]) is None  # a card with no place at all
    assert slack({0b11: 2}, [1, 2]) is None  # too few cards for the room


class Dice:
    """A simulation for the sampling loop: a deal is a die's roll; choice ``c`` is worth
    (roll + c, 1) and costs ``c + 1`` work."""

    def sample(self, rng: Rng) -> int:
        return 1 + rng.below(6)

    def values(
        self, deal: int, choices: Sequence[int], rng: Rng
    ) -> tuple[list[tuple[int, ...]], int]:
        return [(deal + c, 1) for c in choices], sum(c + 1 for c in choices)


def test_the_sampling_loop_sums_common_deals_until_the_budget_is_spent() -> None:
    budget = Trial(work=20, min_samples=2, max_samples=50, solve_tricks=0, bid_samples=3)
    found = tally(Dice(), [0, 2], 2, budget, Rng(9), also=5)
    # each deal costs 1 + 3 work (the choice asked for aside costs nothing): 5 deals
    assert found.samples == 5
    assert found.sums[1][0] - found.sums[0][0] == 2 * 5  # common deals: the gap is exact
    assert found.sums[0][1] == found.sums[1][1] == found.also[1] == 5
    assert found.also[0] - found.sums[0][0] == 5 * 5
    assert 5 <= found.sums[0][0] <= 6 * 5
    limited = tally(Dice(), [0, 2], 2, budget, Rng(9), limit=4)
    assert limited.samples == budget.min_samples
    capped = tally(Dice(), [0], 1, replace(budget, work=10**6), Rng(9))
    assert capped.samples == budget.max_samples


def test_a_time_limit_stops_the_sampling_loop_after_the_first_deal() -> None:
    budget = Trial(work=10**6, min_samples=20, max_samples=50, solve_tricks=0,
                   bid_samples=30, time_ms=0)  # fmt: skip
    assert tally(Dice(), [0, 1], 2, budget, Rng(1)).samples == 1
    assert len(list(deals(Dice().sample, Rng(1), budget.bid_samples, budget))) == 1
    untimed = replace(budget, time_ms=None)
    assert tally(Dice(), [0, 1], 2, untimed, Rng(1)).samples == 50
    assert len(list(deals(Dice().sample, Rng(1), untimed.bid_samples, untimed))) == 30


@dataclass
class Spot:
    """What a seat knows, for the card search: four cards in play, ``left`` tricks."""

    seat: int = 0
    to_act: int = 0
    left: int = 3

    def alive(self) -> int:
        return 0b1111


# A deck of four cards, each its own run (no two play alike).
FOUR = Cards(("a", "b", "c", "d"), {"a": 0, "b": 1, "c": 2, "d": 3}, lambda legal, _: ids_of(legal))


def test_a_card_decision_searches_the_distinct_cards_the_game_keeps() -> None:
    budget = Trial(work=20, min_samples=2, max_samples=50, solve_tricks=3, bid_samples=3)
    built: list[bool] = []

    def dice(solving: bool, rng: Rng) -> Dice:
        built.append(solving)
        return Dice()

    def keep(allowed: int) -> int:
        return allowed & ~0b10  # the game's rule leaves "b" out

    with pytest.raises(MalformedError) as refused:
        search_cards(FOUR, Spot(to_act=1), ["a", "b"], keep, dice, 2, budget, Rng(9))
    assert refused.value.field == "view.trick"
    one = search_cards(FOUR, Spot(), ["a", "b"], keep, dice, 2, budget, Rng(9))
    assert (one.cards, one.tallied, built) == (["a"], None, [])  # one choice: not searched
    valued = search_cards(FOUR, Spot(), ["a"], keep, dice, 2, budget, Rng(9), value_one=True)
    assert valued.tallied is not None and valued.tallied.samples >= budget.min_samples
    found = search_cards(FOUR, Spot(), ["a", "b", "c"], keep, dice, 2, budget, Rng(9), also="b")
    assert (found.choices, found.cards) == ([0, 2], ["a", "c"])
    assert found.tallied == tally(Dice(), [0, 2], 2, budget, Rng(9), also=1)
    assert built == [True, True]  # three tricks left: solved
    search_cards(FOUR, Spot(), ["a", "c"], keep, dice, 2, replace(budget, solve_tricks=2), Rng(9))
    assert built[-1] is False
