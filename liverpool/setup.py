"""How a match begins: the one frozen :class:`Setup` value every :class:`~liverpool.Game` is
built from.

A setup is the rules, the players' names, the seed and the first dealer — and, for lessons,
tests and puzzles, a :class:`StackedDeal` (the hands, the stock, the upcard, melds already on
the table). ``Game(...)``, ``Game.from_deal(...)``, :meth:`Game.copy <liverpool.Game.copy>`,
:meth:`Game.replay_to <liverpool.Game.replay_to>` and a saved record all go through it, so a
game is always its setup plus its actions: that is what makes replay exact.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, card_of, parse_cards
from .errors import IllegalAction, RulesError, quoted
from .melds import Meld
from .presets import get_rules
from .rules import MeldKind, Rules
from .words import counted

__all__ = ["BOT_ORDER", "DEFAULT_NAMES", "Setup", "StackedDeal", "bot_names", "seat_names"]

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hal")
"""Seat names used when a game is given a number of players."""


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """A deal laid out by hand instead of shuffled: ``hands[i]`` is seat i's hand, ``stock``
    lists the stock top card first, ``upcard`` starts the discard pile, ``table`` holds melds
    already laid (each with its owner, who counts as down). With ``complete`` the cards of the
    shoe not named here are shuffled under the stock, so the card count matches the shoe."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    upcard: Card | None = None
    deal: int = 1
    complete: bool = True
    table: tuple[Meld, ...] = ()

    def named_cards(self) -> list[Card]:
        """Every card the stacked deal names (hands, stock, upcard, table)."""
        cards = [c for hand in self.hands for c in hand] + list(self.stock)
        cards += [self.upcard] if self.upcard else []
        return cards + [c for meld in self.table for c in meld.cards]

    def to_dict(self, dealer: int) -> dict[str, Any]:
        """Plain data for a saved record (the table only when melds are stacked, so records
        of plain stacked deals stay as they were)."""
        data: dict[str, Any] = {
            "hands": [[c.code for c in h] for h in self.hands],
            "stock": [c.code for c in self.stock],
            "upcard": self.upcard.code if self.upcard else None,
            "deal": self.deal,
            "dealer": dealer,
            "complete": self.complete,
        }
        if self.table:
            data["table"] = [
                [meld.owner, str(meld.kind), [c.code for c in meld.cards]] for meld in self.table
            ]
        return data


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a match starts from; a game is its setup plus its actions."""

    rules: Rules
    names: tuple[str, ...]
    seed: int
    dealer: int = 0
    stacked: StackedDeal | None = None

    @classmethod
    def new(
        cls,
        rules: str | Rules | None = "house",
        players: int | Sequence[str] = 4,
        seed: int | None = None,
        dealer: int = 0,
    ) -> Setup:
        """A shuffled match: ``seed=None`` draws a seed, which is kept so the game replays."""
        rules_value = get_rules(rules)
        if isinstance(players, int) and not isinstance(players, bool):
            rules_value.check_players(players)
        names = seat_names(players)
        rules_value.check_players(len(names))
        _check_dealer(dealer, len(names))
        _check_seed(seed)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        return cls(rules_value, names, seed, dealer)

    @classmethod
    def stacked_deal(
        cls,
        rules: str | Rules | None,
        hands: Sequence[Iterable[Card | str] | str],
        stock: Iterable[Card | str] | str = (),
        upcard: Card | str | None = None,
        *,
        deal: int = 1,
        dealer: int = 0,
        seed: int = 0,
        names: Sequence[str] | None = None,
        complete: bool = True,
        table: Iterable[tuple[int, Iterable[Card | str] | str] | Meld] = (),
    ) -> Setup:
        """A match whose current deal is stacked (see :meth:`Game.from_deal
        <liverpool.Game.from_deal>` for the arguments). Raises
        :class:`~liverpool.RulesError` for a deal that cannot be laid out."""
        rules_value = get_rules(rules)
        _check_seed(seed)
        if isinstance(hands, str) or not isinstance(hands, Iterable):
            # A string would be read letter by letter, one "hand" per character.
            raise RulesError(
                f'hands is a list, one hand per seat, e.g. ["7H 7C …", "…"]; got {quoted(hands)}'
            )
        hand_cards = tuple(tuple(parse_cards(h)) for h in hands)
        if isinstance(names, str):
            example = '["Ada", "Ben", "Cleo"]'
            raise RulesError(
                f"names is a list, one name per seat, e.g. {example}; got {quoted(names)}"
            )
        seats = seat_names(names if names else len(hand_cards))
        n = len(seats)
        if len(hand_cards) != n:
            raise RulesError(
                f"{counted(n, 'name')} for {counted(len(hand_cards), 'hand')}: "
                "give one name per hand"
            )
        rules_value.check_players(n)
        if not isinstance(deal, int) or not 1 <= deal <= rules_value.deals:
            raise RulesError(f"deal must be 1 to {rules_value.deals}, not {deal!r}")
        _check_dealer(dealer, n)
        up = None if upcard is None else card_of(upcard)
        stacked = StackedDeal(
            hand_cards,
            tuple(parse_cards(stock)),
            up,
            deal,
            complete,
            tuple(
                _stacked_meld(seat, cards, rules_value, n) for seat, cards in _table_pairs(table)
            ),
        )
        shoe = rules_value.shoe_size(n)
        extra = Counter(stacked.named_cards()) - Counter(rules_value.build_shoe(n))
        if extra:
            card = next(iter(extra))
            if card.is_joker and not shoe.jokers:
                raise RulesError(
                    f"{rules_value.name} rules play without jokers"
                    + ("" if not rules_value.has_jokers else f" at a table of {n}")
                    + f", so a stacked deal cannot name the {card}"
                )
            raise RulesError(
                f"the stacked deal names the {card} more often than the shoe for {n} players "
                "holds it"
            )
        return cls(rules_value, seats, seed, dealer, stacked)

    @classmethod
    def from_record(
        cls,
        rules: Rules,
        players: int | Sequence[str],
        seed: int,
        dealer: int,
        stacked: Mapping[str, Any] | None,
    ) -> Setup:
        """The setup a saved record names (its ``stacked`` part as :meth:`StackedDeal.to_dict`
        wrote it)."""
        if not stacked:
            return cls.new(rules, players, seed, dealer)
        return cls.stacked_deal(
            rules,
            stacked["hands"],
            stacked["stock"],
            stacked["upcard"],
            deal=stacked["deal"],
            dealer=stacked["dealer"],
            seed=seed,
            names=None if isinstance(players, int) else list(players),
            complete=stacked.get("complete", True),
            table=[(owner, cards) for owner, _kind, cards in stacked.get("table", ())],
        )

    def record(self) -> dict[str, Any] | None:
        """The stacked deal as a saved record holds it (``None`` for a shuffled match)."""
        return None if self.stacked is None else self.stacked.to_dict(self.dealer)


BOT_ORDER = (*DEFAULT_NAMES[1:], DEFAULT_NAMES[0])
"""The names bots take beside a person at seat 0 (Ben, Cleo, Dev, ..., then Ada): the default
seats' names, as a table of bots alone would be named."""


def bot_names(name: str, count: int, order: Sequence[str] = BOT_ORDER) -> list[str]:
    """The names of ``count`` bots beside a person called ``name``: ``order``'s names, then
    "Bot 1", "Bot 2", ..., skipping the person's own name in any letter case. The person chose
    only their name, so it must never clash with a bot's (a learner called Ben, or "ben")."""
    taken = name.casefold()
    names = itertools.chain(order, (f"Bot {i}" for i in itertools.count(1)))
    return list(itertools.islice((n for n in names if n.casefold() != taken), count))


def seat_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat names from a count (the default names) or a list of different names."""
    if isinstance(players, bool):
        raise RulesError(f"players must be a number or a list of names, not {players!r}")
    if isinstance(players, int):  # how many may sit is the rules' to say (check_players)
        if players < 0:
            raise RulesError(f"players must be a number of players, not {players}")
        extra = (f"Player {n}" for n in range(len(DEFAULT_NAMES) + 1, players + 1))
        return (*DEFAULT_NAMES[:players], *extra)
    if isinstance(players, str):
        raise RulesError("players must be a number or a list of names, not one string")
    names = tuple(players) if isinstance(players, Iterable) else None
    if names is None or not all(isinstance(name, str) for name in names):
        raise RulesError(f"players must be a number or a list of names, not {quoted(players)}")
    if any(not name.strip() for name in names):  # "Deal 1:  deals 10 cards each."
        raise RulesError("every player needs a name: an empty name cannot be said at the table")
    if len(set(names)) != len(names):
        raise RulesError("every player needs a different name")
    return names


def _check_seed(seed: object) -> None:
    """A seed is a whole number (or ``None``, to draw one): the record must replay it."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RulesError(f"a seed is a whole number (or None to draw one), not {quoted(seed)}")


def _check_dealer(dealer: object, players: int) -> None:
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RulesError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")


_TABLE_MELD = 'each table meld is (owner seat, cards), e.g. (1, "8S 8D 8C")'


def _table_pairs(table: object) -> list[tuple[int, Iterable[Card | str] | str]]:
    """The stacked table as (owner, cards) pairs, refusing in a sentence anything else (a bare
    meld's text, which would otherwise fail as "too many values to unpack"). A :class:`Meld`
    that has an owner (as ``game.table`` holds them) stands for its own pair."""
    if isinstance(table, str) or not isinstance(table, Iterable):
        raise RulesError(f"table is a list of melds; {_TABLE_MELD}, not {quoted(table)}")
    pairs: list[tuple[int, Iterable[Card | str] | str]] = []
    for item in table:
        if isinstance(item, Meld) and item.owner is not None:
            pairs.append((item.owner, item.cards))
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            pairs.append((item[0], item[1]))
        else:
            raise RulesError(f"{_TABLE_MELD}; got {quoted(item)}")
    return pairs


def _stacked_meld(seat: int, cards: Iterable[Card | str] | str, rules: Rules, players: int) -> Meld:
    """A meld already on the table, laid by ``seat``: a set if the cards make one, else a run
    as placed (lowest first)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise RulesError(f"a stacked meld's owner must be a seat from 0 to {players - 1}")
    placed = parse_cards(cards)
    try:
        return Meld.build(MeldKind.SET, placed, rules, owner=seat)
    except IllegalAction as as_set:
        try:
            return Meld.build(MeldKind.RUN, placed, rules, owner=seat)
        except IllegalAction as as_run:
            raise RulesError(
                f"the stacked meld {' '.join(c.code for c in placed)} is neither a set "
                f"({as_set}) nor a run ({as_run})"
            ) from None
