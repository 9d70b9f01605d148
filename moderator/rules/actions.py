"""Actions as values: what the host reports, typed, frozen, with 0-based seats.

Each module declares its own actions in its file (`Investigate`, `Accuse`, `Blame` in
`rules/modules/hunter.py`), the base game its own here and in `rules/modules/__init__.py`;
`game.apply(action)` hands an action to its owner. A field typed `Seat` holds a seat: the
codec at the boundary (`moderator/codec.py`) is the one place that numbers it from 1 for a
person or a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, ClassVar

from moderator.rules.errors import RuleError
from moderator.rules.flow import GAME_OVER, VOTE, check_seats

if TYPE_CHECKING:
    from moderator.rules.modules import Game

#: A seat: 0-based and clockwise in the engine.
Seat = Annotated[int, "seat"]


@dataclass(frozen=True, slots=True)
class Action:
    """Something the table did, reported by the host; `apply` is its rules."""

    #: The action's name in a game file (`"investigate"`): never changes once written.
    kind: ClassVar[str] = ""
    #: The step (phase) whose inputs this action answers, if it is one's answer.
    step: ClassVar[str | None] = None

    def apply(self, game: Game) -> Game:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Everyone's open vote: the seats that approved; every other seat rejected (§1.4)."""

    kind, step = "vote", VOTE
    approve: tuple[Seat, ...]

    def apply(self, game: Game) -> Game:
        return game.vote(self.approve)


@dataclass(frozen=True, slots=True)
class Sides(Action):
    """Who was a spy, entered once the game is over for the season's statistics. Never
    before: the tool never asks for a hidden role during play (rules.md §1.3). The game
    itself is unchanged."""

    kind = "sides"
    spies: tuple[Seat, ...]

    def apply(self, game: Game) -> Game:
        if game.phase != GAME_OVER:
            raise RuleError("records.errors.sides_too_early")
        check_seats(game.players, self.spies)
        if len(self.spies) != game.spies:  # rules.md §1.1
            raise RuleError("records.errors.sides_count", spies=game.spies, given=len(self.spies))
        return game
