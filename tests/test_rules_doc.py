"""The rule book (docs/rules.md), the per-rule sources (liverpool.sources) and the rules in words.

What a reader checks by hand: every preset is in the rule book; every quote the source lines
use is in the rule book too; every rule where a preset differs from ``house`` says where it comes
from; nothing points outside the repository; and ``Rules.describe`` says each value in words,
never as a tuple or an enum, and never says two different values the same way.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path

import pytest

import liverpool as lp
from liverpool.rules import field_label
from liverpool.sources import (
    LINE_FORMS,
    SOURCE_TEXTS,
    described_fields,
    preset_summary,
    quotes_in,
    rule_sources,
)

ROOT = Path(__file__).resolve().parents[1]
RULE_BOOK = ROOT / "docs" / "rules.md"
PRESETS = list(lp.PRESETS)
VARIANTS = ("florida", "i_buy", "me")  # E writes them against its own Liverpool (classic)
LETTER = {"house": "H", "classic": "E", "online": "A", "traditional": "T"}
LETTER.update(dict.fromkeys(VARIANTS, "E"))


def _squeeze(text: str) -> str:
    """Whitespace runs as one space: the rule book wraps its lines anywhere."""
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def book() -> str:
    return RULE_BOOK.read_text(encoding="utf-8")


# -- the rule book --------------------------------------------------------------------------


def test_rule_book_keeps_the_section_numbers_code_cites(book: str) -> None:
    for heading in (
        "## 1. Shared vocabulary",
        "## 2. Turn and buy sequence",
        "## 3. The presets",
        "## 4. What bad input gets",
        "### 3.11 Optional rules any preset may switch on",
    ):
        assert f"\n{heading}\n" in book, heading
    # the phrases other tests cite by section
    for phrase in ("**Stock runs out**", "Dealer rotates", "a card taken from the discard pile"):
        assert phrase.lower() in book.lower(), phrase
    order = [book.index(f"\n## {n}. ") for n in range(1, 5)]
    assert order == sorted(order)


@pytest.mark.parametrize("preset", PRESETS)
def test_rule_book_has_a_section_for_every_preset(book: str, preset: str) -> None:
    headings = re.findall(r"^### 3\.\d+ `(\w+)` — (\w)", book, flags=re.M)
    assert (preset, LETTER[preset]) in headings


@pytest.mark.parametrize("preset", PRESETS)
def test_every_quote_of_a_source_line_is_in_the_rule_book(book: str, preset: str) -> None:
    flat = _squeeze(book)
    for field, line in rule_sources(preset).items():
        for quote in quotes_in(line):
            assert _squeeze(quote) in flat, f"{preset}.{field}: {quote!r} is not in docs/rules.md"


def test_rule_book_quotes_e_framing_of_each_variant(book: str) -> None:
    flat = _squeeze(book)
    for framing in (
        "“similar to Liverpool Rummy”",
        "“I Buy Sausages is a variant of Liverpool Rummy”",
        "“The difference from Liverpool Rummy”",
    ):
        assert framing in flat
    assert "take `classic`'s value wherever their own lines are silent" in flat


def test_rule_book_points_to_nothing_outside_the_repository(book: str) -> None:
    for outside in ("../", "RULES.md", "API.md", "seeds", "shared/", "/work/", "file://"):
        assert outside not in book, outside
    assert not re.search(r"\d{3}_[0-9a-f]{16}", book), "a source file's name"
    for target in re.findall(r"\]\(([^)#]+)", book):  # markdown links
        assert not re.match(r"[a-z]+:", target), target
        assert (RULE_BOOK.parent / target).resolve().is_relative_to(ROOT), target
        assert (RULE_BOOK.parent / target).exists(), target
    for path in re.findall(r"`([\w./-]+\.(?:py|md))`", book):  # files named in code spans
        assert (ROOT / path).exists(), path


def test_russian_quotes_carry_an_english_rendering(book: str) -> None:
    flat = _squeeze(book)
    for match in re.finditer(r"“([^”]*[а-яА-ЯёЁ][^”]*)”", flat):
        after = flat[match.end() : match.end() + 40]
        assert re.match(r"\s*(—|\(|\)|\.|,)?\s*\*?[A-Za-z(]", after) or "*" in after[:6], (
            f"no translation after {match.group(0)!r}: {after!r}"
        )


# -- the per-rule sources -------------------------------------------------------------------


def test_described_fields_are_every_field_but_name_and_source() -> None:
    names = [f.name for f in dataclasses.fields(lp.Rules)]
    assert described_fields() == [n for n in names if n not in ("name", "source")]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_field_has_a_source_line_in_declaration_order(preset: str) -> None:
    lines = rule_sources(preset)
    assert list(lines) == described_fields()
    for field, line in lines.items():
        assert line.startswith(LINE_FORMS), f"{preset}.{field}: {line!r}"
        assert "\n" not in line


@pytest.mark.parametrize("preset", PRESETS)
def test_every_field_that_differs_from_house_names_its_source(preset: str) -> None:
    """The differing fields are what the preset *is*: each points at its own text, or says why
    the text is silent, or that it follows classic."""
    house, rules = lp.PRESETS["house"], lp.PRESETS[preset]
    lines = rule_sources(preset)
    differing = [f for f in described_fields() if getattr(rules, f) != getattr(house, f)]
    if preset != "house":
        assert differing
    for field in differing:
        line = lines[field]
        assert line.startswith((f"{LETTER[preset]}: ", "(silent) ", "as classic (E: ")), (
            f"{preset}.{field}: {line!r}"
        )
        assert quotes_in(line) or line.startswith("(silent) "), f"{preset}.{field}: no quote"


@pytest.mark.parametrize("preset", VARIANTS)
def test_a_variant_follows_classic_only_where_it_plays_as_classic(preset: str) -> None:
    classic, rules = lp.PRESETS["classic"], lp.PRESETS[preset]
    for field, line in rule_sources(preset).items():
        if line.startswith("as classic ("):
            assert getattr(rules, field) == getattr(classic, field), field
            assert line.endswith(rule_sources("classic")[field])


@pytest.mark.parametrize("preset", VARIANTS)
def test_variants_take_classic_where_their_lines_are_silent(preset: str) -> None:
    """Change (2): the rummy call and the exact-cut bonus come from E's Liverpool."""
    lines = rule_sources(preset)
    for field in ("rummy_call", "exact_cut_bonus", "min_players", "max_players"):
        assert lines[field].startswith("as classic (E: "), lines[field]
        assert "Liverpool Rummy" in lines[field]


def test_swap_own_melds_is_sourced_where_it_matters() -> None:
    """Change (1): only A lets a wild come out of your own melds; E and T say "another
    player's"."""
    assert "wild sitting in a meld" in rule_sources("online")["swap_own_melds"]
    assert "that other player's laid 2" in rule_sources("classic")["swap_own_melds"]
    assert "джокер другого игрока" in rule_sources("traditional")["swap_own_melds"]
    assert "another player's set" in rule_sources("i_buy")["swap_own_melds"]


@pytest.mark.parametrize("preset", PRESETS)
def test_silent_lines_say_why(preset: str) -> None:
    for field, line in rule_sources(preset).items():
        if line.startswith("(silent)"):
            why = line.removeprefix("(silent) ")
            assert len(why) > 20 and re.search(r"[:;—,]|\bas\b|\bso\b", why), (
                f"{preset}.{field}: {line!r} does not say why"
            )


@pytest.mark.parametrize("preset", PRESETS)
def test_a_letter_before_a_quote_is_a_known_source(preset: str) -> None:
    for line in rule_sources(preset).values():
        for letter in re.findall(r"\b([A-Z]): “", line):
            assert letter in SOURCE_TEXTS


def test_the_engine_rules_are_marked_as_such() -> None:
    for preset in PRESETS:
        lines = rule_sources(preset)
        assert lines["max_reshuffles"].startswith("engine rule: ")
        assert lines["max_turns_per_deal"].startswith("engine rule: ")


def test_a_changed_rules_value_does_not_claim_a_source() -> None:
    family = lp.PRESETS["house"].replace(max_buys_per_deal=2)
    lines = rule_sources(family)
    assert lines["max_buys_per_deal"].startswith("changed from the house preset")
    assert lines["shoe"] == rule_sources("house")["shoe"]


def test_an_unknown_preset_is_refused_with_the_list() -> None:
    with pytest.raises(lp.RulesError, match="house"):
        rule_sources("no-such-house")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_has_a_summary_naming_its_letter(preset: str) -> None:
    assert preset_summary(preset).startswith(f"{LETTER[preset]}, ")


# -- Rules.describe: the rules in words ---------------------------------------------------------

REPR = re.compile(
    r"\(\s*\(?\s*\d+\s*,|frozenset|ShoeSize\(|CardPoints\(|<\w+\.\w+:|\bNone\b"
    r"|\b(WildSwap|WildLimit|AceMode|LayOffTiming|BuyPriority|RummyCall|GoingDown|GoingOut)\."
    r"|\b[A-Z]+_[A-Z_]+\b|^—$"
)


@pytest.mark.parametrize("preset", PRESETS)
def test_describe_says_every_value_in_words(preset: str) -> None:
    for field, text in lp.PRESETS[preset].describe().items():
        if field != "source":
            assert text and not REPR.search(text), f"{preset}.{field}: {text!r}"


def test_describe_says_what_the_sources_say() -> None:
    online = lp.PRESETS["online"].describe()
    assert online["max_buys_per_match"] == "3 each with 2 players, 2 each with 3–4, 1 each with 5–6"
    assert online["shoe"] == "2–4 players: 2 decks + 4 jokers; 5–6 players: 3 decks + 6 jokers"
    assert online["wild_ranks"] == "2s"
    house = lp.PRESETS["house"].describe()
    assert house["shoe"] == "3–5 players: 2 decks + 4 jokers; 6–8 players: 3 decks + 4 jokers"
    assert house["card_points"] == "A: 15, 2–9: face value, 10–K: 10, joker: 20"
    assert house["max_buys_per_match"] == "no limit"
    classic = lp.PRESETS["classic"].describe()
    assert classic["shoe"] == "3–5 players: 2 decks, no jokers; 6–8 players: 3 decks, no jokers"
    assert classic["card_points"] == "A and 2: 25, 3–9: 5, 10–K: 10"  # no joker in this shoe
    assert lp.PRESETS["i_buy"].describe()["buy_coins"].startswith("10 each")


def test_describe_says_when_a_rule_never_comes_into_play() -> None:
    """A rule table must not teach a rule the house does not have: "a floater may lay off:
    yes" under house rules, where nobody floats."""
    house = lp.PRESETS["house"].describe()
    assert house["floaters_lay_off"] == "yes (nobody floats under these rules)"
    assert house["swap_own_melds"] == "no (no wild is swapped under these rules)"
    traditional = lp.PRESETS["traditional"].describe()
    assert traditional["floaters_lay_off"] == "yes"  # floating is a rule there
    no_buying = lp.PRESETS["house"].replace(buying=False).describe()
    assert no_buying["buy_priority"].endswith("(there is no buying under these rules)")
    assert no_buying["buying"] == "no"
    # the same value is no difference, whatever the rest of the rules make of it
    assert "floaters_lay_off" not in lp.PRESETS["house"].differences(lp.PRESETS["traditional"])
    assert "floating" in lp.PRESETS["house"].differences(lp.PRESETS["traditional"])


def test_describe_never_says_two_different_values_the_same_way() -> None:
    """``Rules.differences`` (and the lessons' comparison table) compare these words."""
    for a, b in itertools.combinations(lp.PRESETS.values(), 2):
        words_a, words_b = a.describe(), b.describe()
        for field in described_fields():
            if getattr(a, field) != getattr(b, field):
                assert words_a[field] != words_b[field], (a.name, b.name, field)


def test_field_labels_are_words() -> None:
    for field in described_fields():
        label = field_label(field)
        assert "_" not in label and label, field
    assert field_label("max_buys_per_match") == "buys per match"


def test_describe_value_alone_has_no_reprs() -> None:
    from liverpool.rules import describe_value

    rules = lp.PRESETS["online"]
    assert describe_value(None) == "none"
    assert describe_value(rules.max_buys_per_match) == (
        "3 each from 2 players; 2 each from 3 players; 1 each from 5 players"
    )
    assert describe_value(lp.WildSwap.TO_HAND).startswith("from your turn after going down")
    assert describe_value(12.0) == "12"


# -- citations ---------------------------------------------------------------------------------


def _project_texts() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("liverpool", "widgets", "rooms", "benchmarks", "docs", "notebooks"):
        files += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in (".py", ".md", ".js", ".txt", ".ipynb")
            and ".venv" not in p.parts
            and ".ipynb_checkpoints" not in p.parts
        ]
    return files


def test_code_and_readme_cite_the_rule_book_inside_the_repository() -> None:
    bad = re.compile(r"RULES\.md|API\.md|\.\./shared|shared/seeds|seeds/|/work/shared")
    for path in _project_texts():
        text = path.read_text(encoding="utf-8", errors="replace")
        match = bad.search(text)
        assert match is None, f"{path.relative_to(ROOT)} cites {match.group(0) if match else ''}"


def test_readme_points_to_the_rule_book_and_the_sources_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme
    assert "liverpool rules PRESET --sources" in readme


def test_what_each_rule_means_is_said_in_a_learners_words() -> None:
    """The field docs are the "what it means" column of lesson 12's tables: no Python words."""
    for field, doc in lp.Rules.field_docs().items():
        assert not re.search(r"\bNone\b|\bTrue\b|\bFalse\b|\bpairs\b|\btuple\b", doc), (field, doc)
