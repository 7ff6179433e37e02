"""Where each rule of each preset comes from, as data: one short line per preset and field.

Why this module exists: a preset's ``source`` is one paragraph, good for reading but not for
asking "why does ``online`` limit buys?". Here every field a preset sets has its own line,
in one of four forms, so ``liverpool rules PRESET --sources``, the lessons and the tests can
show or check it field by field:

* a source letter and a short verbatim quote between curly quotation marks (**H** the house
  how-to, **E** the encyclopedia article, **A** the app's rules screen, **T** the Russian guide,
  quoted in Russian with an English translation in brackets after it);
* ``(silent) …``: the source says nothing, and the line says what was chosen and why;
* ``engine rule: …`` or ``optional rule, off …``: a rule of this engine, the same for every
  preset;
* ``as classic (…): …``: E writes Florida, I Buy and Me as changes to its own Liverpool, so
  where their lines are silent they take ``classic``'s value, and its source line.

The project's rule book, ``docs/rules.md`` §3, says the same in prose and holds every quote
used here. This is documentation keyed by preset name; no engine logic reads it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from types import MappingProxyType

from .presets import PRESETS, get_rules
from .rules import Rules

__all__ = [
    "LINE_FORMS",
    "SOURCE_TEXTS",
    "described_fields",
    "preset_summary",
    "quotes_in",
    "rule_sources",
]

SOURCE_TEXTS: Mapping[str, str] = MappingProxyType(
    {
        "H": '"How to Play Liverpool", a house how-to for a first night (preset house)',
        "E": "an encyclopedia article: classic Liverpool (preset classic) and its variants "
        "Florida Rummy / Ten Step, I Buy Sausages and Me (presets florida, i_buy, me)",
        "A": "the rules screen of an app with bots and online rooms (preset online)",
        "T": "a rules and strategy guide written in Russian (preset traditional)",
    }
)
"""The four source texts, by the letter every source line starts with."""

LINE_FORMS: tuple[str, ...] = (
    "H: ",
    "E: ",
    "A: ",
    "T: ",
    "(silent) ",
    "engine rule: ",
    "optional rule, off",
    "as classic (",
)
"""How every preset's source line starts: a source letter and its quote, a choice where the
texts are silent, an engine rule, an optional rule left off, or classic's line for E's variants."""

_SKIPPED = ("name", "source")

_QUOTE = re.compile(r"“([^”]+)”")


def described_fields() -> list[str]:
    """The :class:`Rules` fields that have a source line, in declaration order (all of them but
    ``name`` and ``source``, which say which preset this is and where it comes from as a whole).
    """
    return [f.name for f in dataclasses.fields(Rules) if f.name not in _SKIPPED]


def quotes_in(line: str) -> list[str]:
    """The verbatim quotes of a source line: the text between “ and ”."""
    return _QUOTE.findall(line)


# -- lines every preset shares ------------------------------------------------------------------

_SHARED: dict[str, str] = {
    "peruvian": "optional rule, off in every preset — E: “a 12-card hand is dealt, this variant "
    "is sometimes called Peruvian rummy”",
    "liverpool_call": "optional rule, off in every preset — T: “Только выложившиеся игроки могут "
    "объявить Liverpool.” (only players who are down may call Liverpool)",
    "max_buys_per_deal": "optional rule, off in every preset: a common house limit that no "
    "source states",
    "max_reshuffles": "engine rule: no source says what happens when the stock runs out; the "
    "discard pile but its top card becomes a new stock at most this many times, then the deal "
    "is dead (everyone scores what they hold)",
    "max_turns_per_deal": "engine rule: a deal still running after this many turns is dead, so "
    "every match ends",
}

# -- each preset's own lines ---------------------------------------------------------------------

_HOUSE: dict[str, str] = {
    "min_players": "H: “Two is not this game.” “Three is a real table.”",
    "max_players": "H: “3–8 players.”",
    "shoe": "H: “Two standard 52s shuffled together plus 4 jokers”; “6–8 add a third 52, still 4 "
    "jokers.”",
    "wild_ranks": "H: “Jokers are wild in sets and runs.” (no other wild rank is named)",
    "contracts": "H: “Deal 10 each every deal.” Its list of contracts is missing (only “Deal 1 "
    "is two sets.” and “one set and one run”), so the standard seven (silent); deal 7: “you may "
    "not discard when going out.”",
    "set_wilds": "H: “A set may not be all jokers.”",
    "run_wilds": "(silent) nothing beyond H: “Jokers are wild in sets and runs.”; a run keeps "
    "one natural card to fix its suit",
    "aces": "H: “Ace is high or low, not wrapping.”",
    "lay_off": "H: “After you have tabled the contract, you may play onto any tabled sets or "
    "runs — yours or anyone's.”",
    "floaters_lay_off": "(silent) nobody floats in this preset, so the value never applies",
    "wild_swap": "(silent) H never mentions taking a joker back from the table, so wilds stay put",
    "swap_own_melds": "(silent) this preset has no wild swap, so the value never applies",
    "buying": "H: “Night one: allow buys.”",
    "down_players_may_buy": "H: “anyone else may call Buy” — being down does not stop you",
    "buy_priority": "H: “Next player has first right.”; among the others, nearest clockwise "
    "(silent: H says only “anyone else may call Buy”)",
    "buy_penalty_cards": "H: “take the discard and one extra stock card.”",
    "max_buys_per_match": "(silent) H limits each discard, not each player — H: “Only one buy "
    "per discard.”",
    "buy_coins": "(silent) H never mentions coins: a buy costs only the stock card",
    "discard_draw_penalty": "H: “Draw one from the stock, or take the top discard.” — nothing "
    "extra",
    "must_keep_card": "(silent) H never asks you to keep a card back; going down and out in one "
    "turn is fine",
    "floating": "(silent) H never speaks of floating: an empty hand has gone out",
    "rummy_call": "(silent) H never mentions a rummy call: a playable discard is just a discard",
    "failed_going_down_penalty": "(silent) H names no penalty, so a failed attempt costs nothing",
    "exact_cut_bonus": "(silent) H: “Cut for the first deal, or point at someone.” — no bonus",
    "card_points": "H: “That is 10 + 7 = 17.” (a king and a 7); the other values are Me's (silent)",
    "buy_timer_seconds": "(silent) H is played at a kitchen table: nobody is timed",
    "idle_turn_seconds": "(silent) H is played at a kitchen table: nobody is timed",
}

_CLASSIC: dict[str, str] = {
    "min_players": "(silent) E gives no player count; 3, as house",
    "max_players": "(silent) E gives no maximum; 8, as house, with its third deck",
    "shoe": "E: “typically 2, for four to five players, 3 decks for more” of “standard 52-card "
    "packs of playing cards”, so no jokers; 3 players use 2 decks (silent)",
    "wild_ranks": "E: “2s are wild cards, and can represent any card (suit and number).”",
    "contracts": "E: “The dealer deals a ten-card hand to each player.”; deal 5 “with only 1 "
    "final card immediately discarded”, deal 6 “with no remaining cards in hand, no final "
    "discard”, deal 7 “13 card run with no discard”",
    "set_wilds": "E: “Sets must include at least 2 non-wildcards.”",
    "run_wilds": "E: “Runs must include at least 3 non-wildcards in an original 4 card grouping.”",
    "aces": "E: “Aces can be low or high.”, “but K A 2 3 is not.”",
    "lay_off": "E: “May play off other players who have laid down once they have laid down "
    "themselves.”",
    "floaters_lay_off": "(silent) nobody floats in this preset, so the value never applies",
    "wild_swap": "E: “replace that other player's laid 2 from within a run with the card it is "
    "substituting, so long as that 2 is placed somewhere else before the player concludes their "
    "turn”",
    "swap_own_melds": "E: “that other player's laid 2” — never a 2 from your own melds",
    "buying": "E: “any player may then buy the top card from the discard pile.”",
    "down_players_may_buy": "E: “any player may then buy” — being down does not stop you",
    "buy_priority": "E: “the player who is nearest (clockwise) the player about to draw gets "
    "precedence.”",
    "buy_penalty_cards": "E: “drawing an additional card from the pile.”",
    "max_buys_per_match": "(silent) E never limits buys: anyone may buy any discard",
    "buy_coins": "(silent) E never mentions coins: a buy costs only the stock card",
    "discard_draw_penalty": "E: “Draws either the face-up top card of the discard pile or one "
    "card from the deck.” — nothing extra",
    "must_keep_card": "(silent) E never asks you to keep a card back, so going down may empty "
    "the hand",
    "floating": "E: play goes on “until one player goes out, or has no cards left in their "
    "hand” — an empty hand ends the deal, nobody floats",
    "rummy_call": "E: “any other player can call rummy and every player then gives the "
    "offending player one card from their hand.”",
    "failed_going_down_penalty": "(silent) E names no penalty, so a failed attempt costs nothing",
    "exact_cut_bonus": "E: “the cutting player's score is reduced by 50 points.”",
    "card_points": "E: “Ace and 2 are 25 points each.” “3 through 9 are 5 points each.” “10, J, "
    "Q and K are 10 points each.”",
    "buy_timer_seconds": "(silent) E never mentions a clock: nobody is timed",
    "idle_turn_seconds": "(silent) E never mentions a clock: nobody is timed",
}

_ONLINE: dict[str, str] = {
    "min_players": "A: “3 each with 2 players” — two may play",
    "max_players": "A: “1 each with 5–6” — the buy limits stop at six players",
    "shoe": "(silent) A never counts decks: 2 decks + 4 jokers, and 3 decks + 6 jokers from 5 "
    "players, as T",
    "wild_ranks": "A: “Jokers and 2s are wild.”",
    "contracts": "A: “Seven deals, each with a contract”, the standard seven; deal 7: “if your "
    "whole 12-card hand forms 3 runs, tap Go out any time”; 10 cards in deals 1–4 and 12 in "
    "5–6 (silent, as T)",
    "set_wilds": "A: “A set needs at least 2 natural cards (wilds fill the rest).”",
    "run_wilds": "A: “two wilds may never sit side-by-side.”",
    "aces": "A: “Aces play high or low, never wrap (K-A-2 is not a run).”",
    "lay_off": "A: “not on the same turn you went down — lay-offs open up on your next turn.”",
    "floaters_lay_off": "(silent) nobody floats in this preset, so the value never applies",
    "wild_swap": "A: “the natural takes its place and the wild goes to your hand”; “stealing "
    "opens on the turn after you go down.”",
    "swap_own_melds": "A: “wild sitting in a meld” — any meld, your own included",
    "buying": "A: “everyone else may buy that card out of turn”",
    "down_players_may_buy": "A: “anyone except the discarder, the next player” … “and anyone "
    "who has already laid down.”",
    "buy_priority": "A: “turn order and the first to accept gets it.” — the same seats as nearest "
    "clockwise",
    "buy_penalty_cards": "A: “plus 1 penalty card from the stock.”",
    "max_buys_per_match": "A: “Buy limits per match: 3 each with 2 players, 2 each with 3–4, 1 "
    "each with 5–6.”",
    "buy_coins": "(silent) A never mentions coins: the per-match limit is the only cap",
    "discard_draw_penalty": "A: “draw (tap a pile, then tap it again)” — nothing extra",
    "must_keep_card": "A: “you must keep one card back to discard.” (except deal 7's whole-hand "
    "go-out)",
    "floating": "A: “The deal ends the moment someone empties their hand” — nobody floats",
    "rummy_call": "(silent) A never mentions a rummy call: a playable discard is just a discard",
    "failed_going_down_penalty": "(silent) A names no penalty, so a failed attempt costs nothing",
    "exact_cut_bonus": "(silent) A never mentions cutting: the app deals, so no bonus",
    "card_points": "A: “A=15, K Q J 10=10, everything else=5, jokers & 2s=15.”",
    "buy_timer_seconds": "A: “12 seconds to decide — silence counts as a pass.”",
    "idle_turn_seconds": "A: “If a turn sits untouched for 90 seconds” the host “auto-draws and "
    "auto-discards”",
}

_TRADITIONAL: dict[str, str] = {
    "min_players": "T: “2 колоды для трёх-четырёх игроков” (2 decks for three or four players) "
    "— three is the fewest",
    "max_players": "(silent) T: “более чем четырёх” (more than four) has no upper end; 8, as house",
    "shoe": "T: “стандартными колодами по 52 карты плюс Джокеры” (standard 52-card decks plus "
    "jokers), “2 колоды для трёх-четырёх игроков или 3 для более чем четырёх” (2 decks for three "
    "or four players, 3 for more); 4 and 6 jokers (silent)",
    "wild_ranks": "T: “Джокеры — дикие карты.” (jokers are wild cards)",
    "contracts": "T: “по 10 карт каждому игроку в первых 4 раундах, затем по 12 карт в последних "
    "3 раундах” (10 cards each in the first 4 rounds, then 12 in the last 3); “Седьмой — 1 "
    "серия из семи” (seventh: one run of seven)",
    "set_wilds": "T: “Книги должны содержать по крайней мере 2 обычные карты (не дикие).” "
    "(books must hold at least 2 ordinary, non-wild cards)",
    "run_wilds": "T: “Серии должны содержать по крайней мере 3 обычные карты в исходной группе "
    "из 4 карт.” (runs must hold at least 3 ordinary cards in the original group of 4)",
    "aces": "T: “Тузы могут быть старшими или младшими, но нельзя создавать серию, которая "
    "замыкается в круг” (aces may be high or low, but a run may not close into a circle)",
    "lay_off": "T: “Добавлять карты к выложенным картам других игроков после того, как сам "
    "выложился.” (add cards to other players' melds once you are down yourself)",
    "floaters_lay_off": "T: “При «плывении» игрок также может добавлять карты к чужим "
    "комбинациям” (while floating a player may still add cards to others' melds)",
    "wild_swap": "T: “заменить джокер другого игрока в серии на карту, которую он представляет” "
    "(replace another player's joker in a run with the card it stands for), only in the “ход, в "
    "котором вы выкладываетесь” (the turn in which you go down)",
    "swap_own_melds": "T: “джокер другого игрока” (another player's joker)",
    "buying": "T: “любой другой игрок может её «купить»” (any other player may buy it)",
    "down_players_may_buy": "T: “любой другой игрок” (any other player) — being down does not "
    "stop you",
    "buy_priority": "T: “первый, кто скажет «Я беру», получает карту” (the first to say "
    "«I'm taking it» gets the card); nearest clockwise is T's calmer option",
    "buy_penalty_cards": "T: “покупатель взял дополнительную карту из закрытой колоды” (the buyer "
    "takes an extra card from the face-down stock)",
    "max_buys_per_match": "(silent) T never limits buys: anyone may buy any discard",
    "buy_coins": "(silent) T never mentions coins: a buy costs only the stock card",
    "discard_draw_penalty": "T: “Взять либо открытую верхнюю карту из кучи сброса, либо одну "
    "карту из колоды.” (take the top discard or one card from the stock) — nothing extra",
    "must_keep_card": "(silent) T does not ask it: a hand emptied without a discard floats instead",
    "floating": "T: “Игрок «плывёт», если исчерпывает свои карты и не может сбросить.” (a player "
    "floats who has run out of cards and cannot discard)",
    "rummy_call": "T: “нарушивший игрок берёт свой сброс и одну дополнительную карту с верхней "
    "части колоды” (the offender takes back the discard and one extra card from the stock)",
    "failed_going_down_penalty": "T: “он должен добавить 50 очков к своему счёту” (they must add "
    "50 points to their score)",
    "exact_cut_bonus": "T: “то его счёт уменьшается на 50 очков” (then their score drops by 50 "
    "points)",
    "card_points": "T: “2 через 9 — по 5 очков каждая.” (2 to 9: 5 each) “10, В, Д и К — по 10 "
    "очков каждая.” (10, J, Q, K: 10 each) “Тузы и Джокеры — по 15 очков каждый.” (aces and "
    "jokers: 15 each)",
    "buy_timer_seconds": "(silent) T never mentions a clock: nobody is timed",
    "idle_turn_seconds": "(silent) T never mentions a clock: nobody is timed",
}

_FLORIDA: dict[str, str] = {
    "shoe": "E: “Full 54-card decks including jokers are used.”; 2 decks up to 4 players, 3 from "
    "5 (silent: E gives no count)",
    "wild_ranks": "E: “Jokers are similar to twos as they act as wild cards.”",
    "contracts": "E: “11 cards are dealt to each player.”; ten steps from “2 Sets of 3” to “3 "
    "Runs of 5”; going out by a discard only (see floating)",
    "set_wilds": "E: “There are no limitations on the use of wild cards.” (a meld still keeps one "
    "natural, to fix its rank)",
    "run_wilds": "E: “A set or a run can contain any number of wild cards when it is put down.” "
    "(a run still keeps one natural, to fix its suit)",
    "floaters_lay_off": "(silent) E does not say; a floater may lay off, as in T",
    "wild_swap": "(silent) the variant's lines never offer a swap, and with no wild limits there "
    "is no scarce wild to free: none",
    "buying": "E: “Only the top card in the discard pile can be bought.”",
    "must_keep_card": "(silent) no card need be kept back; a hand emptied without a discard floats",
    "floating": "E: “A player is floating if he exhausts his cards and is not able to discard.”",
    "card_points": "E: “Aces, Twos, and Jokers are worth 15 points each.”; 3–9 = 5 and 10–K = 10 "
    "as classic (silent)",
}

_I_BUY: dict[str, str] = {
    "shoe": "E: “Two to three 54-card decks including jokers are used, depending on how many "
    "people are playing.”; the third from 5 players (silent)",
    "wild_ranks": "E: “Jokers and twos are wild cards.”",
    "contracts": "E: “In the first hand, 6 cards are dealt to each player.” “In each subsequent "
    "hand, one more card is dealt.”; eight sets-only deals, “First - 1 set of 3 (6 cards)” to "
    "“Eighth - 2 sets of 6 (13 cards)”",
    "set_wilds": "E: “Wild cards cannot be the majority in any set.”",
    "run_wilds": "(silent) no contract asks for a run; a run keeps one natural to fix its suit",
    "wild_swap": "E: “you may take the Joker as long as you can lay it down within a set of your "
    "own immediately.”",
    "swap_own_melds": "E: “If you lay down a 3 on another player's set of 3-3-Joker” — never from "
    "your own sets",
    "buying": "E: “After each turn, players may buy the face-up card on the discard pile.”",
    "buy_priority": "E: “the one closest to the player who just discarded (clockwise) has first "
    "claim.”",
    "buy_penalty_cards": "E: “They must pay 1 coin and take an additional card from the deck.”",
    "max_buys_per_match": "(silent) no count limit: the coins are the limit",
    "buy_coins": "E: “Each player starts the game with 10 coins, counters or chips.”",
    "discard_draw_penalty": "E: “If you take a card from the discard pile you must take two "
    "cards from the deck.”",
    "card_points": "E: “Twos and Jokers are worth 25 points each. Aces are worth 15 points. Face "
    "cards and 10s are worth 10 points. All other cards are worth 5 points.”",
}

_ME: dict[str, str] = {
    "shoe": "E: “Full 54-card decks including jokers are used.”; how many is silent: 2 up to 4 "
    "players, 3 from 5, as Florida",
    "wild_ranks": "E: “Jokers are the only wild cards.”",
    "contracts": "E: “12 cards are dealt to each player.”; the standard seven, deal 7 “3 runs "
    "with no remaining cards in hand, no final discard”",
    "set_wilds": "E: “There are no limitations on the use of wild cards.” (a meld still keeps one "
    "natural, to fix its rank)",
    "run_wilds": "E: “A set or a run can contain any number of wild cards when it is put down.” "
    "(a run still keeps one natural, to fix its suit)",
    "aces": "E: “Aces only rank as high.”",
    "wild_swap": "(silent) the variant's lines never offer a swap, and with no wild limits there "
    "is no scarce wild to free: none",
    "buying": "E: “Only the top card in the discard pile can be bought.”",
    "buy_priority": 'E: “whoever calls "me" first gets the card”',
    "buy_penalty_cards": "E: “picks up the discarded (bought) card and a penalty”; one stock "
    "card, as classic (silent)",
    "card_points": "E: “Jokers are worth 20 points, Aces are worth 15 points, face cards are "
    "worth 10 points and number cards are face value.”",
}

_OWN: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "house": _HOUSE,
        "classic": _CLASSIC,
        "online": _ONLINE,
        "traditional": _TRADITIONAL,
        "florida": _FLORIDA,
        "i_buy": _I_BUY,
        "me": _ME,
    }
)

_AS_CLASSIC: Mapping[str, str] = MappingProxyType(
    {
        "florida": "E: Florida is “similar to Liverpool Rummy”",
        "i_buy": "E: “I Buy Sausages is a variant of Liverpool Rummy”",
        "me": "E: “The difference from Liverpool Rummy” is only who buys",
    }
)
"""The variants E writes against its own Liverpool, and the words that say so: where their own
lines are silent they take ``classic``'s value and its source line."""

_SUMMARIES: Mapping[str, str] = MappingProxyType(
    {
        "house": "H, the house how-to (the default): jokers wild, 10 cards every deal, the "
        "standard seven contracts, no discard to go out in deal 7",
        "classic": "E, classic Liverpool: 2s wild and no jokers, deals 5–7 go down and out at "
        "once, rummy call, exact-cut bonus",
        "online": "A, an app: jokers and 2s wild, no two wilds side by side, buys limited per "
        "match, timers",
        "traditional": "T, a Russian guide: jokers wild, 12 cards in deals 5–7, first to call "
        "buys, floating, rummy call",
        "florida": "E, Florida Rummy / Ten Step: ten deals of 11 cards, jokers and 2s wild with "
        "no limit, floating",
        "i_buy": "E, I Buy Sausages: eight deals of sets only, 6 to 13 cards, buys cost coins",
        "me": "E, Me: 12 cards every deal, aces high only, the first to call 'me' buys",
    }
)


def preset_summary(name: str) -> str:
    """One line saying where preset ``name`` comes from and what stands out in it, for the
    ``liverpool rules`` list (an unknown name raises :class:`~liverpool.RulesError`)."""
    return _SUMMARIES[get_rules(name).name]


def rule_sources(rules: Rules | str) -> dict[str, str]:
    """Field -> the line its value comes from, for a preset (by name or value).

    Fields come in :class:`Rules` declaration order (see :func:`described_fields`). A value
    derived with :meth:`Rules.replace` keeps its preset's lines for the fields it left alone;
    a changed field says so instead of pointing at a source that never said it. An unknown
    preset name raises :class:`~liverpool.RulesError` listing the presets.
    """
    value = get_rules(rules)
    base = PRESETS.get(value.name)
    lines: dict[str, str] = {}
    for name in described_fields():
        if base is None:
            lines[name] = f"not a preset ({value.name!r}): no source text"
        elif getattr(value, name) != getattr(base, name):
            lines[name] = f"changed from the {base.name} preset with Rules.replace: no source text"
        else:
            lines[name] = _preset_line(base.name, name)
    return lines


def _preset_line(preset: str, name: str) -> str:
    own = _OWN[preset]
    if name in own:
        return own[name]
    if name in _SHARED:
        return _SHARED[name]
    framing = _AS_CLASSIC[preset]  # a KeyError here is a preset missing a line (tests check)
    return f"as classic ({framing}): {_preset_line('classic', name)}"
