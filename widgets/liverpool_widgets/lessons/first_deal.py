"""``FirstDeal``: lesson 10's coached first deal, played by clicking at the real table.

A beginner who knows the rules of melds still has to learn to *take a turn*: when to take the
discard, when going down is possible, what to lay off, what to throw. So the lesson stacks a
short house deal (:data:`FIRST_DEAL`, dealt by :meth:`liverpool.Game.from_deal`) in which the
learner can go down on the first turn and go out a few turns later, and plays it at the same
table as :func:`~liverpool_widgets.play` (a :class:`~liverpool_widgets.MatchTable`: Hint, Undo,
open hands, Review my play). After every change of the game the coach says what to do now and
why (:func:`coach_advice`): draw or take, go down, lay off, discard, buy or pass, go out. Its
sentence is the table's hint (:func:`coach_hint`): it stands just above the action buttons, and
the gold ring of the table's Hint marks what it names (the discard pile, the cards, the meld,
the button), so the instruction and the place to click are on screen together. Above the table
a one-line title repeats the step. When the deal ends it is scored on the table, and the line
above the table says how to review it (``MatchTable.review()``) and why house deal 7 needs
buying (the end-of-deal panel covers the buttons, and the hint with them).

The two opponents play a plain script (:class:`SteadyBot`: draw from the stock, never buy, go
down when they can, throw the card just drawn) so the deal goes the same way for everyone and
stays short, whatever the learner clicks; their hands can be shown face up
(``open_hands=True``, or the switch above the table).

Python API for tests and cells::

    deal = FirstDeal(pace=0)
    deal.advice.step        # "take": take the 7♦ from the discard pile
    deal.hint.button        # "take": the table rings the discard pile and Take discard
    deal.play_as_coached()  # every move as the coach says, to the end of the deal
    deal.match.game.deal_scores[0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

import liverpool as lp
from liverpool.actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    LayOff,
    Pass,
    TakeDiscard,
)
from liverpool.table_model import ButtonKind, Hint
from liverpool.words import possessive

from ..picture import PictureMixin
from ..play import MatchTable

__all__ = [
    "FIRST_DEAL",
    "Advice",
    "FirstDeal",
    "SteadyBot",
    "coach_advice",
    "coach_hint",
    "first_deal_game",
]

FIRST_DEAL = {
    "names": ["You", "Ada", "Ben"],
    "hands": [
        "7H 7C 9H 9D 9S QD 4S JH KC 5C",  # you: two sevens, three nines
        "QH QS QC 4C 4D 4H 2C 3D 5S 6C",  # Ada: goes down at once (three queens, three fours)
        "2H 3H 5D 6D 8H 10S JS KH AD 6S",  # Ben: nothing to meld
    ],
    "stock": "10D 8C 9C 3S 8S 7S",
    "upcard": "7D",
}
"""The stacked deal (house rules, deal 1: two sets). Ben deals, so you play first; the 7♦
upcard completes your sevens."""


def first_deal_game() -> lp.Game:
    """The coached deal at its start: you (seat 0) to draw."""
    d = FIRST_DEAL
    return lp.Game.from_deal(
        "house",
        list(d["hands"]),
        str(d["stock"]),
        str(d["upcard"]),
        dealer=2,
        names=list(d["names"]),
        seed=10,
    )


class SteadyBot:
    """A plain, predictable opponent for teaching: draws from the stock, never buys, goes down
    as soon as it can, lays nothing off, and throws the card it just drew (or its last card)."""

    def act(self, view: lp.PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` by the script above."""
        for kind in (DrawStock, Pass, GoDown):
            for action in legal:
                if isinstance(action, kind):
                    return action
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            last = [a for a in discards if a.card == view.hand[-1]]
            return (last or discards)[0]
        return legal[0]


@dataclass(frozen=True, slots=True)
class Advice:
    """What the coach says now: ``step`` (one word, for tests and the page's ``data-step``),
    ``text`` (the sentence: the table's hint, just above the buttons), ``action`` (the move it
    recommends, if any) and ``title`` (the step in a few words, above the table)."""

    step: str
    text: str
    action: Action | None = None
    title: str = ""


def _names(cards: Sequence[lp.Card]) -> str:
    return lp.format_cards(list(cards))


def _whose(game: lp.Game, seat: int, meld: lp.Meld) -> str:
    """Whose meld it is, as the coach says it to ``seat``: "your", "Ada's"."""
    if meld.owner is None:
        return "the"
    return possessive(meld.owner, seat, game.names)


def _take_helps(game: lp.Game, seat: int) -> str | None:
    """Why taking the top discard is right for ``seat`` now, or ``None`` if it is not: it lets
    you go down this turn, or (once down) it can be laid off at once."""
    top = game.discard_top
    if top is None or game.why_not(TakeDiscard(), player=seat) is not None:
        return None
    after = game.copy()
    after.apply(TakeDiscard(), player=seat)
    legal = after.legal_actions()
    if not game.is_down(seat):
        if any(isinstance(a, GoDown) for a in legal):
            return f"with the {top} you can go down this very turn"
        return None
    if any(isinstance(a, LayOff) and a.card == top for a in legal):
        return f"the {top} fits a meld on the table, so it leaves your hand again at once"
    return None


def _discard_choice(game: lp.Game, seat: int) -> Discard | None:
    """The card the coach would throw: the highest in points of the legal discards (the fewer
    points left in hand, the smaller the bill if someone else goes out)."""
    discards = [a for a in game.legal_actions() if isinstance(a, Discard)]
    if not discards:
        return None
    points = game.rules.card_points
    return max(discards, key=lambda a: (points(a.card), a.card.rank))  # the first of equals


def coach_advice(game: lp.Game, seat: int = 0, *, deal_over: bool = False) -> Advice:
    """What to do now at ``seat``, and why, in a sentence for a beginner (from the game's
    state alone; the table's Hint asks a stronger bot)."""
    g = game
    if deal_over or g.is_over:
        scores = g.deal_scores[-1] if g.deal_scores else []
        pad = ", ".join(f"{g.names[s]} {scores[s]}" for s in range(len(scores)))
        return Advice(
            "scored",
            f"The deal is over and scored ({pad}): whoever goes out scores 0 and everyone else "
            "adds up the cards left in hand — lowest total wins after seven deals. Press Review "
            "my play (under the table) to see each of your decisions graded. A real match goes "
            "on for six more deals with harder contracts; in house deal 7 (three runs, at least "
            "12 cards) your 10 dealt cards are not enough, so you must buy to make it.",
            title="The deal is over and scored.",
        )
    if g.to_act != seat:
        watch = f"Watch: {g.deciding()}"
        return Advice("wait", watch, title=watch)
    top = g.discard_top
    down = g.is_down(seat)
    if g.phase is lp.Phase.DRAW:
        why = _take_helps(g, seat)
        if why is not None:
            return Advice(
                "take",
                f"Your turn starts with a draw. Take the {top} from the discard pile (click "
                f"it): {why}.",
                TakeDiscard(),
                f"Take the {top} from the discard pile.",
            )
        nope = f"the {top} does not help you" if top is not None else "the pile is empty"
        return Advice(
            "draw",
            f"Your turn starts with a draw. Click the stock: {nope}, and a card from the stock "
            "is a free chance at something better.",
            DrawStock(),
            "Draw from the stock.",
        )
    if g.phase is lp.Phase.BUY:
        if down:
            return Advice(
                "pass",
                f"You are offered the {top} to buy (out of turn: the card plus one penalty "
                "card). Press Pass: you are down, and buying adds two cards to the hand you are "
                "trying to empty.",
                Pass(),
                f"Pass: do not buy the {top}.",
            )
        return Advice(
            "buy?",
            f"You are offered the {top} to buy (the card plus one penalty card from the "
            "stock). Buy it only if it brings you closer to your contract; otherwise press Pass.",
            None,
            f"Buy the {top}, or pass?",
        )
    if g.phase is not lp.Phase.PLAY:
        return Advice("wait", g.deciding(), title=g.deciding())
    legal = g.legal_actions()
    if not down:
        downs = [a for a in legal if isinstance(a, GoDown)]
        if downs:
            melds = " and ".join(_names(m) for m in downs[0].melds)
            return Advice(
                "go_down",
                f"Go down now: you hold deal 1's contract, two sets ({melds}). Select the cards "
                "of one set and press Add meld, then the other, then Go down. Melds on the "
                "table no longer count against you.",
                downs[0],
                f"Go down with two sets: {melds}.",
            )
    else:
        lays = [a for a in legal if isinstance(a, LayOff)]
        if lays:
            first = lays[0]
            meld = g.table[first.meld]
            whose = _whose(g, seat, meld)
            return Advice(
                "lay_off",
                f"Lay off: once down you may add cards to any meld on the table, yours or "
                f"anyone's. Select the {first.card} and click {whose} {_names(meld.cards)}.",
                first,
                f"Lay off the {first.card} on {whose} {_names(meld.cards)}.",
            )
    choice = _discard_choice(g, seat)
    if choice is None:
        return Advice("wait", g.deciding(), title=g.deciding())
    if len(g.hand(seat)) == 1:
        return Advice(
            "go_out",
            f"Discard your last card, the {choice.card}, to go out: the deal ends and you score 0.",
            choice,
            f"Go out: discard the {choice.card}.",
        )
    taken = g.view(seat).taken_discard
    keep = f" (not the {taken}: a card taken from the pile may not go back this turn)"
    reason = "nothing more can go on the table" if down else "you cannot go down yet"
    return Advice(
        "discard",
        f"End your turn with a discard: {reason}. Throw a card you do not need — the "
        f"{choice.card} is worth the most points if it is caught in your hand"
        f"{keep if taken is not None else ''}. Select it, then press Discard.",
        choice,
        f"Discard the {choice.card}.",
    )


def coach_hint(
    game: lp.Game, seat: int, advice: Advice, staged: Sequence[Sequence[int]] = ()
) -> Hint | None:
    """The table's hint that shows ``advice`` at ``seat``: its sentence, and what it names
    ringed in gold (the same :class:`~liverpool.table_model.Hint` as the table's Hint button
    makes, from the coach's move: the discard pile and Take discard, the card and Discard, the
    card and the meld to lay it on, Pass). Going down follows the melds being built
    (``staged``, hand indexes): the cards of the next set and Add meld, then Go down. ``None``
    when there is nothing to click (the others play, the deal is scored)."""
    if advice.step in ("wait", "scored"):
        return None
    action = advice.action
    if action is None:  # a buy left to the learner: the sentence alone
        return Hint(advice.text, label="Coach")
    hand = game.hand(seat)
    hint = replace(Hint.of(action, advice.text, hand), label="Coach")
    if not isinstance(action, GoDown):
        return hint
    built = [sorted(hand[i].code for i in group) for group in staged]
    left = list(action.melds)
    for group in built:
        same = next((m for m in left if sorted(c.code for c in m) == group), None)
        if same is None:  # the learner builds other melds: point at Go down and every card
            return hint
        left.remove(same)
    if not left:
        return replace(hint, cards=())
    busy = {i for group in staged for i in group}
    cards: list[int] = []
    for card in left[0]:
        i = next((i for i, held in enumerate(hand) if held == card and i not in busy), None)
        if i is None:
            return hint
        busy.add(i)
        cards.append(i)
    return replace(hint, button=ButtonKind.ADD_MELD, cards=tuple(cards))


def _move_words(game: lp.Game, seat: int, action: Action) -> str:
    """``action`` of ``seat`` in a beginner's words (before it is made)."""
    top = game.discard_top
    if isinstance(action, TakeDiscard):
        return f"take the {top} from the discard pile"
    if isinstance(action, Pass):
        return f"say no to buying the {top}"
    if isinstance(action, LayOff):
        meld = game.table[action.meld]
        whose = _whose(game, seat, meld)
        return f"lay off the {action.card} on {whose} {_names(meld.cards)}"
    if isinstance(action, Discard) and len(game.hand(seat)) == 1:
        return f"discard the {action.card}, your last card: you are out"
    return str(action)


class CoachedTable(MatchTable):
    """A :class:`~liverpool_widgets.MatchTable` whose opponents are :class:`SteadyBot`
    (kept after Undo and Resume, which seat the bots anew)."""

    def _make_bots(self) -> None:
        n = self._game.players
        self.bots = [None if s == self.seat else SteadyBot() for s in range(n)]


_COACH_STYLE = (
    "background:#fff8e1;border-left:5px solid #c98b00;border-radius:6px;padding:8px 12px;"
    "font-size:15px;line-height:1.4;color:#2b2100;max-width:62em"
)
_WHERE_STYLE = "color:#6b5200;font-size:13px"

_WHERE = "the whole advice is just above the buttons"
"""Said after the step's title while the table's hint carries the coach's sentence ..."""
_RINGED = "; the gold ring marks where to click"
"""... and this too when the hint rings something."""


class FirstDeal(PictureMixin, widgets.VBox):  # type: ignore[misc]
    """The coached first deal: the coach's title line beside a switch for open hands, then the
    table, whose hint is the coach's sentence (:func:`coach_hint`).

    ``FirstDeal(pace=0.6, open_hands=False, scale=None)``: ``pace`` is the seconds an opponent
    takes per move (0: at once); ``open_hands`` starts with the opponents' hands face up.
    :attr:`match` is the :class:`CoachedTable`; :attr:`advice` what the coach says now.

    After every change of the game the coach puts its hint on the table (the table clears a
    hint whenever the game changes). Pressing Hint asks the table's strong bot instead: its
    hint stays until the game changes again, and the coach's comes back then.
    """

    def __init__(
        self, *, pace: float = 0.6, open_hands: bool = False, scale: float | None = None
    ) -> None:
        self.match = CoachedTable(
            first_deal_game(), seat=0, pace=pace, open_hands=open_hands, scale=scale, first=False
        )
        self.coach = widgets.HTML(layout=widgets.Layout(flex="1 1 30em", margin="0 8px 0 0"))
        self.open_switch = widgets.ToggleButton(
            value=open_hands,
            description="Show opponents' hands",
            icon="eye",
            tooltip="for teaching: every hand face up",
            layout=widgets.Layout(width="220px", flex="0 0 auto"),
        )
        self.open_switch.observe(self._switch_moved, names="value")
        self.advice = coach_advice(self.match.game)
        self._placed: Hint | None = None  # the hint the coach last put on the table
        table = self.match.table
        table.observe(self._changed, names=["view", "scores", "busy"])
        table.observe(self._place_hint, names=["controls"])
        top = widgets.HBox(
            [self.coach, self.open_switch],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        super().__init__([top, self.match])
        self._changed()
        self._place_hint()

    @property
    def game(self) -> lp.Game:
        """The match being played (its first deal is the coached one)."""
        return self.match.game

    @property
    def hint(self) -> Hint | None:
        """The hint the table shows now: the coach's (:func:`coach_hint`), or the strong
        bot's after the learner pressed Hint, or ``None``."""
        model = self.match.table.model
        return None if model is None else model.controls.hint

    def __repr__(self) -> str:
        return f"FirstDeal(step={self.advice.step!r}, {self.match!r})"

    def _switch_moved(self, change: dict[str, Any]) -> None:
        self.match.table.open_hands = bool(change["new"])

    def _changed(self, change: object = None) -> None:
        del change
        g = self.match.game
        over = self.match.waiting_for_next_deal or (g.deal == 1 and g.is_over)
        self.advice = coach_advice(g, self.match.seat, deal_over=over)
        self.coach.value = self._coach_html()

    def _place_hint(self, change: object = None) -> None:
        """Show the coach's hint on the table (called on every new ``controls``: the table
        drew a new game, the selection, the melds being built, a hint). A hint the learner
        asked for with Hint is left alone until the game changes (which clears it)."""
        del change
        table = self.match.table
        shown = self.hint
        if table.model is None or (shown is not None and shown != self._placed):
            return
        wanted = None
        if not table.deal_end_pending:
            staged = table.model.controls.staged
            wanted = coach_hint(self.match.game, self.match.seat, self.advice, staged)
        self._placed = wanted
        if shown != wanted:
            table.show_hint(wanted)

    def _coach_html(self, *, full: bool = False) -> str:
        """The line above the table: the step's title (``full``, or once the deal is scored
        and the end-of-deal panel covers the hint: the whole sentence)."""
        a = self.advice
        if full or a.step == "scored" or not a.title:
            said = escape(a.text)
        elif a.step == "wait":  # the table's own line says who plays: no hint
            said = escape(a.title)
        else:
            where = _WHERE + (_RINGED if a.action is not None else "")
            said = f'{escape(a.title)} <span style="{_WHERE_STYLE}">({where})</span>'
        return (
            f'<div class="lp-coach" data-testid="coach" data-step="{escape(a.step)}" '
            f'role="status" aria-live="polite" style="{_COACH_STYLE}"><b>Coach:</b> {said}</div>'
        )

    def _picture_body(self) -> str:
        # the still picture draws no hint: the coach's whole sentence goes above it
        return self._coach_html(full=True) + self.match.table._picture_body()

    # -- for tests and demonstrations -------------------------------------------------------------
    def play_as_coached(self, limit: int = 60) -> list[str]:
        """Make every move the coach advises (the opponents answer at once) until the deal is
        scored; returns your moves, in words ("take the discard", "discard the K♣", ...).
        Where the coach leaves a buy to you, it passes."""
        moves: list[str] = []
        self.match.pace = 0
        for _ in range(limit):
            advice = self.advice
            if advice.step == "scored":
                break
            g = self.match.game
            if advice.step != "wait":
                action = advice.action
                if action is None or isinstance(action, Buy):  # a buy left to you: say no
                    action = Pass() if g.phase is lp.Phase.BUY else DrawStock()
                words = _move_words(g, self.match.seat, action)
                g.apply(action, player=self.match.seat)
                moves.append(words)
                self.match.table.refresh(clear_selection=True)
            self.match.run_bots()
            self._changed()
        return moves

    def review(self, budget: int | None = None) -> Any:
        """Review your decisions (:meth:`MatchTable.review`), shown under the table."""
        return self.match.review(budget)
