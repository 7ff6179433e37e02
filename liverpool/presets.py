"""The named presets: each is one :class:`~liverpool.Rules` value, built from one source text.

The project's rule book, ``docs/rules.md``, quotes the four sources and resolves where they
differ: **H** the house how-to, **E** the encyclopedia article (classic Liverpool, Florida
Rummy, I Buy Sausages, Me), **A** an app's rules screen, **T** a Russian rules and strategy
guide. Each builder's docstring names its source and marks, with *(silent)*, each value chosen
here because its source says nothing; that docstring is also kept in ``Rules.source``. E's three
variants are written against E's own Liverpool, so where a variant's lines are silent it plays
as ``classic``. No other module knows which preset it plays: every difference is a field.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType

from .cards import Rank
from .errors import RulesError, quoted
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
    rules_given,
    standard_contracts,
)

__all__ = ["PRESETS", "get_rules", "preset_names"]

SET, RUN = MeldKind.SET, MeldKind.RUN


def _reqs(*pairs: tuple[MeldKind, int]) -> tuple[Requirement, ...]:
    return tuple(Requirement(kind, length) for kind, length in pairs)


def _contracts(
    melds: list[tuple[Requirement, ...]],
    dealt: list[int],
    going_down: Mapping[int, GoingDown] | None = None,
    going_out: Mapping[int, GoingOut] | None = None,
    default_out: GoingOut = GoingOut.DISCARD_OR_MELD,
) -> tuple[Contract, ...]:
    downs = going_down or {}
    outs = going_out or {}
    return tuple(
        Contract(
            deal=i + 1,
            requirements=reqs,
            cards_dealt=dealt[i],
            going_down=downs.get(i + 1, GoingDown.NORMAL),
            going_out=outs.get(i + 1, default_out),
        )
        for i, reqs in enumerate(melds)
    )


def house() -> Rules:
    """House rules (H, "How to Play Liverpool", night one) — the default.

    3–8 players ("two is not this game"). Two 52-card decks and 4 jokers; at 6–8 players a third
    52, still 4 jokers. Jokers are the only wilds. 10 cards every deal, the standard seven
    contracts (H names only deals 1 and 2; the rest are the standard list, which agrees). A set
    may not be all jokers; runs need one natural *(silent)*. Once down you may play onto any
    tabled meld, from the going-down turn on. No wild swapping *(silent)*. Anyone but the
    discarder may buy, the next player having first right as their draw, then clockwise; the
    price is one stock card; no buy limit *(silent)*. Go out by discarding or playing the last
    card; in deal 7 you may not discard: the last card must play onto a set or run. No rummy
    call. Points: 2–9 face value, 10/J/Q/K 10, ace 15, joker 20 (only "K + 7 = 17" is stated;
    the rest is taken from Me) *(silent)*. Stock exhaustion follows the engine rule.

    Where the text is ambiguous the engine decides: the first dealer is chosen, not cut for; the
    upcard has no discarder, so anyone but the first player may buy it; in deal 7 going down or
    laying off so that one card is left that could not be played is refused (it could never
    leave the hand); a card equal to the one taken from the pile may not be discarded that turn
    (copies from different decks are the same card).
    """
    return Rules(
        name="house",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 4), ShoeSize(6, 3, 4)),
        wild_ranks=frozenset(),
        contracts=standard_contracts((10,) * 7, last_going_out=GoingOut.NO_DISCARD),
        set_wilds=WildLimit.ONE_NATURAL,
        run_wilds=WildLimit.ONE_NATURAL,
        lay_off=LayOffTiming.SAME_TURN,
        wild_swap=WildSwap.NONE,
        buy_priority=BuyPriority.CLOCKWISE,
        card_points=CardPoints.of(ace=15, two=2, low=None, ten_to_king=10, joker=20),
        source=_clean(house.__doc__),
    )


def classic() -> Rules:
    """Classic Liverpool (E, the encyclopedia article).

    3–8 players *(silent)*. Two 52-card decks without jokers, three at 6+ players *(the article
    says "typically 2 for four to five players, 3 for more"; 3 players use 2 decks)*. 2s are the
    wilds. 10 cards every deal (``peruvian=True`` deals 12). E's seven contracts: the standard
    first four; deal 5 two sets and a run laid with the whole hand but one card, discarded at
    once; deal 6 one set and two runs with the whole hand, no discard; deal 7 one 13-card run (a
    whole suit), no discard — with 10 dealt it needs buying. A set holds at least two naturals;
    any four cards in a row of a run hold at most one wild. Once down you may play off any meld;
    when laying off you may replace another player's 2 in a run ("that other player's laid 2")
    with the natural it stands for, if the freed 2 is laid again before your turn ends; never a
    2 from your own melds. Anyone but the discarder may buy, nearest clockwise to the player
    about to draw first, for one stock card; no limit. Rummy call: if a down player's discard
    could have been played off, any other player may call "rummy" before the next turn starts,
    and each other player gives the offender one card. Exact cut: −50 to the cutter. Points: ace
    and 2 = 25, 3–9 = 5, 10–K = 10.

    Engine decisions where E is unclear: the player right of the dealer cuts, aiming at a number
    of cards; where the cut lands is drawn within ±3 of the aim (cutting by feel), and "exact"
    means the cards dealt plus the upcard. Deal 5's last card must be discarded (laying it off
    is refused); a 2 may be swapped from the turn you go down, as lay-offs open then. Every
    other player is asked, in turn from the next player, before the next turn starts.
    """
    melds = [
        _reqs((SET, 3), (SET, 3)),
        _reqs((SET, 3), (RUN, 4)),
        _reqs((RUN, 4), (RUN, 4)),
        _reqs((SET, 3), (SET, 3), (SET, 3)),
        _reqs((SET, 3), (SET, 3), (RUN, 4)),
        _reqs((SET, 3), (RUN, 4), (RUN, 4)),
        _reqs((RUN, 13)),
    ]
    return Rules(
        name="classic",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 0), ShoeSize(6, 3, 0)),
        wild_ranks=frozenset({Rank.TWO}),
        contracts=_contracts(
            melds,
            [10] * 7,
            going_down={
                5: GoingDown.WHOLE_HAND_BUT_ONE,
                6: GoingDown.WHOLE_HAND,
                7: GoingDown.WHOLE_HAND,
            },
            going_out={5: GoingOut.DISCARD, 6: GoingOut.NO_DISCARD, 7: GoingOut.NO_DISCARD},
        ),
        set_wilds=WildLimit.TWO_NATURALS,
        run_wilds=WildLimit.ONE_PER_FOUR,
        lay_off=LayOffTiming.SAME_TURN,
        wild_swap=WildSwap.RUN_REMELD,
        buy_priority=BuyPriority.CLOCKWISE,
        rummy_call=RummyCall.OTHERS_GIVE_CARD,
        exact_cut_bonus=50,
        card_points=CardPoints.of(ace=25, two=25, low=5, ten_to_king=10, joker=0),
        source=_clean(classic.__doc__),
    )


def online() -> Rules:
    """Online rooms (A, an app's rules screen).

    2–6 players. Two 52-card decks and 4 jokers; at 5–6 players three decks and 6 jokers
    *(silent)*. Jokers and 2s are wild. 10, 10, 10, 10, 12, 12, 12 cards (deal 7 = 12 is stated;
    the rest follows T) *(silent)*. The standard seven contracts. A set holds two naturals; two
    wilds may never sit side by side in a run. Lay-offs open on the turn after you go down, one
    card at a time. Stealing wilds, from the turn after going down: give the natural a wild
    stands for (set or run, any meld on the table, your own included) and the wild goes to your
    hand. Anyone may buy except the discarder, the next player and players already down; asked
    in turn order, first to accept wins; one stock card; buys per match: 3 each with 2 players,
    2 with 3–4, 1 with 5–6. Going down must keep a card to discard (except the deal-7 twist). Go
    out by discard or lay-off; deal 7: if the whole hand forms 3 runs, go out any time in your
    turn, no discard. No rummy call. Points: ace 15, 10–K 10, 3–9 5, jokers and 2s 15. Timers:
    12 s to decide on a buy (silence passes), 90 s idle turn → auto draw and discard.

    Engine decisions: the deal-7 whole-hand go-out may be made before or after drawing, with the
    12 dealt cards or 13 after the draw; with 2 players the discarder and the next player are
    the whole table, so only the dealer's upcard can ever be bought.
    """
    return Rules(
        name="online",
        min_players=2,
        max_players=6,
        shoe=(ShoeSize(2, 2, 4), ShoeSize(5, 3, 6)),
        wild_ranks=frozenset({Rank.TWO}),
        contracts=_contracts(
            [c.requirements for c in standard_contracts((10,) * 7)],
            [10, 10, 10, 10, 12, 12, 12],
            going_down={7: GoingDown.WHOLE_HAND_ANY_TIME},
        ),
        set_wilds=WildLimit.TWO_NATURALS,
        run_wilds=WildLimit.NOT_ADJACENT,
        lay_off=LayOffTiming.NEXT_TURN,
        wild_swap=WildSwap.TO_HAND,
        swap_own_melds=True,
        down_players_may_buy=False,
        buy_priority=BuyPriority.CLOCKWISE,
        max_buys_per_match=((2, 3), (3, 2), (5, 1)),
        must_keep_card=True,
        card_points=CardPoints.of(ace=15, two=15, low=5, ten_to_king=10, joker=15),
        buy_timer_seconds=12.0,
        idle_turn_seconds=90.0,
        source=_clean(online.__doc__),
    )


def traditional() -> Rules:
    """Traditional (T, the Russian rules and strategy guide).

    3–8 players (the maximum, 8, is *(silent)*). Two 52-card decks and 4 jokers at 3–4 players,
    three decks and 6 jokers at 5+. Jokers are wild. 10 cards in deals 1–4, 12 in deals 5–7. The
    standard first six contracts; deal 7 is one run of 7 or more. A set holds two naturals; any
    four cards in a row of a run hold at most one wild. Once down — floaters too — you may lay
    off. Joker swap only in the turn you go down, from another player's run ("джокер другого
    игрока"); the freed joker must be laid again that turn. Anyone but the discarder may buy,
    the next player first as their draw; among the others the first to call wins
    (``buy_priority="clockwise"`` is T's calmer option); one stock card; no limit. You must
    discard to go out; a hand emptied without a discard floats, and a floater goes out by
    discarding a card drawn from the stock (never one taken from the pile that turn). Rummy
    call: a down player's playable discard lets any other player call; the offender takes the
    discard back plus one stock card. Optional Liverpool call (``liverpool_call=True``). A
    failed going-down attempt adds 50 points. Exact cut: −50. Points: 2–9 = 5, 10–K = 10, ace
    and joker 15.

    Engine decisions where T is unclear: a floater stays a floater for the rest of the deal
    (until they buy a card), may take the discard only if it can be laid off, and goes out only
    by discarding a card they cannot play; a going-down attempt counts as failed (+50, each
    time) only when the cards are all in hand but do not make the contract — naming cards you do
    not hold is simply refused. The first-to-call order among those who call is drawn from the
    game's seeded generator. A Liverpool caller must hold two cards or more (one to throw, one
    to keep), so a call never ends the deal out of turn.
    """
    melds = [*[c.requirements for c in standard_contracts((10,) * 7)][:6], _reqs((RUN, 7))]
    return Rules(
        name="traditional",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 4), ShoeSize(5, 3, 6)),
        wild_ranks=frozenset(),
        contracts=_contracts(melds, [10, 10, 10, 10, 12, 12, 12], default_out=GoingOut.DISCARD),
        set_wilds=WildLimit.TWO_NATURALS,
        run_wilds=WildLimit.ONE_PER_FOUR,
        lay_off=LayOffTiming.SAME_TURN,
        floaters_lay_off=True,
        wild_swap=WildSwap.GOING_DOWN_TURN_REMELD,
        buy_priority=BuyPriority.FIRST_TO_CALL,
        floating=True,
        rummy_call=RummyCall.TAKE_BACK_PENALTY,
        failed_going_down_penalty=50,
        exact_cut_bonus=50,
        card_points=CardPoints.of(ace=15, two=5, low=5, ten_to_king=10, joker=15),
        source=_clean(traditional.__doc__),
    )


def florida() -> Rules:
    """Florida Rummy, or Ten Step (E), "similar to Liverpool Rummy": E's Liverpool where silent.

    From the variant's own lines: 54-card decks (two jokers each): 2 decks at up to 4 players, 3
    at 5+ *(silent: E gives no count)*. Jokers and 2s are wild, with no limit beyond one natural
    per meld. 11 cards every deal; ten steps: 2 sets of 3 · set of 3 + run of 4 · 2 runs of 4 ·
    3 sets of 3 · set of 3 + run of 7 · 2 sets of 3 + run of 5 · 3 runs of 4 · set of 3 + run of
    10 · 3 sets of 3 + run of 5 · 3 runs of 5. Aces high or low. Only the top discard can be
    bought, for one stock card. You go out by discarding your last card; a hand emptied
    otherwise floats, as in T. Points: ace, 2 and joker 15; 10–K 10; 3–9 5 *(silent)*. No wild
    swapping *(silent: the lines never offer one, and with no wild limits no wild is scarce)*.

    From E's Liverpool (``classic``), where the variant is silent: 3–8 players; anyone but the
    discarder may buy, nearest clockwise to the player about to draw first, no limit; lay off
    once down; the rummy call (each other player gives the offender a card); the exact cut takes
    50 points off the cutter.
    """
    melds = [
        _reqs((SET, 3), (SET, 3)),
        _reqs((SET, 3), (RUN, 4)),
        _reqs((RUN, 4), (RUN, 4)),
        _reqs((SET, 3), (SET, 3), (SET, 3)),
        _reqs((SET, 3), (RUN, 7)),
        _reqs((SET, 3), (SET, 3), (RUN, 5)),
        _reqs((RUN, 4), (RUN, 4), (RUN, 4)),
        _reqs((SET, 3), (RUN, 10)),
        _reqs((SET, 3), (SET, 3), (SET, 3), (RUN, 5)),
        _reqs((RUN, 5), (RUN, 5), (RUN, 5)),
    ]
    return Rules(
        name="florida",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 4), ShoeSize(5, 3, 6)),
        wild_ranks=frozenset({Rank.TWO}),
        contracts=_contracts(melds, [11] * 10, default_out=GoingOut.DISCARD),
        set_wilds=WildLimit.ONE_NATURAL,
        run_wilds=WildLimit.ONE_NATURAL,
        floating=True,
        rummy_call=RummyCall.OTHERS_GIVE_CARD,
        exact_cut_bonus=50,
        card_points=CardPoints.of(ace=15, two=15, low=5, ten_to_king=10, joker=15),
        source=_clean(florida.__doc__),
    )


def i_buy() -> Rules:
    """I Buy Sausages (E), "a variant of Liverpool Rummy": E's Liverpool where silent.

    From the variant's own lines: two 54-card decks (two jokers each), three at 5+ players.
    Jokers and 2s are wild; wilds may not outnumber the naturals in a set. 6, 7, 8 … 13 cards
    over eight deals: set of 3 · 2 sets of 3 · set of 4 · 2 sets of 4 · set of 5 · 2 sets of 5 ·
    set of 6 · 2 sets of 6. Taking the discard as your draw costs two extra stock cards. Each
    player has 10 coins for the whole match; a buy costs a coin and one stock card; the buyer
    closest clockwise to the discarder has first claim. Laying a natural on *another player's*
    set holding a wild lets you take the wild only if you lay it at once on a set of your own
    (never from your own sets). Points: 2s and jokers 25, ace 15, 10–K 10, others 5.

    From E's Liverpool (``classic``), where the variant is silent: 3–8 players; lay off once
    down; go out by discarding or melding the last card; the rummy call (each other player gives
    the offender a card); the exact cut takes 50 points off the cutter.

    A choice where every text is silent: no contract here asks for a run, so a run's wild limit
    never comes up; should a custom contract ask for one, a run holds at least one natural.
    """
    melds = [
        _reqs((SET, 3)),
        _reqs((SET, 3), (SET, 3)),
        _reqs((SET, 4)),
        _reqs((SET, 4), (SET, 4)),
        _reqs((SET, 5)),
        _reqs((SET, 5), (SET, 5)),
        _reqs((SET, 6)),
        _reqs((SET, 6), (SET, 6)),
    ]
    return Rules(
        name="i_buy",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 4), ShoeSize(5, 3, 6)),
        wild_ranks=frozenset({Rank.TWO}),
        contracts=_contracts(melds, [6, 7, 8, 9, 10, 11, 12, 13]),
        set_wilds=WildLimit.NOT_MAJORITY,
        run_wilds=WildLimit.ONE_NATURAL,
        wild_swap=WildSwap.SET_OWN_SET,
        buy_priority=BuyPriority.CLOCKWISE,
        buy_coins=10,
        discard_draw_penalty=2,
        rummy_call=RummyCall.OTHERS_GIVE_CARD,
        exact_cut_bonus=50,
        card_points=CardPoints.of(ace=15, two=25, low=5, ten_to_king=10, joker=25),
        source=_clean(i_buy.__doc__),
    )


def me() -> Rules:
    """Me (E): "the difference from Liverpool Rummy is…", so E's Liverpool where silent.

    From the variant's own lines: 54-card decks as Florida *(silent)*: 2 decks (4 jokers) at up
    to 4 players, 3 (6 jokers) at 5+. Jokers are the only wilds, with no limit beyond one
    natural per meld. 12 cards every deal; the standard seven contracts, deal 7 being three runs
    with the whole hand and no final discard. Aces are high only. Buying: only the top discard,
    one stock card, and whoever calls "me" first wins, not the nearest seat. Points: joker 20,
    ace 15, J/Q/K 10, others face value (10 = 10). No wild swapping *(silent: the lines never
    offer one, and with no wild limits no wild is scarce)*.

    From E's Liverpool (``classic``), where the variant is silent: 3–8 players; lay off once
    down; go out by discarding or melding the last card (deal 7: the whole hand, no discard);
    the rummy call (each other player gives the offender a card); the exact cut takes 50 points
    off the cutter.
    """
    return Rules(
        name="me",
        min_players=3,
        max_players=8,
        shoe=(ShoeSize(3, 2, 4), ShoeSize(5, 3, 6)),
        wild_ranks=frozenset(),
        contracts=_contracts(
            [c.requirements for c in standard_contracts((10,) * 7)],
            [12] * 7,
            going_down={7: GoingDown.WHOLE_HAND},
            going_out={7: GoingOut.NO_DISCARD},
        ),
        set_wilds=WildLimit.ONE_NATURAL,
        run_wilds=WildLimit.ONE_NATURAL,
        aces=AceMode.HIGH_ONLY,
        buy_priority=BuyPriority.FIRST_TO_CALL,
        rummy_call=RummyCall.OTHERS_GIVE_CARD,
        exact_cut_bonus=50,
        card_points=CardPoints.of(ace=15, two=2, low=None, ten_to_king=10, joker=20),
        source=_clean(me.__doc__),
    )


def _clean(doc: str | None) -> str:
    return inspect.cleandoc(doc or "")


_BUILDERS: dict[str, Callable[[], Rules]] = {
    "house": house,
    "classic": classic,
    "online": online,
    "traditional": traditional,
    "florida": florida,
    "i_buy": i_buy,
    "me": me,
}


class UnknownPreset(RulesError, KeyError):
    """A preset name that ``PRESETS`` does not hold. A ``KeyError``, as a mapping's lookup
    raises, and a :class:`~liverpool.RulesError` whose words list the presets that exist."""

    __str__ = RulesError.__str__  # KeyError would show the message quoted, as a key


class _Presets(Mapping[str, Rules]):
    """The presets by name, read-only. Unlike a plain mapping it answers an unknown name (or
    ``PRESETS["House"]``) with the names that exist rather than a bare ``KeyError: 'House'``."""

    def __init__(self, presets: dict[str, Rules]) -> None:
        self._presets = MappingProxyType(presets)

    def __getitem__(self, name: str) -> Rules:
        try:
            return self._presets[name]
        except (KeyError, TypeError):  # TypeError: an unhashable "name" such as a list
            raise UnknownPreset(_unknown(name)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)

    def __repr__(self) -> str:
        return f"PRESETS({', '.join(self._presets)})"


def _unknown(name: object) -> str:
    key = _key(name) if isinstance(name, str) else ""
    near = f" (did you mean {key!r}?)" if key in _BUILDERS else ""
    return f"there is no preset called {quoted(name)}{near}; choose one of: {', '.join(_BUILDERS)}"


def _key(name: str) -> str:
    """A preset name as written loosely ("House", "i-buy") in the form ``PRESETS`` holds."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


PRESETS: Mapping[str, Rules] = _Presets({n: b() for n, b in _BUILDERS.items()})
"""Every named preset, ``house`` first. Read-only; derive variants with ``Rules.replace``."""


def preset_names() -> list[str]:
    """The preset names, in the order of the rule book."""
    return list(PRESETS)


def get_rules(rules: str | Rules | None = None) -> Rules:
    """A :class:`Rules` value from a preset name, a value, or ``None`` (the house rules).

    An unknown name raises :class:`~liverpool.RulesError` listing the valid ones.
    """
    return PRESETS["house"] if rules is None else rules_given(rules)


def preset_named(name: str) -> Rules:
    """The preset called ``name``, written loosely ("House", "i-buy") or not; an unknown name
    raises :class:`UnknownPreset` listing the presets that exist."""
    key = _key(name)
    if key in PRESETS:
        return PRESETS[key]
    raise UnknownPreset(_unknown(name))
