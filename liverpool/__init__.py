"""Liverpool Rummy: cards, rules for every house, melds, contracts and a whole-match engine.

The names here are the package's public face (see ``API.md``)::

    import liverpool as lp
    hand = lp.parse_cards("7H 7C JK 9H 10H JH QH KS KD KC 3S")
    lp.check_run(lp.parse_cards("9H 10H JH QH"), lp.PRESETS["house"])   # truthy
    lp.find_going_down(hand, lp.PRESETS["house"], deal=2)                # a set and a run

The engine uses the standard library only; the notebook widgets live in ``liverpool_widgets``.
"""

from __future__ import annotations

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
from .errors import CardParseError, IllegalAction, LiverpoolError, RecordError, RulesError
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
    "standard_deck",
]

__version__ = "0.1.0"
