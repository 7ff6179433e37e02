"""Liverpool Rummy: cards, rules for every house, melds, contracts and a whole-match engine.

The names here are the package's public face::

    import liverpool as lp
    hand = lp.parse_cards("7H 7C JK 9H 10H JH QH KS KD KC 3S")
    lp.check_run(lp.parse_cards("9H 10H JH QH"), lp.PRESETS["house"])   # truthy
    lp.find_going_down(hand, lp.PRESETS["house"], deal=2)                # a set and a run

The engine uses the standard library only; the notebook widgets live in ``liverpool_widgets``.
The rules it follows are written out, with their sources, in ``docs/rules.md``.

Where to find each rule, lowest layer first. At import time a module imports only from its
layer or below; a value's convenience methods reach up from inside the method, once called
(``Card._repr_svg_`` and ``Meld._repr_html_`` to ``render``, ``Game.to_json`` to ``record``):

* ``cards`` — cards, their notation and shoes; ``errors`` — the few precise errors;
  ``_compile`` — hints for the optional mypyc build, with no run-time dependency.
* ``rules`` — :class:`Rules`, one field per way houses differ, and the wild limits;
  ``presets`` — the named houses, each a :class:`Rules` value with its source.
* ``melds`` — sets, runs, placed melds, what fits where (verdicts in a learner's words).
* ``solver`` — finding a way to go down; ``analysis`` — what a hand lacks; ``codes`` — the
  card-code tables both searches share.
* ``setup`` — the frozen value every game starts from; ``state`` — the state of a match and
  the :class:`Phase` enum; ``phases`` — one module per phase (``cut``, ``calls``, ``draw``,
  ``play``) and the turn steps they share (``turns``); ``game`` — :class:`Game`, the facade;
  ``view`` — what one seat may know; ``actions``, ``events`` — what is done and reported.
* ``bots`` — the bots and their registry (``lp.bots.make``; the Hint coach, ``lp.bots.coach``).
* ``evaluate`` — judging a decision from one seat's view by playing it out over sampled deals
  (with the bots above as its fast players); ``bots.expert``, the one bot that searches, is
  built on it and so sits above it.
* ``match`` — tournaments; ``record`` — saved games; ``render`` — pictures;
  ``display`` — cards to look at in a notebook (``lp.show``, :class:`Hand`);
  ``table_model`` — what a card table shows;
  ``table_screen`` — what a seat's screen keeps besides the game (selection, staged melds,
  order) and how a click becomes a move;
  ``table_session`` — one seat at a table played by clicks, as the notebook table and the
  site play it; ``site_driver`` — the play site's engine side, driven by JSON messages;
  ``review`` — a coach's review of every decision one player made in a saved game;
  ``terminal`` and ``cli`` — the command line; ``sources`` — where each preset's rules come
  from.
"""

from __future__ import annotations

import copyreg
import dataclasses
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any

from . import bots, solver
from .actions import (
    Action,
    Buy,
    CallLiverpool,
    CallRummy,
    Cut,
    Discard,
    DrawStock,
    GiveCard,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
)
from .cards import Card, Rank, Suit, build_shoe, format_cards, parse_cards, standard_deck
from .display import Hand, show
from .errors import (
    CardParseError,
    IllegalAction,
    LiverpoolError,
    RecordError,
    RulesError,
    SeatError,
)
from .events import Event, EventKind
from .game import Game, Phase
from .match import MatchResult, play_match
from .melds import (
    Meld,
    Verdict,
    VerdictCode,
    arrange_run,
    can_replace_wild,
    check_meld,
    check_run,
    check_set,
    lay_off_ends,
)
from .presets import PRESETS, get_rules, preset_names
from .rules import (
    AceMode,
    BuyPriority,
    CardPoints,
    Contract,
    GoingDown,
    GoingOut,
    LayOffTiming,
    MeldKind,
    Requirement,
    Rules,
    RummyCall,
    ShoeSize,
    WildLimit,
    WildSwap,
    hand_points,
)
from .setup import Setup, StackedDeal
from .solver import find_going_down, find_whole_hand
from .view import PlayerView

if TYPE_CHECKING:
    from .render import card_svg

__all__ = [
    "COMPILED",
    "PRESETS",
    "AceMode",
    "Action",
    "Buy",
    "BuyPriority",
    "CallLiverpool",
    "CallRummy",
    "Card",
    "CardParseError",
    "CardPoints",
    "Contract",
    "Cut",
    "Discard",
    "DrawStock",
    "Event",
    "EventKind",
    "Game",
    "GiveCard",
    "GoDown",
    "GoOut",
    "GoingDown",
    "GoingOut",
    "Hand",
    "IllegalAction",
    "LayOff",
    "LayOffTiming",
    "LiverpoolError",
    "MatchResult",
    "Meld",
    "MeldKind",
    "Pass",
    "Phase",
    "PlayerView",
    "Rank",
    "RecordError",
    "Requirement",
    "Rules",
    "RulesError",
    "RummyCall",
    "SeatError",
    "Setup",
    "ShoeSize",
    "StackedDeal",
    "Suit",
    "SwapWild",
    "TakeDiscard",
    "Verdict",
    "VerdictCode",
    "WildLimit",
    "WildSwap",
    "arrange_run",
    "bots",
    "build_shoe",
    "can_replace_wild",
    "card_svg",
    "check_meld",
    "check_run",
    "check_set",
    "find_going_down",
    "find_whole_hand",
    "format_cards",
    "get_rules",
    "hand_points",
    "lay_off_ends",
    "parse_cards",
    "play_match",
    "preset_names",
    "show",
    "standard_deck",
]

__version__ = "0.1.0"

COMPILED: bool = (solver.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""True when the engine's hot modules are compiled extension modules (``make fast``, or
``LIVERPOOL_COMPILE=1 pip install .``: mypyc, from this same source), False when they run as
Python source. Either way the engine plays the same games; compiled, it plays them faster."""


def _rebuild(value: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """How a compiled dataclass pickles and copies: its class, called with its fields."""
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


def _register_reducers() -> None:
    """Compiled, a dataclass is a C type that pickles and copies only through a reducer (its
    frozen fields refuse the field-by-field restore the source's dataclasses get): give each
    compiled one :func:`_rebuild`, so engine values pickle, copy and deep-copy alike from
    either build (a card keeps its own reducer)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith(__name__ + ".") or not str(
            getattr(module, "__file__", None) or ""
        ).endswith(tuple(EXTENSION_SUFFIXES)):
            continue
        for cls in vars(module).values():
            if (
                isinstance(cls, type)
                and cls.__module__ == name
                and dataclasses.is_dataclass(cls)
                and "__reduce__" not in vars(cls)
                and all(f.init for f in dataclasses.fields(cls))
            ):
                copyreg.pickle(cls, _rebuild)


if COMPILED:
    _register_reducers()


def __getattr__(name: str) -> Any:
    """``card_svg`` is loaded on first use, so importing the engine never loads the drawing."""
    if name == "card_svg":
        from .render import card_svg

        return card_svg
    raise AttributeError(f"module 'liverpool' has no attribute {name!r}")
