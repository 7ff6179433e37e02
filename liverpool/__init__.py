"""Liverpool Rummy: cards, rules for every house, melds, contracts and a whole-match engine.

The names here are the package's public face (see ``docs/rules.md`` for the rules they follow)::

    import liverpool as lp
    hand = lp.parse_cards("7H 7C JK 9H 10H JH QH KS KD KC 3S")
    lp.check_run(lp.parse_cards("9H 10H JH QH"), lp.PRESETS["house"])   # truthy
    lp.find_going_down(hand, lp.PRESETS["house"], deal=2)                # a set and a run

The engine uses the standard library only; the notebook widgets live in ``liverpool_widgets``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import bots
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
from .events import Event
from .game import Game, Phase
from .match import MatchResult, play_match
from .melds import (
    Meld,
    Verdict,
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
from .solver import find_going_down, find_whole_hand
from .view import PlayerView

if TYPE_CHECKING:
    from .render import card_svg

__all__ = [
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
    "ShoeSize",
    "Suit",
    "SwapWild",
    "TakeDiscard",
    "Verdict",
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


def __getattr__(name: str) -> Any:
    """``card_svg`` is loaded on first use, so importing the engine never loads the drawing."""
    if name == "card_svg":
        from .render import card_svg

        return card_svg
    raise AttributeError(f"module 'liverpool' has no attribute {name!r}")
