"""What going down's choice of melds gains and costs: the widest core against the first one.

``find_going_down`` picks one minimum-length meld per requirement (a *core*), then lays the
other naturals that fit. Two cores can lay different cards: a set of 7s taking the joker leaves
the Q♥ out where the three 7s and a run 8♥-Q♥ (the joker as J♥) lay it. Since b8ee090 the solver
weighs the cores while they do better (``solver._Widest`` says where it stops) and keeps the one
that lays the most naturals;
before, it kept the first core its search found. This script measures the difference on the
hands bots really ask about:

* it plays ``--matches`` matches per preset (StrongBot, BasicBot, StrongBot, BasicBot; seeds
  from ``--seed``) and records every distinct hand ``find_going_down`` is asked about with
  ``extend`` (the going-down question of every turn, the bots' and the table's);
* it answers each hand both ways in CPU time, past the memo cache (the search itself, as for
  a hand first seen): the solver as it is, and the first core grown as before (the solver
  allowed to weigh one core only, ``solver._WIDEST_CORES = 1``: so the pure engine only);
* it prints how many answers differ, how many lay more naturals or fewer, how many keep more
  wilds in hand, and the time per call both ways: over all hands, and over those that can go
  down (the only ones where the choice is made).

The answers are the same every run; the times are not (the load average is printed with them).

Run it by hand, for example::

    .venv/bin/python benchmarks/solver_choice.py --matches 6
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from benchlib import load_note, lp, percentile, python_line, table

from liverpool import solver
from liverpool.cards import Card
from liverpool.codes import BY_CODE
from liverpool.melds import Meld

Hand = tuple[str, int, tuple[int, ...]]
"""A preset's name, a deal and a hand as card codes in the order held."""


def recorded_hands(matches: int, seed: int) -> list[Hand]:
    """Every distinct hand asked about with ``extend`` in ``matches`` bot matches per preset."""
    seen: dict[Hand, None] = {}
    names = {id(rules): name for name, rules in lp.PRESETS.items()}
    ask = solver._find_going_down

    def recording(hand: list[Card], codes: list[int], facts: solver._Deal, extend: bool) -> object:
        name = names.get(id(facts.rules))
        if extend and name is not None:
            seen[name, facts.deal, tuple(codes)] = None
        return ask(hand, codes, facts, extend)

    solver._find_going_down = recording  # type: ignore[assignment]
    try:
        for rules in lp.PRESETS.values():
            for k in range(matches):
                lp.play_match(rules, ["strong", "basic", "strong", "basic"], seed=seed + k)
    finally:
        solver._find_going_down = ask
    return list(seen)


def widest(hand: list[Card], facts: solver._Deal) -> list[Meld] | None:
    """The solver's answer, past its memo cache."""
    return solver._find_going_down(hand, [c.index for c in hand], facts, True)


def first_core(hand: list[Card], facts: solver._Deal) -> list[Meld] | None:
    """The first core the search finds, grown with the naturals that fit: the answer before
    b8ee090, which is the solver's when it may weigh one core only."""
    widest_cores = solver._WIDEST_CORES
    solver._WIDEST_CORES = 1  # type: ignore[misc]  # (the pure engine reads it at each call)
    try:
        return widest(hand, facts)
    finally:
        solver._WIDEST_CORES = widest_cores  # type: ignore[misc]


def timed(
    ask: Callable[[list[Card], solver._Deal], list[Meld] | None],
    hand: list[Card],
    facts: solver._Deal,
) -> tuple[list[Meld] | None, float]:
    start = time.process_time()
    answer = ask(hand, facts)
    return answer, time.process_time() - start


def laid(melds: Sequence[Meld] | None, rules: lp.Rules) -> tuple[int, int]:
    """Naturals and wilds laid by an answer."""
    cards = [c for m in melds or () for c in m.cards]
    wilds = sum(1 for c in cards if rules.is_wild(c))
    return len(cards) - wilds, wilds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per preset (default 6)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (default 0)")
    args = parser.parse_args(argv)
    if lp.COMPILED:
        parser.error(
            "run it on the pure engine (.venv/bin/python): the compiled solver's cap is fixed"
        )
    print(python_line())
    print(load_note())
    hands = recorded_hands(args.matches, args.seed)
    differ = more = fewer = kept_wild = went_down = 0
    now_all: list[float] = []
    before_all: list[float] = []
    now_down: list[float] = []
    before_down: list[float] = []
    for name, deal, codes in hands:
        rules = lp.PRESETS[name]
        facts = solver._deal(rules, deal)
        cards = [BY_CODE[c] for c in codes]
        now, t_now = timed(widest, cards, facts)
        before, t_before = timed(first_core, cards, facts)
        now_all.append(t_now)
        before_all.append(t_before)
        if now is not None:
            went_down += 1
            now_down.append(t_now)
            before_down.append(t_before)
        if now != before:
            differ += 1
            (n_now, w_now), (n_before, w_before) = laid(now, rules), laid(before, rules)
            more += n_now > n_before
            fewer += n_now < n_before
            kept_wild += n_now == n_before and w_now < w_before
    print(
        f"{len(hands):,} hands asked about in {args.matches} matches per preset "
        f"({len(lp.PRESETS)} presets, seed {args.seed}); {went_down:,} can go down\n"
    )
    print(
        f"answers that differ: {differ} ({more} lay more naturals, {fewer} lay fewer, "
        f"{kept_wild} lay as many and keep more wilds in hand)\n"
    )

    def row(what: str, now: Sequence[float], before: Sequence[float]) -> list[str]:
        def ms(times: Sequence[float], q: float) -> str:
            return f"{percentile(times, q) * 1e3:.3f}"

        ratio = sum(now) / sum(before) if sum(before) else float("nan")
        return [what, ms(before, 50), ms(now, 50), ms(before, 99), ms(now, 99), f"{ratio:.2f}"]

    header = ["hands", "first p50", "widest p50", "first p99", "widest p99", "total ratio"]
    print("CPU ms per search, the first core against the widest:")
    print(
        table(
            [
                header,
                row("all", now_all, before_all),
                row("that can go down", now_down, before_down),
            ],
            right={1, 2, 3, 4, 5},
        )
    )


if __name__ == "__main__":
    main()
