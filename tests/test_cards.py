"""Cards and their notation (README and ``liverpool.cards``), and the shoe each preset plays with
(docs/rules.md §3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liverpool as lp
from liverpool import Card, CardParseError, Rank, RulesError, Suit

ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank] + [Card.joker()]
cards_st = st.sampled_from(ALL_CARDS)

# -- reading one card -----------------------------------------------------------------------

RANK_TOKENS = [
    ("A", Rank.ACE),
    ("a", Rank.ACE),
    ("2", Rank.TWO),
    ("3", Rank.THREE),
    ("4", Rank.FOUR),
    ("5", Rank.FIVE),
    ("6", Rank.SIX),
    ("7", Rank.SEVEN),
    ("8", Rank.EIGHT),
    ("9", Rank.NINE),
    ("10", Rank.TEN),
    ("T", Rank.TEN),
    ("t", Rank.TEN),
    ("J", Rank.JACK),
    ("j", Rank.JACK),
    ("Q", Rank.QUEEN),
    ("q", Rank.QUEEN),
    ("K", Rank.KING),
    ("k", Rank.KING),
]
SUIT_TOKENS = [
    ("S", Suit.SPADES),
    ("s", Suit.SPADES),
    ("♠", Suit.SPADES),
    ("H", Suit.HEARTS),
    ("h", Suit.HEARTS),
    ("♥", Suit.HEARTS),
    ("D", Suit.DIAMONDS),
    ("d", Suit.DIAMONDS),
    ("♦", Suit.DIAMONDS),
    ("C", Suit.CLUBS),
    ("c", Suit.CLUBS),
    ("♣", Suit.CLUBS),
]


@pytest.mark.parametrize(("rank_text", "rank"), RANK_TOKENS)
@pytest.mark.parametrize(("suit_text", "suit"), SUIT_TOKENS)
def test_parse_every_rank_and_suit_token(
    rank_text: str, rank: Rank, suit_text: str, suit: Suit
) -> None:
    card = Card.parse(rank_text + suit_text)
    assert card.rank is rank
    assert card.suit is suit
    assert not card.is_joker


@pytest.mark.parametrize("token", ["JK", "jk", "Jk", "JOKER", "joker", "Joker", "*", "🃏"])
def test_parse_joker_tokens(token: str) -> None:
    card = Card.parse(token)
    assert card.is_joker
    assert card.rank is None
    assert card.suit is None
    assert card == Card.joker()


def test_parse_ignores_surrounding_space() -> None:
    assert Card.parse("  QS ") == Card(Rank.QUEEN, Suit.SPADES)


def test_ten_spellings_agree() -> None:
    assert Card.parse("10H") == Card.parse("TH") == Card.parse("th") == Card.parse("10♥")


# -- reading several cards ------------------------------------------------------------------


def test_parse_cards_keeps_order_api_example() -> None:
    cards = lp.parse_cards("7H 7♣ 10h TD js JK 🃏")
    assert [c.code for c in cards] == ["7H", "7C", "10H", "10D", "JS", "JK", "JK"]


@pytest.mark.parametrize(
    "text", ["9S,8H,7D", "9S, 8H, 7D", "9S  8H\t7D", " 9S 8H 7D ", "9S,8H 7D", "9S\n8H,7D"]
)
def test_parse_cards_splits_on_spaces_and_commas(text: str) -> None:
    assert [c.code for c in lp.parse_cards(text)] == ["9S", "8H", "7D"]


def test_parse_cards_keeps_duplicates() -> None:
    cards = lp.parse_cards("7H 7H 7♥")
    assert len(cards) == 3
    assert len(set(cards)) == 1


def test_parse_cards_of_nothing_is_empty() -> None:
    assert lp.parse_cards("") == []
    assert lp.parse_cards("   ") == []


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(CardParseError, match="'1H'"):
        lp.parse_cards("7H 8H 1H 9H")


# -- showing cards --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "text"),
    [("10H", "10♥"), ("QS", "Q♠"), ("ad", "A♦"), ("2c", "2♣"), ("TD", "10♦"), ("JK", "🃏")],
)
def test_str_is_the_short_form(token: str, text: str) -> None:
    assert str(Card.parse(token)) == text


def test_repr_reads_like_a_parse() -> None:
    assert repr(Card.parse("10h")) == "Card.parse('10H')"
    assert repr(Card.parse("*")) == "Card.parse('JK')"


def test_format_cards() -> None:
    assert lp.format_cards(lp.parse_cards("7H 7C JK")) == "7♥ 7♣ 🃏"


# -- cards are values -----------------------------------------------------------------------


def test_duplicates_are_equal_and_hash_alike() -> None:
    a, b = Card.parse("7H"), Card.parse("7♥")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Card(Rank.SEVEN, Suit.HEARTS)}) == 1
    assert Counter([a, b])[Card.parse("7h")] == 2


def test_different_cards_differ() -> None:
    assert Card.parse("7H") != Card.parse("7D")
    assert Card.parse("7H") != Card.parse("8H")
    assert Card.parse("7H") != Card.joker()


def test_card_is_immutable() -> None:
    card = Card.parse("7H")
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]


def test_rank_values_ace_one_to_king_thirteen() -> None:
    assert int(Rank.ACE) == 1
    assert int(Rank.KING) == 13
    assert [int(r) for r in Rank] == list(range(1, 14))


# -- bad text -------------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["1H", "10X", "", "ZZ", "11S", "H7", "7", "JKR", "10", "♥"])
def test_bad_token_message_quotes_it_and_shows_examples(token: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(token)
    message = str(info.value)
    assert repr(token) in message  # the bad token, quoted
    assert "'7H'" in message  # valid examples shown
    assert "JK" in message  # ... including a joker


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)
    with pytest.raises(ValueError):
        Card.parse("ZZ")


@pytest.mark.parametrize(
    ("token", "part"),
    [
        ("1H", "'1' is not a rank"),
        ("11S", "'11' is not a rank"),
        ("10X", "'X' is not a suit"),
        ("10", "'10' as a card: it has no suit: add one, as in 10H"),
        ("q", "'q' as a card: it has no suit: add one, as in QH or Q♠"),
        ("H", "'H' as a card: a card needs a rank and a suit"),
        ("1H", "'1' is not a rank [(]an ace is A; use A 2-9 10 T J Q K[)]"),
        ("SQ", "'SQ' as a card: the rank comes first: 'QS';"),
        ("♠q", "'♠q' as a card: the rank comes first: 'Q♠';"),
        ("h10", "'h10' as a card: the rank comes first: '10H';"),
        ("XX", "'X' is not a rank [(]use A 2-9 10 T J Q K[)] and 'X' is not a suit [(]use S H D C"),
        ("ZZZ", "'ZZ' is not a rank .* and 'Z' is not a suit"),
        (",", "it holds no card, only separators"),
        ("7" * 500 + "X", "'77777777777777777[.][.][.]' as a card"),  # not the whole token
    ],
)
def test_bad_token_says_which_part_is_wrong(token: str, part: str) -> None:
    with pytest.raises(CardParseError, match=part):
        Card.parse(token)


# -- the shoe per preset and player count (docs/rules.md §3, "decks" rows) -------------------------

# (preset, players, decks of 52, jokers)
SHOES = [
    # house: "2×52 + 4 jokers; 3×52 + 4 jokers at 6+"
    *[("house", n, 2, 4) for n in (3, 4, 5)],
    *[("house", n, 3, 4) for n in (6, 7, 8)],
    # classic: "2×52 (no jokers); 3×52 at 6+"
    *[("classic", n, 2, 0) for n in (3, 4, 5)],
    *[("classic", n, 3, 0) for n in (6, 7, 8)],
    # online: "2×52 + 4 jokers; 3×52 + 6 jokers at 5+ (silent)"
    *[("online", n, 2, 4) for n in (2, 3, 4)],
    *[("online", n, 3, 6) for n in (5, 6)],
    # traditional: "2×52 + 4 jokers at 3–4; 3×52 + 6 jokers at 5+"
    *[("traditional", n, 2, 4) for n in (3, 4)],
    *[("traditional", n, 3, 6) for n in (5, 6, 7, 8)],
    # florida / i_buy / me: "54-card decks (2 jokers each): 2 decks at ≤4, 3 at 5+"
    *[(p, n, 2, 4) for p in ("florida", "i_buy", "me") for n in (3, 4)],
    *[(p, n, 3, 6) for p in ("florida", "i_buy", "me") for n in (5, 6, 7, 8)],
]


@pytest.mark.parametrize(("preset", "players", "decks", "jokers"), SHOES)
def test_shoe_for_each_preset_and_player_count(
    preset: str, players: int, decks: int, jokers: int
) -> None:
    rules = lp.PRESETS[preset]
    size = rules.shoe_size(players)
    assert (size.decks, size.jokers) == (decks, jokers)
    shoe = rules.build_shoe(players)
    assert len(shoe) == 52 * decks + jokers
    counts = Counter(shoe)
    assert counts[Card.joker()] == jokers
    naturals = [c for c in counts if not c.is_joker]
    assert len(naturals) == 52
    assert all(counts[c] == decks for c in naturals)


def test_every_allowed_player_count_is_covered() -> None:
    covered = {(p, n) for p, n, _, _ in SHOES}
    for name, rules in lp.PRESETS.items():
        for n in range(rules.min_players, rules.max_players + 1):
            assert (name, n) in covered


def test_build_shoe_given_a_rule_set_points_to_the_rules_own_shoe() -> None:
    assert len(lp.build_shoe(2, 1)) == 105
    # (the compiled engine refuses the argument itself, in mypyc's words, before the check)
    hint = r"Rules" if lp.COMPILED else r"rules\.build_shoe\(players\)"
    with pytest.raises(TypeError, match=hint):
        lp.build_shoe(lp.PRESETS["house"], 4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one deck"):
        lp.build_shoe(0, 2)


# (preset, a player count outside its range)
OUTSIDE = [
    ("house", 2),  # "two is not this game"
    ("house", 9),
    ("classic", 2),
    ("classic", 9),
    ("online", 1),
    ("online", 7),
    ("traditional", 2),
    ("traditional", 9),
    ("florida", 2),
    ("florida", 9),
    ("i_buy", 2),
    ("i_buy", 9),
    ("me", 2),
    ("me", 9),
]


@pytest.mark.parametrize(("preset", "players"), OUTSIDE)
def test_player_count_outside_range_is_refused(preset: str, players: int) -> None:
    rules = lp.PRESETS[preset]
    with pytest.raises(RulesError, match=str(players)):
        rules.shoe_size(players)
    with pytest.raises(RulesError):
        rules.build_shoe(players)
    with pytest.raises(RulesError):
        rules.check_players(players)


# -- properties -----------------------------------------------------------------------------


@given(cards_st)
def test_parse_of_str_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card


@given(cards_st)
def test_parse_of_code_round_trips(card: Card) -> None:
    assert Card.parse(card.code) == card


@given(cards_st)
def test_repr_round_trips_through_eval(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card


@given(st.lists(cards_st, max_size=20))
def test_parse_cards_of_format_cards_round_trips(cards: list[Card]) -> None:
    assert lp.parse_cards(lp.format_cards(cards)) == cards


@given(st.lists(cards_st, max_size=20))
def test_parse_cards_of_codes_round_trips(cards: list[Card]) -> None:
    assert lp.parse_cards(",".join(c.code for c in cards)) == cards


def test_a_rank_and_a_suit_print_as_a_card_writes_them() -> None:
    """``print(card.suit)`` showed ``Suit.HEARTS`` and ``print(ace.rank)`` showed ``1``."""
    ten, ace = lp.Card.parse("10H"), lp.Card.parse("AS")
    assert (str(ten.rank), str(ten.suit), f"{ace.rank}{ace.suit}") == ("10", "♥", "A♠")
    assert f"{ace.rank:>3}|" == "  A|"
    assert ace.rank is not None and int(ace.rank) == 1 and ace.rank == 1  # still a number
    assert repr(ten.suit) == "Suit.HEARTS" and repr(ace.rank) == "Rank.ACE"
    for card in lp.standard_deck():
        assert f"{card.rank}{card.suit}" == str(card)


def test_parse_returns_a_card_it_is_given() -> None:
    seven = lp.Card.parse("7H")
    joker = lp.Card.parse("JK")
    assert lp.Card.parse(seven) is seven and lp.Card.parse(joker) is joker


# -- making a card from its rank and suit --------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(7, "h"), (7, "H"), (7, "♥"), (Rank.SEVEN, "hearts"), ("7", Suit.HEARTS), (" 7 ", "h")],
)
def test_a_card_is_made_from_a_number_a_letter_or_a_sign(rank: int | str, suit: str) -> None:
    """``lp.Card(7, "h")`` raised "ValueError: 'h' is not a valid Suit"."""
    seven = Card.parse("7H")
    assert Card(rank, suit) is seven  # the one 7♥
    assert Card.of(rank, suit) is seven  # Card.of(7, "H") raised KeyError


def test_a_card_is_made_from_rank_words_and_letters() -> None:
    queen = Card.parse("QS")
    assert Card("q", "s") is Card("QUEEN", "SPADES") is Card(12, Suit.SPADES) is queen
    assert Card("T", "d") is Card(10, "D") is Card.parse("10D")
    assert Card() is Card(None, None) is Card.joker()
    assert Card.of(Rank.KING, Suit.CLUBS) is Card.parse("KC")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("QS",),
            "lp.Card takes a rank and a suit, not card text 'QS': write lp.Card.parse('QS') "
            "(or lp.Card(Rank.QUEEN, Suit.SPADES))",
        ),
        (("7H 8H",), "not card text '7H 8H': lp.Card.parse('QS') reads card text such as 'QS'"),
        ((7,), "lp.Card(7) has a rank but no suit: a card has both, as in lp.Card(Rank.SEVEN"),
        ((None, "H"), "lp.Card(None, 'H') has a suit but no rank"),
        ((14, "H"), "14 is not a rank: give a number from 1 (ace) to 13 (king)"),
        ((0, Suit.HEARTS), "0 is not a rank"),
        ((True, "H"), "True is not a rank"),
        (("Z", "H"), "'Z' is not a rank"),
        ((7, "X"), "'X' is not a suit: give a letter S H D C (any case), a sign ♠ ♥ ♦ ♣"),
        ((Rank.SEVEN, "hx"), "'hx' is not a suit"),
    ],
)
def test_a_card_that_is_no_card_is_refused_saying_what_to_write(
    args: tuple[object, ...], words: str
) -> None:
    """``lp.Card("QS")`` raised TypeError, ``lp.Card(14, "H")`` "14 is not a valid Rank"."""
    with pytest.raises(CardParseError) as caught:
        Card(*args)  # type: ignore[arg-type]
    assert words in str(caught.value)
    # nothing changed: every card is still the one card of its rank and suit
    for card in ALL_CARDS:
        assert Card.parse(card.code) is card and Card(card.rank, card.suit) is card
    assert [c.code for c in ALL_CARDS[:3]] == ["AS", "2S", "3S"]


def test_card_of_refuses_as_card_does() -> None:
    with pytest.raises(CardParseError, match="14 is not a rank"):
        Card.of(14, Suit.HEARTS)
    with pytest.raises(CardParseError, match="'X' is not a suit"):
        Card.of(7, "X")


# -- text that is not one card -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["JH,QH", "JH;QH", "JH, QH", "JH QH"])
def test_several_cards_are_refused_as_lp_parse_cards_splits_them(text: str) -> None:
    """``Card.parse("JH,QH")`` said "'JH,Q' is not a rank" though parse_cards splits on commas."""
    with pytest.raises(CardParseError) as caught:
        Card.parse(text)
    assert str(caught.value) == (
        f"{text!r} is several cards where one card is wanted (lp.parse_cards reads several)"
    )
    assert lp.parse_cards(text) == [Card.parse("JH"), Card.parse("QH")]


@pytest.mark.parametrize("text", ["7H,", " ;7h ", ",7♥"])
def test_a_separator_at_an_end_is_skipped_as_parse_cards_skips_it(text: str) -> None:
    assert Card.parse(text) is Card.parse("7H") and lp.parse_cards(text) == [Card.parse("7H")]


def test_a_rank_and_a_suit_repr_can_be_pasted_back() -> None:
    names = {"Rank": Rank, "Suit": Suit}
    for rank in Rank:
        assert eval(repr(rank), names) is rank
    for suit in Suit:
        assert eval(repr(suit), names) is suit
    assert repr(Card.parse("QH").suit) == "Suit.HEARTS" and repr(Rank.QUEEN) == "Rank.QUEEN"
