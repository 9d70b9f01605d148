"""Guided play's steps, found by the action each one asks for.

The base game's steps (the team, the vote, the mission) live in `ui/guided.py`; each module's
in its own file of this package (`ui/steps/hunter.py`), loaded with it. A step asks through
the guide and returns the action to record (or a shortcut's answer); a module may also put a
step of its own before another one (the Blame before the team, a held Plot card before any
step), and name the questions of its inputs at the team and the mission.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from moderator.rules.actions import Action
from moderator.rules.modules import import_slices
from moderator.session import Session
from moderator.ui.guide import Guide

Step = Callable[[Guide, Session], Any]
S = TypeVar("S", bound=Callable[..., Any])

#: The step that asks for each action (one taken inside another step gets that step's
#: arguments too: the Blame, before the team).
ASKS: dict[type[Action], Callable[..., Any]] = {}
#: Steps that come before another one where they apply: (game, step) -> the step to take.
BEFORE: list[Callable[[Any, Step], Step]] = []
#: Steps of the mission once the team has been told to play its cards, before what the host
#: reports of them: each returns an action to record, or None to go on.
CARDS_DOWN: list[Step] = []
#: The question of each of the engine's inputs at the team and the mission, by input name
#: (an i18n key).
QUESTIONS: dict[str, str] = {}
#: The players the questions at the mission name besides the leader, by placeholder:
#: (game, names) -> the name, or "" when there is none (the Sergeant).
NAMED: dict[str, Callable[[Any, list[str]], str]] = {}
#: How a value of a module's count input reads in its menu, by input name.
LABELS: dict[str, Callable[[str, Any], str]] = {}
#: Inputs of the mission recorded on their own before the reveal, by input name: (the value
#: recorded already, or NOT_YET; the action that records it).
ALONE: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Action]]] = {}
NOT_YET = object()
#: What guided play shows before an action's result, by type: (session, action, lang) ->
#: lines with their styles.
SHOWN_FIRST: dict[type[Action], Callable[[Session, Any, str], list[tuple[str, str | None]]]] = {}


def asks(*kinds: type[Action]) -> Callable[[S], S]:
    def register(step: S) -> S:
        for kind in kinds:
            ASKS[kind] = step
        return step
    return register


def before(wrap: Callable[[Any, Step], Step]) -> Callable[[Any, Step], Step]:
    BEFORE.append(wrap)
    return wrap


def cards_down(step: Step) -> Step:
    CARDS_DOWN.append(step)
    return step


def step_for(game: Any, otherwise: Step) -> Step:
    """The step that asks for what the game needs now, with the steps that come before it."""
    step = next((ask for kind, ask in ASKS.items() if kind.step == game.phase), otherwise)
    for wrap in BEFORE:
        step = wrap(game, step)
    return step


import_slices(__name__)  # each module's file here, if it has one
