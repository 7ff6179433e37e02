"""The exercises of lessons 11-13 (a full game, house rules compared, the strategy lab).

Each is a grader registered with :func:`.exercises.exercise` (with its worked solution), so the
lessons check them with the one :func:`~liverpool_widgets.lessons.check`. Imported by
:mod:`.exercises` at its end; keep this module light (no plotting library at import, no game
played until an answer is checked).

Beside the graders sit the pictures the exercises ask about, so a lesson pictures exactly the
position its grader judges: :func:`take_or_draw_position` (lesson 11), :func:`rummy_html`
(lesson 12), and :func:`score_pad_html`, lesson 11's pictured score pad.

* ``take_or_draw`` (11): a pictured position from the bots' match; the learner answers "take"
  or "draw", and the coach (the strong bot) grades it with its reason.
* ``rummy`` (12): which of Ada's discards would let the others call rummy under ``classic``:
  judged by where each card could be laid off.
* ``hardest_deal`` (13): the learner's prediction of the hardest deal to go down in, judged by
  the lab's own simulation.
* ``short_of`` (13): how many cards a hand is short of the deal-3 contract, judged by the hand
  analysis the bots use.
"""

from __future__ import annotations

from html import escape
from typing import Any

import liverpool as lp
from liverpool.actions import Action, DrawStock, GoDown, TakeDiscard
from liverpool.bots.strong import StrongBot
from liverpool.events import EventKind
from liverpool.render import cards_html, meld_html

from ..picture import WHITE_GROUND
from ._panel import stripe
from .answers import whole_number
from .exercises import exercise
from .lay_off import build_table, fits

__all__ = [
    "HARDEST_DEAL_LAB",
    "RUMMY_CHOICES",
    "RUMMY_TABLE",
    "SHORT_OF_HAND",
    "TAKE_OR_DRAW_SEED",
    "TAKE_OR_DRAW_STEP",
    "rummy_html",
    "score_pad_html",
    "take_or_draw_position",
]


# -- 11 A full game against bots -----------------------------------------------------------------

TAKE_OR_DRAW_SEED = 3
"""The bots' match of lesson 11: ``lp.Game("house", 4, seed=3)``, four basic bots seated by
``lp.bots.for_seats("basic", range(4), game_seed=3)``."""
TAKE_OR_DRAW_STEP = 164
"""The moment of that match the exercise pictures: after 164 moves, in deal 2 (a set and a
run), Cleo must take the 5♠ or draw from the stock."""
COACH_SEED = 0
"""The coach's seed (the strong bot is deterministic here; the seed only fixes it)."""


def take_or_draw_position() -> lp.Game:
    """The position of the take-or-draw exercise: the bots' match of lesson 11 replayed to
    :data:`TAKE_OR_DRAW_STEP` moves (a fresh game: the learner may play on from it)."""
    game = lp.Game("house", 4, seed=TAKE_OR_DRAW_SEED)
    bots = lp.bots.for_seats("basic", range(4), game_seed=TAKE_OR_DRAW_SEED)
    while len(game.actions) < TAKE_OR_DRAW_STEP:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return game


def _choice(answer: Any) -> str | None:
    """ "take" or "draw" from the learner's words (``None`` when neither, or both, is said)."""
    words = str(answer).lower()
    said = {w for w in ("take", "draw") if w in words}
    return said.pop() if len(said) == 1 else None


def _coach_plan(game: lp.Game) -> tuple[Action, str, str]:
    """The coach's draw decision in ``game``, its reason, and (after a take) the melds it then
    lays down, in the log's words without the player's name ("set of fives; run of ...", ""
    when it does not go down at once). The learner answers in the player's place and the
    coach's reason says "you", so the reply tells the melds as the learner's own."""
    seat = game.to_act
    assert seat is not None
    coach = lp.bots.make("strong", COACH_SEED)  # the coach of the lessons and the tables
    assert isinstance(coach, StrongBot)
    action, reason = coach.explain(game.view(seat), game.legal_actions())
    after = ""
    if isinstance(action, TakeDiscard):
        then = game.copy()
        then.apply(action)
        follow, _ = coach.explain(then.view(seat), then.legal_actions())
        if isinstance(follow, GoDown):
            laid = [e for e in then.apply(follow) if e.kind is EventKind.GO_DOWN]
            after = "; ".join(e.text.split(": ", 1)[-1].rstrip(".") for e in laid)
    return action, reason, after


@exercise(
    "take_or_draw",
    solution="Take the 5♠. Deal 2 asks for a set and a run. With the 5♠ Cleo holds three fives "
    "(5♣ 5♣ 5♠) for the set, and 7♣ 🃏 9♣ 10♣ is a run of four with the joker standing in for "
    "the 8♣. So taking the discard lets her go down this very turn.\n"
    "Drawing from the stock would give her one unseen card: it might help, but the 5♠ surely "
    "does. A card that completes your contract is worth more than any card you cannot see.",
)
def _take_or_draw(answer: Any) -> tuple[bool, str]:
    """Take the upcard or draw from the stock, in the pictured position? The coach decides."""
    choice = _choice(answer)
    if choice is None:
        return False, 'Not yet: answer with one word, "take" or "draw".'
    game = take_or_draw_position()
    action, reason, after = _coach_plan(game)
    coach_choice = "take" if isinstance(action, TakeDiscard) else "draw"
    if not isinstance(action, TakeDiscard | DrawStock):  # the position is a draw decision
        return False, f"Not yet: the coach would {action} here."
    top = game.discard_top
    card = str(top) if top is not None else "upcard"
    if choice == coach_choice:
        then = f" Then you go down: {after}." if after else ""
        return True, f"Right: the coach would {choice} too. {reason}{then}"
    if coach_choice == "take":
        return False, (
            f"Not yet: the coach would take the {card}. Count what the {card} does for the "
            "hand: which meld of the contract would it finish, and is the other one ready?"
        )
    return False, (
        f"Not yet: the coach would draw from the stock: the {card} does less for this hand than "
        "an unseen card. Which meld of the contract would it help?"
    )


def score_pad_html(game: lp.Game, *, deals: int | None = None) -> str:
    """The score pad of ``game`` as an HTML table: one row per finished deal (the first
    ``deals`` only, when given), one column per player, the total under them; a 0 (the player
    went out) is marked green and the lowest total, the winner's, gold. A picture, because a
    learner reads a pad at a glance where a printed grid of numbers has to be decoded."""
    rows = game.deal_scores if deals is None else game.deal_scores[:deals]
    names = game.names
    totals = [sum(row[i] for row in rows) for i in range(len(names))]
    best = min(totals) if rows else None
    cell = "padding:3px 12px;text-align:right;border-bottom:1px solid #d8dee4"
    out_mark = "background:#d3f9d8;font-weight:700"
    head = "".join(f'<th style="{cell}">{escape(n)}</th>' for n in names)
    body = ""
    for number, row in enumerate(rows, start=1):
        contract = escape(game.rules.contract(number).short())
        body += (
            f'<tr style="{stripe(number)}"><td style="{cell};text-align:left">deal {number} '
            f'<span style="color:#57606a;font-size:12px">({contract})</span></td>'
            + "".join(
                f'<td style="{cell};{out_mark if p == 0 else ""}">{"0 · out" if p == 0 else p}</td>'
                for p in row
            )
            + "</tr>"
        )
    total = "".join(
        f'<td style="{cell};font-weight:700;{"background:#fff3bf" if t == best else ""}">'
        f"{t}{' ★' if t == best else ''}</td>"
        for t in totals
    )
    return (
        '<table class="lp-score-pad" style="border-collapse:collapse;font-size:14px;'
        'font-family:system-ui,sans-serif;color:#1b1d22;background:#fbfcfd">'
        f'<thead><tr><th style="{cell}"></th>{head}</tr></thead><tbody>{body}'
        f'<tr style="{stripe(len(rows) + 1)}">'
        f'<td style="{cell};text-align:left;font-weight:700">total</td>{total}</tr>'
        "</tbody></table>"
        f'<div style="display:inline-block;{WHITE_GROUND};color:#57606a;font-size:12px;'
        'margin-top:2px">'
        "Lower is better: green, the player who went out; ★ the lowest total.</div>"
    )


# -- 12 House rules compared ---------------------------------------------------------------------

RUMMY_TABLE = ("5H 6H 7H 8H", "KS KD KC", "9C 10C 2C QC")
"""The melds on the table of the rummy exercise (``classic`` rules: 2s wild, no jokers)."""
RUMMY_CHOICES = "4H 7S KH 2D QD 8C"
"""The cards Ada, who is down, might discard."""


def _rummy_table() -> list[lp.Meld]:
    return build_table(RUMMY_TABLE, lp.PRESETS["classic"])


def rummy_html() -> str:
    """The rummy exercise pictured: the melds on the table, and the cards Ada might discard."""
    classic = lp.PRESETS["classic"]
    melds = "".join(
        f'<div style="display:inline-block;margin:0 14px 6px 0">'
        f"{meld_html(m, rules=classic, width=56)}</div>"
        for m in _rummy_table()
    )
    choices = cards_html(
        lp.parse_cards(RUMMY_CHOICES),
        rules=classic,
        width=56,
        overlap=0,
        label="the cards Ada might discard",
    )
    return (
        '<div style="font-family:system-ui,sans-serif">'
        f"<div><b>On the table (classic rules):</b></div><div>{melds}</div>"
        f"<div><b>Ada (down) might discard one of:</b></div><div>{choices}</div></div>"
    )


@exercise(
    "rummy",
    solution="4H, KH, 2D and 8C.\n"
    "A discard can be called 'rummy' when it could have been laid off on a meld on the table. "
    "The 4♥ goes below 5♥ 6♥ 7♥ 8♥, the K♥ is a fourth king, and the 8♣ goes below the clubs "
    "run (9♣ 10♣ 2♣ Q♣, the 2♣ standing for the J♣).\n"
    "The 2♦ is the trap: under classic rules every 2 is wild, and a wild can be laid off too "
    "(at the end of the hearts run, 6♥ 7♥ 8♥ 2 holds only one wild in four cards in a row).\n"
    "The 7♠ and the Q♦ fit nowhere: Ada may discard those safely.",
)
def _rummy(answer: Any) -> tuple[bool, str]:
    """Which of :data:`RUMMY_CHOICES` could the others call rummy on (classic rules)?"""
    classic = lp.PRESETS["classic"]
    given = lp.parse_cards(answer)
    choices = lp.parse_cards(RUMMY_CHOICES)
    strange = [c for c in given if c not in choices]
    if strange:
        return False, (
            f"Not yet: {lp.format_cards(strange)} is not among Ada's cards "
            f"({lp.format_cards(choices)})."
        )
    table = _rummy_table()
    playable = {c for c in choices if fits(table, c, classic)}
    chosen = set(given)
    if chosen == playable:
        return True, (
            f"Right: {lp.format_cards([c for c in choices if c in playable])} could each be "
            "laid off on the table, so discarding one lets the others call rummy."
        )
    parts = []
    for card in [c for c in choices if c in chosen - playable]:
        parts.append(f"the {card} fits no meld on the table, so no one can call rummy on it")
    missed = [c for c in choices if c in playable - chosen]
    if missed:
        parts.append(
            f"you left out {lp.format_cards(missed)}: look for where each could be laid off "
            "(and remember which cards are wild under classic rules)"
        )
    return False, "Not yet: " + "; ".join(parts) + "."


# -- 13 Strategy lab -----------------------------------------------------------------------------

HARDEST_DEAL_LAB: dict[str, Any] = {
    "rules": "house",
    "deals": (1, 4, 7),
    "trials": 8,
    "seed": 1,
}
"""The lab of lesson 13's prediction: ``StrategyLab("going_down", **HARDEST_DEAL_LAB)``."""


def _deal_number(answer: Any) -> int | None:
    """The deal a learner names: ``7``, ``"7"`` or ``"deal 7"``."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    digits = "".join(ch for ch in str(answer) if ch.isdigit())
    return int(digits) if digits else None


@exercise(
    "hardest_deal",
    solution="Deal 7: three runs of four cards each, twelve cards in all, where the house deals "
    "ten. Each turn's draw is matched by its discard, so the two cards more can only come from "
    "buying (a buy brings the discard and a penalty card); and every run needs four cards of "
    "one suit in a row.\n"
    "In the lab's 8 deals each, about 9 players in 10 are down by their 9th turn in deal 1 (two "
    "sets), but in deal 7 not even half are down by their 12th turn. Sets need only the same "
    "rank; runs need the same suit and neighbouring ranks, which are far rarer.",
)
def _hardest_deal(answer: Any) -> tuple[bool, str]:
    """Which of deals 1, 4 and 7 is hardest to go down in? Judged by the lab's simulation."""
    from .strategy_lab import StrategyLab

    deals: tuple[int, ...] = HARDEST_DEAL_LAB["deals"]
    deal = _deal_number(answer)
    if deal not in deals:
        return False, (
            f'Not yet: pick one of deals {", ".join(map(str, deals))}, written like "deal 7" or 7.'
        )
    lab = StrategyLab("going_down", **HARDEST_DEAL_LAB)
    lab.run()
    hardest = lab.answer()
    rules = lp.PRESETS[HARDEST_DEAL_LAB["rules"]]
    if f"deal {deal}" == hardest:
        return True, (
            f"Right: deal {deal} ({rules.contract(deal).short()}) is the hardest: the fewest "
            "players are down there, turn after turn."
        )
    return False, (
        f"Not yet: the simulation finds more players down in deal {deal} "
        f"({rules.contract(deal).short()}) than in {hardest}. Which contract asks for the "
        "melds that are hardest to collect?"
    )


SHORT_OF_HAND = "7H 8H 9H 3S 4S 5S JK KC KD 2D 10C"
"""The hand of lesson 13's last exercise (house rules, deal 3: two runs)."""
SHORT_OF_DEAL = 3


@exercise(
    "short_of",
    solution="1 card. Deal 3 asks for two runs of four. 3♠ 4♠ 5♠ with the joker (as 6♠ or 2♠) "
    "is one run, complete. 7♥ 8♥ 9♥ is three cards of the other: one more heart (6♥ or 10♥) "
    "finishes it.\n"
    "The joker cannot finish both runs at once, so the hand is one card short.",
)
def _short_of(answer: Any) -> tuple[bool, str]:
    """How many cards is :data:`SHORT_OF_HAND` short of deal 3's contract (house rules)?"""
    from liverpool.analysis import analyze_hand

    answer = whole_number(answer)
    if answer is None:
        return False, "Not yet: answer with a whole number of cards, like 2."
    house = lp.PRESETS["house"]
    analysis = analyze_hand(lp.parse_cards(SHORT_OF_HAND), house, deal=SHORT_OF_DEAL)
    missing = analysis.missing
    contract = house.contract(SHORT_OF_DEAL).short()
    if answer == missing:
        melds = "; ".join(p.describe() for p in analysis.partial)
        return True, f"Right: {missing} card short of {contract} ({melds})."
    hint = (
        "the joker can stand in for one missing card, but only in one meld"
        if answer < missing
        else "count the joker: it stands in for a missing card"
    )
    return False, f"Not yet: it is not {answer} short of {contract}; {hint}."
