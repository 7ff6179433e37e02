"""The card drawing: SVG cards, melds, verdicts and the table as one seat sees it.

Every output is parsed as XML, so a broken tag or an HTML-only entity fails here before it
fails in a notebook. Cards are found by their ``data-card`` attributes, as browser tests do.
"""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import liverpool as lp
from liverpool.render import (
    card_img,
    card_label,
    card_svg,
    cards_html,
    cards_svg,
    game_html,
    meld_html,
    meld_svg,
    verdict_html,
    view_html,
)

SVG = "{http://www.w3.org/2000/svg}"
HOUSE = lp.PRESETS["house"]
CLASSIC = lp.PRESETS["classic"]
P = lp.parse_cards
C = lp.Card.parse


def _xml(text: str) -> ET.Element:
    return ET.fromstring(text)


def _cards(root: ET.Element) -> list[ET.Element]:
    """Every drawn card (face up or down) under ``root``."""
    return [e for e in root.iter() if "data-card" in e.attrib]


def _codes(root: ET.Element) -> list[str]:
    """The codes of the cards drawn, in order (a row of face-down cards drawn as one image says
    how many with ``data-count``)."""
    return [
        code
        for e in _cards(root)
        for code in [e.attrib["data-card"]] * int(e.attrib.get("data-count", "1"))
    ]


def _texts(root: ET.Element) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}text"))


def _shoe_cards() -> list[lp.Card]:
    """The distinct cards of a two-deck shoe with jokers, in shoe order."""
    return list(dict.fromkeys(lp.build_shoe(2, 4)))


# -- single cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [HOUSE, CLASSIC, None], ids=["house", "classic", "none"])
@pytest.mark.parametrize("four_color", [False, True], ids=["two-colour", "four-colour"])
def test_every_card_of_the_shoe_renders_valid_labelled_svg(
    rules: lp.Rules | None, four_color: bool
) -> None:
    cards = _shoe_cards()
    assert len(cards) == 53
    for card in cards:
        root = _xml(card_svg(card, rules=rules, four_color=four_color))
        assert root.tag == f"{SVG}svg"
        assert root.attrib["role"] == "img"
        assert root.attrib["data-card"] == card.code
        label = root.attrib["aria-label"]
        assert label.startswith(card.name)
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == label
        assert float(root.attrib["height"]) == pytest.approx(1.4 * float(root.attrib["width"]))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("10H", "ten of hearts"),
        ("AS", "ace of spades"),
        ("QD", "queen of diamonds"),
        ("2C", "two of clubs"),
        ("JK", "joker"),
    ],
)
def test_aria_label_is_the_card_name(text: str, label: str) -> None:
    root = _xml(card_svg(C(text)))
    assert root.attrib["aria-label"] == label
    assert _texts(root)  # a face-up card has visible indices


def test_labels_for_wilds_face_down_and_selected() -> None:
    joker, two = C("JK"), C("2C")
    assert _xml(card_svg(joker, stands_for="7♥")).attrib["aria-label"] == (
        "wild joker standing for the seven of hearts"
    )
    assert _xml(card_svg(joker, stands_for="8")).attrib["aria-label"] == (
        "wild joker standing for an eight"
    )
    assert _xml(card_svg(two, rules=CLASSIC)).attrib["aria-label"] == "two of clubs (wild)"
    assert _xml(card_svg(two, rules=HOUSE)).attrib["aria-label"] == "two of clubs"
    assert _xml(card_svg(C("10H"), face_down=True)).attrib["aria-label"] == "face-down card"
    assert _xml(card_svg(C("10H"), selected=True)).attrib["aria-label"] == (
        "ten of hearts, selected"
    )
    assert _xml(card_svg(C("10H"), label="the card you drew")).attrib["aria-label"] == (
        "the card you drew"
    )


def _is_marked_wild(svg: str) -> bool:
    root = _xml(svg)
    flagged = root.attrib.get("data-wild") == "true"
    framed = any(e.attrib.get("class") == "lp-wild" for e in root.iter())
    assert flagged == framed
    return flagged


def test_wild_marks_follow_the_rules() -> None:
    wild_under_classic = {c for c in _shoe_cards() if c.is_joker or c.rank is lp.Rank.TWO}
    for card in _shoe_cards():
        assert _is_marked_wild(card_svg(card, rules=CLASSIC)) == (card in wild_under_classic)
        assert _is_marked_wild(card_svg(card, rules=HOUSE)) == card.is_joker
        assert _is_marked_wild(card_svg(card)) == card.is_joker  # jokers are always wild


def test_a_wild_two_gets_a_w_badge_and_a_joker_does_not() -> None:
    two = _xml(card_svg(C("2H"), rules=CLASSIC))
    assert any(e.attrib.get("class") == "lp-wild-badge" for e in two.iter())
    assert "W" in _texts(two)
    plain = _xml(card_svg(C("2H"), rules=HOUSE))
    assert not any(e.attrib.get("class") == "lp-wild-badge" for e in plain.iter())
    joker = _xml(card_svg(C("JK"), rules=CLASSIC))
    assert not any(e.attrib.get("class") == "lp-wild-badge" for e in joker.iter())
    assert "JOKER" in _texts(joker).replace(" ", "")


def test_stands_for_caption() -> None:
    root = _xml(card_svg(C("JK"), stands_for="7♥"))
    assert root.attrib["data-stands-for"] == "7♥"
    texts = _texts(root)
    assert "=" in texts and "7" in texts
    assert "data-stands-for" not in card_svg(C("JK"))


def test_face_down_card_says_nothing_about_the_card() -> None:
    backs = {card_svg(card, rules=CLASSIC, face_down=True) for card in _shoe_cards()}
    assert len(backs) == 1, "every card's back must be the same drawing"
    root = _xml(backs.pop())
    assert root.attrib["data-card"] == "back"
    assert root.attrib["aria-label"] == "face-down card"
    assert _texts(root) == ""  # no rank, no suit letters
    assert "data-wild" not in root.attrib
    # A face-down card never shows what a wild stands for either.
    assert "7" not in _texts(_xml(card_svg(C("JK"), face_down=True, stands_for="7♥")))


def _fills(svg: str) -> set[str]:
    return {e.attrib["fill"] for e in _xml(svg).iter(f"{SVG}path") if "fill" in e.attrib}


def test_four_colour_deck_gives_each_suit_its_own_colour() -> None:
    four = {s: _fills(card_svg(lp.Card(lp.Rank.SEVEN, s), four_color=True)) for s in lp.Suit}
    assert all(len(f) == 1 for f in four.values())
    assert len(set().union(*four.values())) == 4
    two = {s: _fills(card_svg(lp.Card(lp.Rank.SEVEN, s))) for s in lp.Suit}
    assert two[lp.Suit.HEARTS] == two[lp.Suit.DIAMONDS]
    assert two[lp.Suit.SPADES] == two[lp.Suit.CLUBS]
    assert two[lp.Suit.HEARTS] != two[lp.Suit.SPADES]
    assert four[lp.Suit.HEARTS] == two[lp.Suit.HEARTS]
    assert four[lp.Suit.SPADES] == two[lp.Suit.SPADES]


# -- rows, melds and verdicts ------------------------------------------------------------------


def test_cards_row_keeps_order_and_raises_selected_cards() -> None:
    hand = P("7H 8H JK 2C")
    root = _xml(cards_svg(hand, rules=CLASSIC, selected={1}))
    assert root.attrib["role"] == "group"
    cards = _cards(root)
    assert [c.attrib["data-card"] for c in cards] == ["7H", "8H", "JK", "2C"]
    assert all(c.attrib["role"] == "img" for c in cards)
    assert [c.attrib.get("data-selected") for c in cards] == [None, "true", None, None]
    ys = [float(c.attrib["y"]) for c in cards]
    assert ys[1] < ys[0] == ys[2] == ys[3]
    xs = [float(c.attrib["x"]) for c in cards]
    assert xs == sorted(xs)
    assert [c.attrib.get("data-wild") for c in cards] == [None, None, "true", "true"]


def test_empty_row_draws_an_empty_place() -> None:
    root = _xml(cards_svg([]))
    assert _cards(root) == []
    assert "empty" in _texts(root)
    with pytest.raises(ValueError, match="overlap"):
        cards_svg(P("7H"), overlap=1.2)


def test_meld_wilds_are_captioned_with_what_they_stand_for() -> None:
    run = lp.Meld.build("run", P("5H 6H JK 8H"), HOUSE, owner=1)
    root = _xml(meld_svg(run, rules=HOUSE))
    assert _codes(root) == ["5H", "6H", "JK", "8H"]
    stands = [c.attrib.get("data-stands-for") for c in _cards(root)]
    assert stands == [None, None, "7♥", None]
    assert _cards(root)[2].attrib["aria-label"] == "wild joker standing for the seven of hearts"
    assert "run of ♥ 5-8" in _texts(root)
    assert root.attrib["aria-label"] == run.describe(HOUSE)


def test_meld_of_a_set_with_a_wild_two_under_classic() -> None:
    meld = lp.Meld.build("set", P("7S 7D 2C"), CLASSIC)
    root = _xml(meld_svg(meld, rules=CLASSIC))
    assert [c.attrib.get("data-stands-for") for c in _cards(root)] == [None, None, "7"]
    assert "set of sevens" in _texts(root)
    # Without the rules only jokers are taken as wild: the 2 is drawn plain.
    plain = _xml(meld_svg(meld))
    assert [c.attrib.get("data-stands-for") for c in _cards(plain)] == [None, None, None]


def test_verdict_html_shows_cards_and_reason() -> None:
    good = _xml(verdict_html(lp.check_run(P("9H 10H JH QH"), HOUSE)))
    assert good.attrib["data-ok"] == "true"
    assert _codes(good) == ["9H", "10H", "JH", "QH"]
    assert "✓ legal run" in "".join(good.itertext())
    bad_verdict = lp.check_set(P("7H 8H 9H"), HOUSE)
    bad = _xml(verdict_html(bad_verdict))
    assert bad.attrib["data-ok"] == "false"
    assert bad.attrib["data-code"] == bad_verdict.code
    assert f"✗ {bad_verdict.reason}" in "".join(bad.itertext())


def test_legal_run_verdict_with_rules_captions_its_wild() -> None:
    root = _xml(verdict_html(lp.check_run(P("5H 6H JK 8H"), HOUSE), rules=HOUSE))
    assert [c.attrib.get("data-stands-for") for c in _cards(root)] == [None, None, "7♥", None]


# -- the table ----------------------------------------------------------------------------------

HANDS = [
    "7H 8C 9C 9H 10H JH QH KS KD KC 3S",
    "7S 7D 7C QS QD JK 5H 6H 8H 2C 4D",
    "AS AH AD 3C 4C 5C 6C 8D 9D 10D 2H",
    "2S 3H 4H 5S 6S 8S 9C 10C JC QC 2D",
]


def _game() -> lp.Game:
    """A stacked game of four where Ben (seat 1) has gone down and Cleo is to act."""
    g = lp.Game.from_deal("online", HANDS, stock="QC 9S", upcard="4S")
    g.apply(lp.DrawStock())
    while g.phase is not lp.Phase.PLAY:
        g.apply(lp.Pass())
    g.apply(lp.GoDown([P("7S 7D 7C"), P("QS QD JK")]))
    g.apply(lp.Discard(C("4D")))
    assert g.to_act == 2
    return g


def _zone(root: ET.Element, zone: str, seat: int | None = None) -> ET.Element:
    found = [
        e
        for e in root.iter()
        if e.attrib.get("data-zone") == zone
        and (seat is None or e.attrib.get("data-seat") == str(seat))
    ]
    assert len(found) == 1, (zone, seat, len(found))
    return found[0]


@pytest.mark.parametrize("seat", range(4))
def test_view_never_shows_another_seats_hand(seat: int) -> None:
    game = _game()
    view = game.view(seat)
    root = _xml(view_html(view))
    assert root.attrib["data-seat"] == str(seat)
    public = {c.code for m in view.table for c in m.cards} | {c.code for c in view.discard_pile}
    allowed = {c.code for c in view.hand} | public | {"back"}
    assert set(_codes(root)) <= allowed
    for other in range(4):
        codes = _codes(_zone(root, "hand", other))
        if other == seat:
            assert codes == [c.code for c in view.hand]
        else:
            assert codes == ["back"] * view.hand_sizes[other]
    # Seats' hands that overlap nobody else's public cards really are absent.
    for other in range(4):
        if other != seat:
            secret = {c.code for c in game.hand(other)} - allowed
            assert secret, "the stacked hands should hold cards only their owner knows"
            assert not secret & set(_codes(root))


def test_open_hands_show_every_hand() -> None:
    game = _game()
    root = _xml(game_html(game, 0, open_hands=True))
    for seat in range(4):
        assert _codes(_zone(root, "hand", seat)) == [c.code for c in game.hand(seat)]
    one = _xml(view_html(game.view(0), open_hands={3: game.hand(3)}))
    assert _codes(_zone(one, "hand", 3)) == [c.code for c in game.hand(3)]
    assert set(_codes(_zone(one, "hand", 2))) == {"back"}


def test_view_shows_piles_melds_turn_and_progress() -> None:
    game = _game()
    view = game.view(0)
    html = view_html(view)
    root = _xml(html)
    text = " ".join(root.itertext())
    assert view.deciding in text
    assert "Cleo" in text and "to act" in text
    assert "down ✓" in text and "needs 2 sets" in text
    stock = _zone(root, "stock")
    assert _codes(stock) == ["back"]
    assert str(view.stock_size) in " ".join(stock.itertext())
    assert _codes(_zone(root, "discard")) == ["4D"]
    table = _zone(root, "table")
    groups = [e for e in table.iter() if e.attrib.get("class") == "lp-meld-group"]
    assert [g.attrib["data-owner"] for g in groups] == ["1"]
    assert "Ben's melds" in " ".join(table.itertext())
    melds = [e for e in table.iter() if "data-meld" in e.attrib]
    assert [_codes(m) for m in melds] == [[c.code for c in m.cards] for m in view.table]
    assert "set of sevens" in " ".join(table.itertext())


def test_game_html_defaults_to_the_seat_to_act() -> None:
    game = _game()
    assert game_html(game) == view_html(game.view(2))
    assert _xml(game_html(game, 0)).attrib["data-seat"] == "0"


def test_random_match_views_are_valid_and_never_leak() -> None:
    """Every seat's table, at every step of a random match's first deals, is well formed and
    shows no other hand (only the discards each seat was seen to pick up)."""
    game = lp.Game("online", 4, seed=3)
    bots = [lp.bots.RandomBot(i) for i in range(4)]
    for _ in range(120):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        root = _xml(view_html(view))
        for other in range(4):
            codes = set(_codes(_zone(root, "hand", other)))
            public = {"back"} | {c.code for c in view.picked_up[other]}
            assert codes <= ({c.code for c in view.hand} if other == seat else public)
        game.apply(bots[seat].act(view, game.legal_actions()))


def test_finished_match_shows_winners_and_score_pad() -> None:
    result = lp.play_match("house", [lp.bots.RandomBot(i) for i in range(3)], seed=2)
    root = _xml(game_html(result.game))
    text = " ".join(root.itertext())
    assert "The match is over" in text and "winner" in text
    pad = [e for e in root.iter() if e.attrib.get("class") == "lp-scores"]
    assert len(pad) == 1
    assert "total" in " ".join(pad[0].itertext())


# -- determinism and display hooks -----------------------------------------------------------


def test_output_is_deterministic() -> None:
    game = _game()
    assert game_html(game) == game_html(game)
    assert game_html(game.copy()) == game_html(game)
    assert card_svg(C("JK"), stands_for="7♥") == card_svg(C("JK"), stands_for="7♥")
    assert ' id="' not in game_html(game, open_hands=True)


def test_output_is_the_same_in_every_process() -> None:
    """No hash order or random id leaks into the drawing (nbval compares outputs)."""
    script = textwrap.dedent(
        """
        import hashlib, liverpool as lp
        from liverpool.render import game_html
        g = lp.Game("online", 4, seed=11)
        print(hashlib.sha256(game_html(g, 0, open_hands=True).encode()).hexdigest())
        """
    )
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
        )
        digests.add(out.stdout.strip())
    here = game_html(lp.Game("online", 4, seed=11), 0, open_hands=True)
    digests.add(hashlib.sha256(here.encode()).hexdigest())
    assert len(digests) == 1


def test_importing_liverpool_does_not_import_the_drawing() -> None:
    script = textwrap.dedent(
        """
        import sys, liverpool as lp
        before = "liverpool.render" in sys.modules
        lp.Card.parse("7H"); lp.show("7H 8H"); lp.Game("house", 3, seed=1).view(0)
        middle = "liverpool.render" in sys.modules
        svg = lp.card_svg(lp.Card.parse("7H"))
        after = "liverpool.render" in sys.modules
        print(before, middle, after, svg.startswith("<svg"))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True", "True"]


def test_display_hooks() -> None:
    game = _game()
    card = _xml(C("10H")._repr_svg_())
    assert card.attrib["aria-label"] == "ten of hearts"
    meld = _xml(game.table[1]._repr_svg_())
    assert _codes(meld) == ["QS", "QD", "JK"]
    assert _xml(lp.check_set(P("7H 7S 7D"), HOUSE)._repr_html_()).attrib["data-ok"] == "true"
    assert _xml(game.view(0)._repr_html_()).attrib["data-seat"] == "0"
    assert _xml(game._repr_html_()).attrib["data-seat"] == "2"


def test_hand_value_displays_and_round_trips() -> None:
    hand = lp.Hand(lp.parse_cards("7H 8H JK 2C"))
    assert list(hand) == P("7H 8H JK 2C") and len(hand) == 4 and hand[2].is_joker
    assert str(hand) == "7♥ 8♥ 🃏 2♣"
    assert _codes(_xml(hand._repr_svg_())) == ["7H", "8H", "JK", "2C"]
    assert _codes(_xml(hand._repr_html_())) == ["7H", "8H", "JK", "2C"]
    shown = lp.show("7H 8H JK 2C", rules="classic", four_color=True)
    assert shown.rules == CLASSIC
    assert _xml(shown._repr_svg_()).findall(f".//{SVG}svg[@data-wild='true']")
    for value in (hand, shown):
        assert eval(repr(value), {"Hand": lp.Hand, "Rules": lp.Rules}) == value


# -- HTML with <img> cards (kept by a notebook that is not trusted) ------------------------------

IMG_PREFIX = "data:image/svg+xml;base64,"


def _imgs(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter("img")]


def _picture(img: ET.Element) -> str:
    src = img.attrib["src"]
    assert src.startswith(IMG_PREFIX)
    return base64.b64decode(src[len(IMG_PREFIX) :]).decode("utf-8")


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rules": CLASSIC, "width": 64},
        {"four_color": True},
        {"stands_for": "7♥"},
        {"selected": True},
        {"face_down": True},
        {"label": "the card you drew"},
    ],
    ids=["plain", "wild-rules", "four-colour", "stands-for", "selected", "face-down", "label"],
)
def test_card_img_is_the_card_svg_as_an_image(options: dict[str, Any]) -> None:
    for card in _shoe_cards():
        img = _xml(card_img(card, **options))
        svg = card_svg(card, **options)
        assert img.tag == "img" and _picture(img) == svg
        drawn = _xml(svg)
        assert img.attrib["alt"] == drawn.attrib["aria-label"] == img.attrib["title"]
        for key in ("data-card", "data-wild", "data-stands-for", "data-selected", "width"):
            assert img.attrib.get(key) == drawn.attrib.get(key), key
        assert float(img.attrib["height"]) == pytest.approx(float(drawn.attrib["height"]))


def test_html_holds_no_inline_svg() -> None:
    """Every HTML output draws cards as <img> only (inline <svg> is stripped when untrusted)."""
    game = _game()
    run = lp.Meld.build("run", P("5H 6H JK 8H"), HOUSE)
    outputs = [
        verdict_html(lp.check_run(P("5H 6H JK 8H"), HOUSE), rules=HOUSE),
        verdict_html(lp.check_set(P("7H 8H 9H"), HOUSE)),
        view_html(game.view(0)),
        game_html(game, open_hands=True),
        cards_html(P("7H 8H JK 2C"), rules=CLASSIC, selected={1}),
        cards_html([]),
        cards_html(P("7H 8H"), face_down=True),
        meld_html(run, rules=HOUSE),
    ]
    for html in outputs:
        assert "<svg" not in html
        root = _xml(html)
        assert _imgs(root), html[:200]
        for img in _imgs(root):
            assert img.attrib["src"].startswith(IMG_PREFIX)
            assert img.attrib["alt"]


def test_cards_html_row_keeps_order_overlap_and_raises_selected() -> None:
    root = _xml(cards_html(P("7H 8H JK 2C"), rules=CLASSIC, selected={1}, width=80, overlap=0.5))
    assert root.attrib["role"] == "group" and root.attrib["aria-label"] == "4 cards"
    imgs = _imgs(root)
    assert [i.attrib["data-card"] for i in imgs] == ["7H", "8H", "JK", "2C"]
    assert [i.attrib.get("data-selected") for i in imgs] == [None, "true", None, None]
    assert [i.attrib.get("data-wild") for i in imgs] == [None, None, "true", "true"]
    styles = [i.attrib.get("style", "") for i in imgs]
    assert "margin-left" not in styles[0]
    assert all("margin-left:-40px" in s for s in styles[1:])
    assert "margin-top" not in styles[1]  # the selected card is raised
    assert all("margin-top:13.44px" in s for s in (styles[0], *styles[2:]))
    assert _xml(cards_html(P("7H"), label="your hand")).attrib["aria-label"] == "your hand"
    with pytest.raises(ValueError, match="overlap"):
        cards_html(P("7H"), overlap=1)


def test_empty_rows_and_face_down_rows() -> None:
    empty = _imgs(_xml(cards_html([])))
    assert len(empty) == 1 and empty[0].attrib["alt"] == "empty"
    backs = _xml(cards_html(P("7H 8H JK"), face_down=True))
    assert backs.tag == "img" and backs.attrib["alt"] == "3 cards, face down"
    assert (backs.attrib["data-card"], backs.attrib["data-count"]) == ("back", "3")
    picture = _picture(backs)
    # the back is drawn once and used three times; nothing of the cards themselves is in it
    assert picture.count("<symbol") == 1 and picture.count("<use ") == 3
    assert "data-card" not in picture and "seven" not in picture and "joker" not in picture


def test_meld_html_captions_wilds_and_describes_the_meld() -> None:
    run = lp.Meld.build("run", P("5H 6H JK 8H"), HOUSE, owner=1)
    root = _xml(meld_html(run, rules=HOUSE))
    assert root.attrib["aria-label"] == run.describe(HOUSE) and root.attrib["data-kind"] == "run"
    imgs = _imgs(root)
    assert [i.attrib.get("data-stands-for") for i in imgs] == [None, None, "7♥", None]
    assert imgs[2].attrib["alt"] == "wild joker standing for the seven of hearts"
    assert "run of ♥ 5-8" in "".join(root.itertext())
    assert "run of" not in "".join(_xml(meld_html(run, caption=False)).itertext())


def test_table_html_draws_hidden_hands_as_one_image_each() -> None:
    game = _game()
    root = _xml(view_html(game.view(0)))
    for seat in (1, 2, 3):
        (backs,) = _imgs(_zone(root, "hand", seat))
        assert backs.attrib["data-count"] == str(game.view(0).hand_sizes[seat])
        assert backs.attrib["alt"].endswith(f"{game.view(0).hand_sizes[seat]} cards")


def test_html_render_is_small() -> None:
    # (its speed is measured in benchmarks/table_latency.py, never asserted here)
    html = game_html(lp.Game("house", 4, seed=1))
    assert len(html) < 80_000  # the hidden hands are one small image each


def test_display_hooks_give_html_with_img_cards() -> None:
    game = _game()
    values: list[Any] = [lp.show("7H 8H JK 2C", rules="classic"), game.table[1], C("10H")]
    for value in values:
        html = value._repr_html_()
        assert "<svg" not in html and IMG_PREFIX in html


def test_the_tables_accessible_name_addresses_you_in_the_second_person() -> None:
    named = lp.Game("house", ["Ada", "Ben", "Cleo"], seed=1)
    assert 'aria-label="Liverpool table as Ada sees it"' in named.view(0)._repr_html_()
    you = lp.Game("house", ["You", "Ben", "Cleo"], seed=1)
    html = you.view(0)._repr_html_()
    assert 'aria-label="Liverpool table as you see it"' in html and "You sees" not in html


# -- card text and preset names, as a learner writes them ----------------------------------------


def test_a_drawing_reads_card_text_and_a_presets_name() -> None:
    """``lp.card_svg("7H")`` raised AttributeError."""
    online = lp.PRESETS["online"]
    assert lp.card_svg("7H") == card_svg(C("7H"))
    assert card_svg("qs", rules="house", width=120) == card_svg(C("QS"), rules=HOUSE, width=120)
    assert card_img("2c", rules="classic") == card_img(C("2C"), rules=CLASSIC)
    assert card_label("JK") == "joker" and card_label("2c", wild=True) == "two of clubs (wild)"
    assert cards_svg("7H 8H JK", rules="classic") == cards_svg(P("7H 8H JK"), rules=CLASSIC)
    assert cards_html("7H, 8H", rules="house") == cards_html(P("7H 8H"), rules=HOUSE)
    run = lp.Meld.build("run", "9H 10H JK QH", "online")
    assert meld_svg(run, rules="online") == meld_svg(run, rules=online)
    assert meld_html(run, rules="online") == meld_html(run, rules=online)
    verdict = lp.check_run("9H 10H JK QH", "online")
    assert verdict_html(verdict, rules="online") == verdict_html(verdict, rules=online)
    assert 'data-stands-for="J♥"' in verdict_html(verdict, rules="online")


def test_a_drawing_of_no_card_is_refused_in_words() -> None:
    with pytest.raises(lp.CardParseError, match="cannot read '7X' as a card: 'X' is not a suit"):
        card_svg("7X")
    with pytest.raises(lp.CardParseError, match="expected card text such as '7H', got 7"):
        card_img(7)  # type: ignore[arg-type]
    with pytest.raises(lp.CardParseError, match="cannot read 'ZZ' as a card"):
        cards_svg("7H ZZ")
    with pytest.raises(lp.RulesError, match="there is no preset called 'hous'"):
        card_svg("7H", rules="hous")
