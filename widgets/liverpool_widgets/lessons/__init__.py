"""Lesson widgets: one small widget per lesson, each answering the learner at once.

Lessons 03–07: :class:`SetBuilder` and :class:`RunBuilder` (pick cards from a tray, the verdict
updates per click), :class:`WildLimits` (the same cards judged under every preset side by
side), :class:`GoingDownTrainer` (select melds and try to go down; the engine answers) and
:class:`LayOffTrainer` (which cards fit where, at which end; swapping wilds). Lessons 08–13:
``BuyingWalkthrough``, ``ScorePad``, ``RulesCompare``, ``HandExplorer`` and ``StrategyLab``,
loaded only when first used (so one missing module never breaks the others).

Each widget has a plain Python API (methods and a ``state`` dict) that tests drive, and a
deterministic ``repr``. :func:`check` checks a lesson's exercises; :func:`solution` shows one's
worked solution, folded.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from .builders import RunBuilder, SetBuilder
from .exercises import check, grade, solution
from .going_down import GoingDownTrainer
from .lay_off import LayOffTrainer
from .wild_limits import WildLimits

# Widgets of lessons 08–13, imported on first use: name -> module (relative to this package).
_LAZY = {
    "BuyingWalkthrough": ".buying",
    "ScorePad": ".scorepad",
    "RulesCompare": ".rules_compare",
    "HandExplorer": ".hand_explorer",
    "StrategyLab": ".strategy_lab",
    "TurnWalk": ".turn_walk",
    "FirstDeal": ".first_deal",
    "Quiz": ".quiz",
}


def _present(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name, __name__) is not None
    except ImportError:
        return False


# ``from liverpool_widgets.lessons import *`` names only the lazy widgets whose module exists.
__all__ = [
    "GoingDownTrainer",
    "LayOffTrainer",
    "RunBuilder",
    "SetBuilder",
    "WildLimits",
    "check",
    "grade",
    "solution",
    *sorted(name for name, module in _LAZY.items() if _present(module)),
]


def __getattr__(name: str) -> Any:
    """Load a widget of lessons 08–13 the first time it is asked for."""
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(module_name, __name__)
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
