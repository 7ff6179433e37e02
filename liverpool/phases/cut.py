"""Phase CUT: the player right of the dealer cuts the shuffled shoe before each deal (rules with
an exact-cut bonus, ``docs/rules.md`` §3). The cut lands within :data:`CUT_SPREAD` cards of the
aim, drawn from the game's generator; lifting exactly ``Rules.cut_target`` cards earns the bonus.
"""

from __future__ import annotations

from ..actions import (
    Action,
    Cut,
)
from ..errors import IllegalAction
from ..events import Event, EventKind
from ..words import counted
from . import turns
from .context import Context

CUT_SPREAD = 3
"""A cut lands within this many cards of where the cutter aims (drawn from the game's
generator): cutting by feel, so an exact cut is a lucky one."""


def legal_cut(ctx: Context) -> list[Action]:
    needed = ctx.rules.cut_target(ctx.players, ctx.state.deal)
    size = len(ctx.state.shoe)
    return [Cut(aim) for aim in range(1, size)] if size > 1 else [Cut(needed)]


def apply_cut(ctx: Context, action: Action) -> list[Event]:
    if not isinstance(action, Cut):
        raise IllegalAction(turns.wrong_phase(ctx, action))
    s = ctx.state
    size = len(s.shoe)
    if not isinstance(action.aim, int) or not 1 <= action.aim < size:
        raise IllegalAction(f"A cut lifts between 1 and {size - 1} cards.")
    needed = ctx.rules.cut_target(ctx.players, ctx.state.deal)
    lifted = min(size - 1, max(1, action.aim + ctx.rng.randint(-CUT_SPREAD, CUT_SPREAD)))
    shoe = s.shoe
    s.shoe = []
    # The cutter lifts the top packet; the dealer deals from it first (top card last).
    shoe = shoe[-lifted:] + shoe[:-lifted]
    name = ctx.names[s.cutter]
    events: list[Event] = []
    if lifted == needed:
        bonus = ctx.rules.exact_cut_bonus
        s.deal_penalties[s.cutter] -= bonus
        events.append(
            Event(
                EventKind.CUT,
                f"{name} takes {bonus} points off: an exact cut of {lifted} cards, the deal "
                "and the upcard.",
                s.cutter,
            )
        )
    else:
        events.append(Event(EventKind.CUT, f"{name} cut {counted(lifted, 'card')}.", s.cutter))
    return events + turns.deal_from(ctx, shoe)
