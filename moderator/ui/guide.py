"""What every step of guided play shares: the host's screen and keyboard (`Guide`), the keys
always at hand, and how players and the engine's allowed values become menu choices.

The steps of the game (`ui/guided.py`) and of its modules (`ui/steps/`) import this; it
imports none of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from moderator import codec, narration
from moderator.i18n import t
from moderator.session import Session
from moderator.ui import prompts, views
from moderator.ui.prompts import Choice, Prompter, Shortcut

#: The menu value that stands for "nobody" (questionary takes a None value for the title).
NOBODY = "nobody"


class Quit(Exception):
    """The host chose to stop. Nothing is lost: every step is on disk already."""


class ReadingStopped(Exception):
    """The host stopped the voice reading the reveal (Ctrl-C): the reveal is offered again,
    and guided play goes on."""


class ShortcutPressed(Exception):
    """A key always at hand (undo, the table, the rules, quit) left a menu of the game; the
    guided loop handles it in one place, so no step has to check for it."""

    def __init__(self, shortcut: Shortcut) -> None:
        super().__init__(shortcut.command)
        self.shortcut = shortcut


@dataclass
class Guide:
    """What the guided game talks through, and the group's choices for it."""

    console: Any  # a rich Console
    prompter: Prompter
    lang: str
    show_votes: bool = True  # groups that play without the vote history turn it off
    timer: float = 0  # seconds of discussion per proposal; 0: no timer
    # The hook where the voice speaks the reveal: called with its lines as (text, pause in
    # seconds), True if they were spoken; without it, or when it could not speak, the reveal
    # is shown as text for the host to read aloud. Ctrl-C stops it with ReadingStopped.
    read_aloud: Callable[[list[tuple[str, float]]], bool] | None = None
    clock: Callable[[], float] = time.monotonic
    began: dict[int, float] = field(default_factory=dict)  # proposal -> discussion start
    answers: dict[tuple, dict] = field(default_factory=dict)  # a step's answers so far
    passed: dict[tuple, set] = field(default_factory=dict)  # Plot: who said no, per window
    kept: dict[tuple, tuple] = field(default_factory=dict)  # a list's ticks while `t` or `r`
    plot: bool = False  # a game with Plot cards: `t` shows what the cards do too
    game: str | None = None  # the game guided now, whose timer the table display shows
    # What the step just recorded did, shown right above the next question (`report`).
    recap: tuple[Session, list[narration.Line]] | None = None
    rows: int = 0  # rows printed since the step's heading
    fresh: bool = False  # a step was recorded: the next line printed begins a new one

    def select(self, question: str, choices: Sequence[Choice], hint: str = "",
               footer: Callable[[], str] | None = None, pause: bool = False) -> Any:
        """A menu of the game, with the keys always at hand; one choice's value. A menu with
        one choice is said, not asked, unless it is a `pause` the host ends."""
        if len(choices) == 1 and not pause:
            self.flush(1)
            self.say("play.only_choice", question=question, answer=choices[0].title)
            return choices[0].value
        hint = hint or t(self.lang, "play.hint_select")
        keys = shortcuts(self.lang, self.plot)
        self.flush(self._prompt_rows(question, choices, hint, keys, footer))
        return self._asked(self.prompter.select(
            question, choices, hint=hint, shortcuts=keys, footer=footer))

    def checkbox(self, question: str, choices: Sequence[Choice], hint: str,
                 validate: Callable[[list], str | None] | None = None,
                 footer: Callable[[], str] | None = None) -> list:
        """A list to tick, with the keys always at hand; the ticked values. A look at the
        table or the rules in the middle of it keeps what was ticked so far."""
        asked = (question, tuple(c.value for c in choices))
        ticked = self.kept.pop(asked, None)
        if ticked is not None:
            choices = [replace(c, checked=c.value in ticked) for c in choices]
        keys = shortcuts(self.lang, self.plot)
        self.flush(self._prompt_rows(question, choices, hint, keys, footer))
        answer = self.prompter.checkbox(
            question, choices, hint=hint, validate=validate, shortcuts=keys, footer=footer)
        if isinstance(answer, Shortcut) and answer.command in ("table", "rules"):
            self.kept[asked] = answer.ticked
        return self._asked(answer)

    @staticmethod
    def _asked(answer: Any) -> Any:
        if isinstance(answer, Shortcut):
            raise ShortcutPressed(answer)
        return answer

    def after(self, current: Session, lines: list[narration.Line]) -> None:
        """What a step did, kept to be shown right above the next question."""
        self.flush(0)  # a step that asked nothing: its own result first
        self.recap, self.rows, self.fresh = (current, lines), 0, True

    def flush(self, prompt_rows: int) -> None:
        """The compact table and the last result, in the rows that the step's lines so far
        and the question leave free on the screen."""
        if self.recap is None:
            return
        current, lines = self.recap
        self.recap = None
        self.print(views.Recap(current, self.lang, lines, self.console.size.height
                               - prompt_rows - self.rows - self.fresh))

    def _prompt_rows(self, question: str, choices: Sequence[Choice], hint: str,
                     keys: Sequence[Shortcut], footer: Callable[[], str] | None) -> int:
        return prompts.rows(question, choices, hint, keys, footer is not None,
                            self.console.size.width)

    def say(self, key: str, /, style: str | None = None, **params: object) -> None:
        """A catalogue text."""
        self.show(t(self.lang, key, **params), style)

    def show(self, text: str, style: str | None = None) -> None:
        """A line of text, never read as markup: it may hold players' names."""
        from rich.text import Text

        self.print(Text(text, style=style or ""))

    def print(self, renderable: Any) -> None:
        """Anything rich renders, its rows counted for the room left above the question;
        the first line of a new step is set apart by a blank line."""
        if self.fresh:
            self.console.print()
            self.rows, self.fresh = self.rows + 1, False
        self.rows += len(self.console.render_lines(renderable, pad=False, new_lines=False))
        self.console.print(renderable)

    def heading(self, text: str) -> None:
        from rich.text import Text

        self.console.print()
        self.console.rule(Text(text, style="bold"))
        self.rows, self.fresh = 2, False


def shortcuts(lang: str, plot: bool = False) -> tuple[Shortcut, ...]:
    """The keys always at hand at a menu of the game; with Plot cards the table key shows
    what the cards do too, and says so."""
    keys = (("u", "undo"), ("t", "table"), ("r", "rules"), ("q", "quit"))
    label = {"table": "table_cards" if plot else "table"}
    return tuple(Shortcut(key, command, t(lang, f"play.key.{label.get(command, command)}"))
                 for key, command in keys)


def players(names: Sequence[str], seats: Sequence[int] | None = None) -> list[Choice]:
    """Players by seat number and name (all, unless `seats` says which); typing the seat
    number (0 for seat 10) picks one."""
    return [Choice(seat_label(seat, names), seat, key=str(codec.number(seat) % 10))
            for seat in (range(len(names)) if seats is None else seats)]


def seat_label(seat: int, names: Sequence[str]) -> str:
    """A player as a menu shows them: seat number and name."""
    return f"{codec.number(seat)} {names[seat]}"


def allowed(game, name: str, **given: object) -> tuple:
    """The values the engine allows now for its input `name` of the current step."""
    return next(i.choices for i in game.inputs(given) if i.name == name)
