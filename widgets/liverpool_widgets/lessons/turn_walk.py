"""``TurnWalk``: the first turns of a deal, one step per click, the table pictured at each step.

Lesson 02 (the table and the turn) teaches what happens before anyone melds: the deal, the
stock, the upcard that starts the discard pile, who plays first, and a turn as *draw, then
(later) meld, then discard*. Reading that as a list is easy to forget; watching it happen at a
table, one step at a time, is not. So the walkthrough plays a stacked house deal (the same
cards every time) through three turns and shows, at each step, the table as it is now (every
hand face up, drawn by :func:`liverpool.render.game_html`) and one sentence of what happens and
why. **Next step** moves on, **Back** goes back, **Start over** returns to the deal.

Every step is the engine's own game: each snapshot is the stacked game after that step's
actions, and the one refusal shown (Ada may not throw back the card she took from the pile) is
the engine's sentence from :meth:`liverpool.Game.why_not`. Python API for tests and cells::

    w = TurnWalk()
    w.next(); w.next()      # Ada takes the upcard
    w.step, w.text          # where we are and what it says
    w.back()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

import liverpool as lp
from liverpool.actions import Action, Discard, DrawStock, Pass, TakeDiscard
from liverpool.render import game_html

from ._panel import Handler, LessonPanel, MessageKind, button, h, plain

__all__ = ["TURN_DEAL", "TurnDeal", "TurnState", "TurnWalk", "turn_game"]


class TurnDeal(TypedDict):
    """A stacked deal: names, each seat's hand, the stock (top first), the upcard, the dealer."""

    names: list[str]
    hands: list[str]
    stock: str
    upcard: str
    dealer: int


TURN_DEAL: TurnDeal = {
    "names": ["Ada", "Ben", "Cleo"],
    "hands": [
        "7H 7C 3S 5D 8C 10H JS QD KC 4H",  # Ada: a pair of sevens; the upcard makes three
        "2D 4S 6C 8H 9S 10C JD QS AH 5C",  # Ben: nothing yet
        "3D 3H 6S 9C 10D KH KS AD 4C 8D",  # Cleo: two pairs
    ],
    "stock": "6H 9D JH 2S",
    "upcard": "7D",
    "dealer": 2,
}
"""The stacked deal: three players, Cleo deals, the 7♦ is turned up. House rules, deal 1."""


def turn_game() -> lp.Game:
    """The walkthrough's game at its start: the stacked :data:`TURN_DEAL`, nothing played."""
    deal = TURN_DEAL
    return lp.Game.from_deal(
        "house",
        deal["hands"],
        deal["stock"],
        deal["upcard"],
        dealer=deal["dealer"],
        names=deal["names"],
        seed=2,
    )


class TurnState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    step: int
    steps: int
    title: str
    text: str
    phase: str
    to_act: int | None
    discard_top: str | None
    stock: int
    hand_sizes: list[int]


_Step = tuple[str, list[Action], str]
"""A step: its title, the actions it plays (by whoever is to act; a ``Pass`` stands for every
player asked passing the buy), and its sentence."""


def _script(game: lp.Game) -> list[_Step]:
    """The steps, each sentence written from the game it describes (the refusal and the
    deciding line are the engine's own words)."""
    take_back = game.copy()
    take_back.apply(TakeDiscard())
    refusal = take_back.why_not(Discard(lp.Card.parse("7D"))) or ""
    return [
        (
            "The deal",
            [],
            "Cleo is the dealer (for the first deal the table cuts the cards or simply picks "
            "someone; after that the deal moves one seat clockwise). She shuffles and deals ten "
            "cards to each player, one at a time, clockwise, starting at her left. The rest of "
            "the pack goes face down in the middle: the stock. She turns its top card, the "
            "7♦, face up beside it: that upcard starts the discard pile.",
        ),
        (
            "Who starts",
            [],
            "The player at the dealer's left plays first: Ada. Every turn starts with a draw, "
            "and there are exactly two ways: the top card of the stock (unseen), or the top card "
            "of the discard pile (here the upcard 7♦). Nobody digs into the pile below the top.",
        ),
        (
            "Ada draws",
            [TakeDiscard()],
            "Ada holds 7♥ 7♣, so she takes the 7♦ from the discard pile: three sevens make a "
            "set. Everyone saw which card she took — that is the price of taking from the pile.",
        ),
        (
            "Going down? Not yet",
            [],
            "After the draw comes the middle of the turn: going down (laying the deal's contract "
            "on the table) and laying off. Deal 1 asks for two sets and Ada has one, so she "
            "cannot go down yet (lessons 06 and 07 teach this part).",
        ),
        (
            "A card she may not discard",
            [],
            "A turn ends with one card thrown face up onto the discard pile. It cannot be the "
            f"card just taken from the pile; the engine refuses it: “{refusal}”",
        ),
        (
            "Ada discards",
            [Discard(lp.Card.parse("KC"))],
            "Ada throws the K♣, a card that fits none of her plans. Her turn is over: draw, "
            "(meld), discard. Her hand has ten cards again.",
        ),
        (
            "Ben draws",
            [DrawStock()],
            "Play goes clockwise, so Ben is next. He may take the K♣ free as his draw, but it "
            "does not help him, so he draws from the stock instead.",
        ),
        (
            "The buy window",
            [Pass()],
            "Because Ben left the K♣, the others may buy it out of turn (lesson 08: the card "
            "plus one penalty card from the stock). Ada threw it, so only Cleo is asked; she "
            "says no, and Ben plays on.",
        ),
        (
            "Ben discards",
            [Discard(lp.Card.parse("2D"))],
            "Ben discards the 2♦. Under house rules only jokers are wild, so a 2 is an ordinary "
            "low card, worth 2 points if it stays in his hand.",
        ),
        (
            "Cleo's turn",
            [DrawStock(), Pass(), Discard(lp.Card.parse("AD"))],
            "Cleo, the dealer, plays last in the round: she draws from the stock (the 2♦ is no "
            "use to her, and Ada does not buy it) and throws the A♦, 15 points she does not "
            "want to be caught holding.",
        ),
        (
            "Round and round",
            [],
            "Now it is Ada's turn again, and so on around the table until someone gets rid of "
            "every card: going out ends the deal. Everyone else counts the cards left in hand, "
            "the deal passes one seat clockwise — Ada deals deal 2 and Ben plays first.",
        ),
    ]


class TurnWalk(LessonPanel):
    """The first three turns of a house deal, one step per click (Next step / Back).

    ``TurnWalk()`` starts at the deal. :meth:`next` and :meth:`back` move one step,
    :meth:`go` to any step; :attr:`game` is the table as it stands at the step shown.
    """

    def __init__(self) -> None:
        super().__init__()
        start = turn_game()
        self._script = _script(start)
        # the game after each step, computed once: Back is only a look-up
        self._games: list[lp.Game] = []
        game = start
        for _title, actions, _text in self._script:
            game = game.copy()
            for action in actions:
                if isinstance(action, Pass):
                    while game.phase is lp.Phase.BUY:
                        game.apply(Pass())
                else:
                    game.apply(action)
            self._games.append(game)
        self._step = 0
        self._show()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown, from 0 (the deal)."""
        return self._step

    @property
    def steps(self) -> int:
        """How many steps the walkthrough has."""
        return len(self._script)

    @property
    def game(self) -> lp.Game:
        """The table as it stands at the step shown."""
        return self._games[self._step]

    @property
    def title(self) -> str:
        return self._script[self._step][0]

    @property
    def text(self) -> str:
        """What the step shown says."""
        return self._script[self._step][2]

    def go(self, step: int) -> str:
        """Show step ``step`` (kept within the walkthrough); returns its sentence."""
        self._step = max(0, min(int(step), self.steps - 1))
        self._show()
        return self.text

    def next(self) -> str:
        """One step on (the last step stays where it is)."""
        return self.go(self._step + 1)

    def back(self) -> str:
        """One step back."""
        return self.go(self._step - 1)

    def restart(self) -> str:
        """Back to the deal."""
        return self.go(0)

    @property
    def state(self) -> TurnState:
        """What the learner sees, as plain values (for tests)."""
        g = self.game
        top = g.discard_top
        return {
            "step": self._step,
            "steps": self.steps,
            "title": self.title,
            "text": self.text,
            "phase": g.phase.value,
            "to_act": g.to_act,
            "discard_top": top.code if top else None,
            "stock": g.stock_size,
            "hand_sizes": [len(g.hand(s)) for s in range(g.players)],
        }

    def __repr__(self) -> str:
        return f"TurnWalk(step={self._step + 1} of {self.steps}, {self.title!r})"

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        # Back is sent as "take_back" (take back one step): the panels' message kinds are shared.
        return {
            **super()._handlers(),
            MessageKind.NEXT: plain(self.next),
            MessageKind.TAKE_BACK: plain(self.back),
            MessageKind.RESTART: plain(self.restart),
        }

    def _show(self) -> None:
        end = "" if self._step < self.steps - 1 else " That is the whole walkthrough."
        self.say(None, f"Step {self._step + 1} of {self.steps}: {self.title}.{end}")
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self) -> str:
        g = self.game
        back = button("Back", MessageKind.TAKE_BACK, "back")
        nxt = button("Next step", MessageKind.NEXT, "next", primary=True)
        over = button("Start over", MessageKind.RESTART, "restart")
        controls = f'<div class="lp-row">{back} {nxt} {over}</div>'
        said = (
            f'<p data-testid="step-text" style="font-size:15px;max-width:60em;margin:6px 0">'
            f"<b>{h(self.title)}.</b> {h(self.text)}</p>"
        )
        table = f'<div data-testid="turn-table">{game_html(g, 0, open_hands=True)}</div>'
        return self._panel("One turn at a time", controls + said + table, "turn-walk")
