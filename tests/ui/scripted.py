"""A Prompter that plays back a host's answers: the test double of the guided-play tests."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from moderator.ui.prompts import Shortcut


@dataclass(frozen=True)
class Key:
    """Pressing a shortcut key at a menu; in a list, with the values ticked so far."""

    key: str
    ticked: tuple = ()


CTRL_C = object()  # pressing Ctrl-C at a prompt


@dataclass(frozen=True)
class Wait:
    """The host answers the next question this many seconds after it appears (the table
    talks meanwhile); its footer is read at the moment of answering."""

    seconds: float


@dataclass(frozen=True)
class Meanwhile:
    """Something happens elsewhere (a command in another terminal) before the next answer."""

    happen: Callable[[], object]


class Clock:
    """A clock that only moves when the script waits."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Asked:
    kind: str
    question: str
    titles: list[str]
    footer: str | None
    validate: Callable | None
    keys: str
    checked: list | None = None  # a list's values ticked when it is shown


class Scripted:
    """A Prompter that answers from a script and checks each answer as the real prompt
    would: a choice must be on the menu, a ticked list must pass the prompt's check, a
    shortcut must be offered. A string answer names a choice by its title, by the name after
    a seat number ("Anna" for "1 Anna") or by the start of its title; anything else is a
    choice's value."""

    def __init__(self, answers: list, clock: Clock | None = None) -> None:
        self.answers = list(answers)
        self.asked: list[Asked] = []
        self.clock = clock

    def text(self, question, suggestion="", validate=None):
        answer = self._next("text", question, [], None, validate, ())
        typed = answer or suggestion
        if validate is not None:
            assert validate(typed) is None, f"{question!r} refuses {typed!r}"
        return typed

    def select(self, question, choices, hint="", shortcuts=(), footer=None):
        answer = self._next("select", question, choices, footer, None, shortcuts)
        if isinstance(answer, Shortcut):
            return answer
        return _pick(choices, answer, question)

    def choose(self, question, choices, hint="", refused=""):
        answer = self._next("choose", question, choices, None, None, ())
        return _pick(choices, answer, question)

    def checkbox(self, question, choices, hint="", validate=None, shortcuts=(), footer=None):
        answer = self._next("checkbox", question, choices, footer, validate, shortcuts)
        if isinstance(answer, Shortcut):
            return answer
        ticked = [_pick(choices, one, question) for one in answer]
        order = [c.value for c in choices]
        ticked.sort(key=order.index)
        if validate is not None:
            assert validate(ticked) is None, f"{question!r} refuses {answer!r}"
        return ticked

    def _next(self, kind, question, choices, footer, validate, shortcuts):
        while self.answers and isinstance(self.answers[0], (Wait, Meanwhile)):
            event = self.answers.pop(0)
            if isinstance(event, Wait):
                self.clock.now += event.seconds
            else:
                event.happen()
        self.asked.append(Asked(kind, question, [c.title for c in choices],
                                footer() if footer else None, validate,
                                "".join(s.key for s in shortcuts),
                                [c.value for c in choices if c.checked]))
        assert self.answers, f"no answer left for {question!r}"
        answer = self.answers.pop(0)
        if answer is CTRL_C:
            raise KeyboardInterrupt
        if isinstance(answer, Key):
            pressed = [s for s in shortcuts if s.key == answer.key]
            assert pressed, f"{question!r} offers no key {answer.key!r}"
            return replace(pressed[0], ticked=answer.ticked)
        return answer


def _pick(choices, answer: Any, question: str):
    if not isinstance(answer, str):
        found = [c for c in choices if c.value == answer and not isinstance(c.value, str)]
    else:
        found = [c for c in choices if answer in (c.title, c.title.partition(" ")[2])]
        found = found or [c for c in choices if c.title.startswith(answer)]
    assert len(found) == 1, f"{answer!r} is not one choice of {question!r}: " \
                            f"{[c.title for c in choices]}"
    return found[0].value
