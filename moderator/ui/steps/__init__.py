"""Guided play's steps of the modules.

The base game's steps (the team, the vote, the mission) live in `ui/guided.py`; each module's
part, `Steps`, in its own file of this package (`ui/steps/hunter.py`). A step asks through the
guide and returns the action to record (or a shortcut's answer); a module may also put a step
of its own before another one (the Blame before the team, a held Plot card before any step),
and name the questions of its inputs at the team and the mission.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from moderator.narration import Line
from moderator.rules import Game
from moderator.rules.actions import Action
from moderator.rules.part import Part
from moderator.session import Session
from moderator.ui.guide import Guide

#: A step of guided play: it asks through the guide, and returns the action to record, or
#: a shortcut's answer.
Step = Callable[[Guide, Session], object]
#: What `Steps.recorded` says of an input not recorded yet.
NOT_YET = object()


class Steps(Part):
    """A module's part of guided play."""

    package = "moderator.ui.steps"
    #: The question of each of its inputs at the team and the mission, by input name (an
    #: i18n key).
    questions: ClassVar[Mapping[str, str]] = {}
    #: Its inputs of the mission recorded on their own before the reveal (so that a Plot card
    #: used in between follows them), each with the action that records it.
    alone: ClassVar[Mapping[str, type[Action]]] = {}

    def step(self, game: Game) -> Step | None:
        """The step that asks for one of its steps (the game's phase)."""
        return None

    def before(self, game: Game, step: Step) -> Step:
        """A step of its own that comes before `step` where it applies (the Blame before the
        team): the step to take."""
        return step

    def cards_down(self, guide: Guide, current: Session) -> Action | None:
        """At the mission, once the team has been told to play its cards, before what the
        host reports of them: an action to record, or None to go on."""
        return None

    def named(self, game: Game, names: list[str]) -> dict[str, str]:
        """The players the questions at the mission name besides the leader, by placeholder
        ("" where there is none)."""
        return {}

    def label(self, name: str, value: int, lang: str) -> str | None:
        """How a value of its count input `name` reads in its menu (None: as a count)."""
        return None

    def recorded(self, name: str, game: Game) -> object:
        """The value of its input `name` (one of `alone`) recorded already, or NOT_YET."""
        return NOT_YET

    def shown_first(self, current: Session, action: Action, lang: str) -> list[Line]:
        """What guided play shows before the result of one of its actions."""
        return []
