"""Whole games between computer players, for any game: the simulators', the arenas'
and the tests' one loop.

* :func:`bot_seed` -- the one seed formula: the bot choosing the ``step``-th action
  of a game keyed ``key`` (usually the game's seed) gets
  ``mix64(key ^ mix64(step)) >> 11`` (:func:`celestix.rng.mix64`), a seed below
  2**53. The terminal's ``play`` gives its bots the same seeds.
* :func:`play` -- one game over ``registry.rules_for(game)``: straight through the
  rules (a long run would spend its time in the facade's checks of every state), with
  ``audit`` checking the state once a hand (:attr:`GameRules.hand_field`) and at the
  end, or ``checked`` sending every call through :mod:`celestix.api` as a front end
  does. Every step (the view, the action, the processor milliseconds the bot took,
  the new state and its events) can be observed, and ``until`` can stop the game early.
* :func:`external_player` -- a level ``"module:name"`` names a player outside the
  engine (a function ``(view, seed) -> action``, e.g. ``bench.openspiel_bots:ismcts``,
  OpenSpiel's ISMCTS), which :func:`play` seats like a level of the game.
* :func:`run_jobs` -- the one process pool: jobs in parallel processes, in order,
  or one after another where processes cannot be made (Pyodide); with a ``log`` file,
  each result is kept there as it comes (a line of JSON) and the results already in
  it are not computed again, so a long run can be stopped and taken up later.

Game packages never import this module or the facade; the terminal (``celestix.cli``),
the tests and the benchmarks do.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from celestix import api
from celestix.options import OptionValue, resolve
from celestix.registry import rules_for
from celestix.rng import mix64
from celestix.shape import JsonDict

J = TypeVar("J")
R = TypeVar("R")


def bot_seed(key: int, step: int) -> int:
    """The seed of the bot choosing action number ``step`` of the game keyed ``key``."""
    return mix64(key ^ mix64(step)) >> 11


def external_player(level: str) -> Callable[[JsonDict, int], JsonDict] | None:
    """The player a level ``"module:name"`` names (``None`` for a level of the game);
    an import error if the module or the name does not exist."""
    if ":" not in level:
        return None
    module, _, name = level.partition(":")
    found: Callable[[JsonDict, int], JsonDict] = getattr(importlib.import_module(module), name)
    return found


@dataclass
class Step:
    """One action of a bot game."""

    seat: int
    view: JsonDict  # what the bot saw
    action: JsonDict
    ms: float  # processor milliseconds the bot took to choose
    state: JsonDict  # the state after the action
    events: list[JsonDict]


@dataclass
class Played:
    """How a bot game went."""

    state: JsonDict  # the last state
    actions: int
    finished: bool  # the game is over (not stopped by ``until`` or ``max_hands``)


def play(
    game: str,
    levels: Sequence[str],
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 1,
    *,
    setup: JsonDict | None = None,
    key: int | None = None,
    checked: bool = False,
    audit: bool = False,
    max_hands: int | None = None,
    until: Callable[[Step], bool] | None = None,
    observe: Callable[[Step], None] | None = None,
) -> Played:
    """Play game ``seed`` of ``game`` with the bot of ``levels[s]`` in seat ``s``.

    Bots are seeded by :func:`bot_seed` from ``key`` (default: ``seed``). The game ends
    when it is over, when ``max_hands`` hands have been played, or when ``until(step)``
    says so after a step.
    """
    rules = rules_for(game)
    if checked:
        state = api.new_game(game, dict(options or {}), seed, setup)
    else:
        state = rules.new_game(resolve(rules.option_specs, dict(options or {})), seed, setup)
        if audit:
            rules.check_state(state)
    key = seed if key is None else key
    hands = rules.hand_field
    first = state[hands] if hands is not None else 0
    actions = 0
    while not state["over"]:
        if max_hands is not None and hands is not None and state[hands] - first >= max_hands:
            break
        seat = state["to_act"]
        view = api.view(state, seat) if checked else rules.view(state, seat)
        began = time.process_time()  # processor time: less sensitive to other load
        outside = external_player(levels[seat])
        if outside is not None:
            action = outside(view, bot_seed(key, actions))
        elif checked:
            action = api.bot_action(view, levels[seat], bot_seed(key, actions))
        else:
            action = rules.bot_action(view, levels[seat], bot_seed(key, actions))
        took = 1000 * (time.process_time() - began)
        if checked:
            result = api.apply(state, action, seat)
            after, events = result["state"], result["events"]
        else:
            after, events = rules.apply(state, action, seat)
            new_hand = hands is not None and after[hands] != state[hands]
            if audit and (after["over"] or new_hand):
                rules.check_state(after)
        state = after
        actions += 1
        step = Step(seat, view, action, took, state, events)
        if observe is not None:
            observe(step)
        if until is not None and until(step):
            break
    return Played(state, actions, bool(state["over"]))


def run_jobs(
    function: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    progress: Callable[[list[R], int], None] | None = None,
    log: str | None = None,
) -> tuple[list[R], int]:
    """``function`` of every job, in order, in ``workers`` processes (one after another
    where processes cannot be made); ``progress(results so far, processes)`` after each.

    With ``log`` (a file name), every result (a JSON value) is appended to the file as a
    line ``{"job": job, "result": result}`` as soon as it is known, and the jobs whose
    results the file already holds are not run again. Returns the results and the number
    of processes used.
    """
    kept: dict[str, R] = {}
    if log is not None and os.path.exists(log):
        with open(log, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    entry = json.loads(line)
                    kept[json.dumps(entry["job"])] = entry["result"]
    todo = [job for job in jobs if _job_key(job) not in kept]
    fresh: list[R] = []

    def note(result: R, job: J, processes: int) -> None:
        fresh.append(result)
        if log is not None:
            with open(log, "a", encoding="utf-8") as out:
                out.write(json.dumps({"job": job, "result": result}) + "\n")
        if progress is not None:
            progress([*kept.values(), *fresh], processes)

    processes = _run(function, todo, workers, note)
    done = iter(fresh)
    results = [kept[_job_key(job)] if _job_key(job) in kept else next(done) for job in jobs]
    return results, processes


def run_arena(
    function: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    options: object,
    report: Callable[[list[R], int, float], list[str]],
    write: Callable[[str], None],
) -> tuple[list[R], int, float]:
    """An arena's deals through :func:`run_jobs`: ``options`` (the command line) may
    have ``progress`` (write the standings, lines 3 and 4 of ``report(results, processes,
    seconds)``, every so many deals) and ``log`` (the results' file). Returns the
    results, the processes and the seconds it took."""
    started = time.perf_counter()
    every = int(getattr(options, "progress", 0) or 0)

    def progress(results: list[R], processes: int) -> None:
        if every and len(results) % every == 0 and len(results) < len(jobs):
            lines = report(results, processes, time.perf_counter() - started)
            write(f"after {len(results)} deals: {lines[2]}; {lines[3]}")

    log = getattr(options, "log", None)
    results, processes = run_jobs(function, jobs, workers, progress, log)
    return results, processes, time.perf_counter() - started


def _job_key(job: object) -> str:
    """A job as the log writes it (tuples become lists)."""
    return json.dumps(json.loads(json.dumps(job)))


def _run(
    function: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    note: Callable[[R, J, int], None],
) -> int:
    """Run the jobs, in order, calling ``note(result, job, processes)`` after each."""
    done = 0
    if workers > 1 and len(jobs) > 1:
        try:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for job, result in zip(jobs, pool.imap(function, jobs, chunksize=1), strict=True):
                    note(result, job, workers)
                    done += 1
                return workers
        except (OSError, ImportError, NotImplementedError):
            pass  # no processes here (e.g. Pyodide): play the rest in this one
    for job in jobs[done:]:
        note(function(job), job, 1)
    return 1
