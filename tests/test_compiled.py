"""The compiled engine (issue 19): ``lp.COMPILED`` says which build runs, the build under test is
the one expected, and engine values pickle and copy alike from either build.

``make test`` runs this file twice. First with the rest of the suite against the pure source
(``.venv``, an editable install of the checkout). Then ``make test-fast`` runs the engine's
tests against ``.venv-fast``'s compiled install with ``LIVERPOOL_EXPECT_COMPILED=1``: every
module ``pyproject.toml`` lists for compiling must then have been imported as an extension
module, from outside the checkout, which proves the other tests of that run exercised the
compiled code and not the sources beside them.
"""

from __future__ import annotations

import copy
import gc
import importlib
import os
import pickle
import random
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import liverpool as lp
from liverpool.analysis import (
    HandAnalysis,
    LayOffOption,
    PartialMeld,
    SwapOption,
    analyze_hand,
)
from liverpool.melds import Verdict

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("LIVERPOOL_EXPECT_COMPILED", "") == "1"


def _compiled_modules() -> list[str]:
    """The modules pyproject.toml lists for mypyc (paths there), as module names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]
    return [Path(p).with_suffix("").as_posix().replace("/", ".") for p in paths]


def _is_extension(module: Any) -> bool:
    return str(getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))


def _in_checkout(path: str) -> bool:
    """Is ``path`` in the checkout's own package (not in a venv that happens to sit beside it)?"""
    return Path(path).resolve().is_relative_to(ROOT / "liverpool")


def _installed(path: str) -> bool:
    """Is ``path`` in the running environment's own installation (its site-packages)?"""
    return Path(path).resolve().is_relative_to(Path(sys.prefix).resolve())


def test_the_flag_says_whether_the_engine_is_compiled() -> None:
    assert isinstance(lp.COMPILED, bool)
    assert "COMPILED" in lp.__all__
    assert _is_extension(lp.solver) == lp.COMPILED
    # every listed module is built the same way: all compiled, or all source
    assert {_is_extension(importlib.import_module(m)) for m in _compiled_modules()} == {lp.COMPILED}


def test_every_compiled_module_is_imported_with_the_package() -> None:
    # so that `import liverpool` registers their values' reducers (see test below)
    assert set(_compiled_modules()) <= set(sys.modules)


def test_the_checkout_holds_no_compiled_module() -> None:
    # the compiled build is made in a temporary directory: an editable checkout never runs a
    # stale extension module in place of the source beside it
    assert not [p for s in EXTENSION_SUFFIXES for p in (ROOT / "liverpool").rglob(f"*{s}")]


@pytest.mark.skipif(not EXPECT_COMPILED, reason="LIVERPOOL_EXPECT_COMPILED=1 is not set")
def test_the_engine_under_test_is_the_compiled_install() -> None:
    assert lp.COMPILED, f"liverpool.solver is {lp.solver.__file__}"
    assert not _in_checkout(lp.__file__ or ""), f"liverpool came from {lp.__file__}"
    assert _installed(lp.__file__ or ""), f"liverpool came from {lp.__file__}"
    for name in _compiled_modules():
        module = importlib.import_module(name)
        assert _is_extension(module), f"{name} is {module.__file__}"
        assert _installed(module.__file__ or ""), f"{name} is {module.__file__}"
    # the modules kept pure are the installed copies of the same source
    assert not _is_extension(lp.game) and _installed(lp.game.__file__ or "")


@pytest.mark.skipif(EXPECT_COMPILED, reason="LIVERPOOL_EXPECT_COMPILED=1: the compiled run")
def test_the_source_run_tests_the_checkout() -> None:
    if not _in_checkout(lp.__file__ or ""):
        pytest.skip(f"liverpool is installed from {lp.__file__}, not run from this checkout")
    assert not lp.COMPILED


# -- values pickle and copy alike from either build -------------------------------------------


def _mid_match() -> tuple[lp.Game, list[Any]]:
    """A seeded random house match played until a card has been laid off, and one of each
    action kind and event it met on the way."""
    game = lp.Game("house", 4, seed=11)
    rng = random.Random(11)
    seen: dict[type, Any] = {}
    while lp.LayOff not in seen:
        legal = game.legal_actions()
        for action in legal:
            seen.setdefault(type(action), action)
        for event in game.apply(legal[rng.randrange(len(legal))]):
            seen.setdefault(type(event), event)
    assert game.table and not game.is_over
    return game, list(seen.values())


_GAME, _SEEN = _mid_match()
_HAND = _GAME.hand(0)
_STACKED = lp.Game.from_deal(
    "house",
    hands=[
        "KS KD KC QS QD QH 2C 3C 4C 5D",
        "7H 7C 8H 9H 10H JH 5S 6S 7S 8S",
        "2H 3H 4H 5H 6H 7D 8D 9D 10D JD",
        "AS AH AD 2S 3S 4S 5C 6C 7C 8C",
    ],
    stock=["KH", "9C"],
    upcard="QC",
    table=[(1, "9S 9D 9C")],
)

VALUES: dict[str, Any] = {
    **{f"seen {type(v).__name__}": v for v in _SEEN},
    "GoDown": lp.GoDown(["7H 7C 7D", "8H 8C 8D"]),
    "GoOut": lp.GoOut(["7H 7C 7D", "8H 8C 8D"]),
    "GoOut()": lp.GoOut(),
    "LayOff": lp.LayOff("7H", 0, "low"),
    "SwapWild": lp.SwapWild("7H", 0, 1),
    "Discard": lp.Discard("QS"),
    "GiveCard": lp.GiveCard("QS"),
    "Cut": lp.Cut(aim=40),
    "CallRummy": lp.CallRummy(),
    "CallLiverpool": lp.CallLiverpool(),
    "card": _HAND[0],
    "joker": lp.Card.joker(),
    "view": _GAME.view(0),
    "table": _GAME.table,
    "verdict": lp.check_set(lp.parse_cards("7H 7C 7D"), _GAME.rules),
    "refusal": lp.check_run(lp.parse_cards("7H 8C 9D 10S"), _GAME.rules),
    "analysis": analyze_hand(_HAND, _GAME.rules, 1),
    "rules": lp.PRESETS["online"].replace(wild_swap="to_hand"),
    "setup": _GAME.setup,
    "stacked setup": _STACKED.setup,
    "stacked view": _STACKED.view(1),
}
COPIES = {
    "pickle": lambda v: pickle.loads(pickle.dumps(v)),
    "pickle protocol 2": lambda v: pickle.loads(pickle.dumps(v, protocol=2)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", VALUES)
def test_engine_values_pickle_and_copy_alike(name: str, how: str) -> None:
    value = VALUES[name]
    again = COPIES[how](value)
    assert again == value and type(again) is type(value)


@pytest.mark.parametrize("how", COPIES)
def test_a_game_pickles_and_copies_and_plays_on_alike(how: str) -> None:
    game = _GAME.copy()
    again = COPIES[how](game)
    assert again.state_key() == game.state_key()
    if how == "copy":
        return  # a shallow copy shares its state with the original: nothing to play apart
    for g in (game, again):
        rng = random.Random(5)
        for _ in range(40):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    assert again.state_key() == game.state_key()


# -- acyclic values stay out of the cyclic garbage collector ----------------------------------

_SEVENS = tuple(lp.parse_cards("7H 7C 7D"))
ACYCLIC: dict[type, Any] = {
    lp.Card: _HAND[0],
    Verdict: lp.check_set(_SEVENS, _GAME.rules),
    lp.Meld: lp.Meld.build("set", _SEVENS, _GAME.rules),
    PartialMeld: PartialMeld(lp.Requirement(lp.MeldKind.SET, 3), _SEVENS[:2], 1, (), 0),
    LayOffOption: LayOffOption(_SEVENS[0], 0, None),
    SwapOption: SwapOption(_SEVENS[0], 0, 1, lp.Card.joker()),
    HandAnalysis: analyze_hand(_HAND, _GAME.rules, 1),
    lp.DrawStock: lp.DrawStock(),
    lp.TakeDiscard: lp.TakeDiscard(),
    lp.Buy: lp.Buy(),
    lp.Pass: lp.Pass(),
    lp.GoDown: VALUES["GoDown"],
    lp.LayOff: VALUES["LayOff"],
    lp.SwapWild: VALUES["SwapWild"],
    lp.Discard: VALUES["Discard"],
    lp.CallRummy: VALUES["CallRummy"],
    lp.CallLiverpool: VALUES["CallLiverpool"],
    lp.GiveCard: VALUES["GiveCard"],
    lp.GoOut: VALUES["GoOut"],
    lp.Cut: VALUES["Cut"],
    lp.Event: next(v for v in _SEEN if isinstance(v, lp.Event)),
    lp.PlayerView: VALUES["view"],
}
"""The classes marked ``@mypyc_attr(acyclic=True)`` (``liverpool/_compile.py``), one value each."""


@pytest.mark.skipif(not EXPECT_COMPILED, reason="LIVERPOOL_EXPECT_COMPILED=1 is not set")
@pytest.mark.parametrize("cls", ACYCLIC, ids=lambda c: c.__name__)
def test_acyclic_values_are_not_tracked_by_the_collector(cls: type) -> None:
    value = ACYCLIC[cls]
    assert type(value) is cls
    assert not gc.is_tracked(value), f"{cls.__name__} is tracked: its mypyc_attr was not honoured"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="LIVERPOOL_EXPECT_COMPILED=1 is not set")
def test_stateful_objects_are_still_tracked_by_the_collector() -> None:
    # the mark is per class: the game, its context and its mutable state stay collectable
    context = _GAME._ctx
    assert gc.is_tracked(_GAME) and gc.is_tracked(context) and gc.is_tracked(context.state)
