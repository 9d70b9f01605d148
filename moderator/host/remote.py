"""Guided play, asked from a page: the very steps of `ui/` (their questions, the choices the
engine offers, the actions they make) run with a prompter that answers from the page's taps.

A page is not a terminal that waits: it sends the answers it has so far, by position (the
index of the choice tapped, the indices ticked in a list), and the step is run again from its
start with them. The first question they do not reach is what the page shows next (`Asked`);
once the step returns an action, that is what the host chose. Only indices travel, never the
values behind them: a choice whose value is still secret (the next Loyalty card, the Plot
cards the game's deck gives) is just "the first one" on the phone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from moderator.ui.guide import Guide
from moderator.ui.prompts import Choice

#: What a page may send as one answer: a choice's index, the indices ticked, a line typed.
Answer = int | list[int] | str
#: How many answers one step may take, and how long a typed line may be: far more than any
#: step of the game needs.
MOST_ANSWERS, LONGEST_TEXT = 40, 200

ONE, SOME, PICK, TYPE = "one", "some", "pick", "type"


class Asked(Exception):
    """The first question the answers so far do not reach: what the page asks next."""

    def __init__(self, kind: str, question: str, choices: Sequence[Choice], hint: str = "",
                 sizes: Sequence[int] = ()) -> None:
        super().__init__(question)
        self.kind, self.question, self.hint = kind, question, hint
        self.choices, self.sizes = list(choices), list(sizes)
        self.players = [False] * len(self.choices)  # which choices are players (`Host.step`)


class Unfit(Exception):
    """An answer that does not fit the question it answers (no such choice, a list the
    question refuses): nothing is recorded, the page asks again. `reason`: the question's own
    refusal, already in words, or None."""

    def __init__(self, reason: str | None = None) -> None:
        super().__init__(reason or "unfit")
        self.reason = reason


class Scripted:
    """A `ui.prompts.Prompter` that answers from a page's answers, in order, each checked
    against the choices the step offers."""

    def __init__(self, answers: Sequence[Answer]) -> None:
        if len(answers) > MOST_ANSWERS:
            raise Unfit
        self.answers, self.used = list(answers), 0

    def _next(self, kind: str, question: str, choices: Sequence[Choice], hint: str = "",
              sizes: Sequence[int] = ()) -> Answer:
        if self.used == len(self.answers):
            raise Asked(kind, question, choices, hint, sizes)
        self.used += 1
        return self.answers[self.used - 1]

    def _index(self, answer: Answer, choices: Sequence[Choice]) -> int:
        if type(answer) is not int or not 0 <= answer < len(choices):
            raise Unfit
        return answer

    def select(self, question: str, choices: Sequence[Choice], hint: str = "",
               shortcuts: Sequence[Any] = (), footer: Callable[[], str] | None = None) -> Any:
        return choices[self._index(self._next(ONE, question, choices, hint), choices)].value

    def choose(self, question: str, choices: Sequence[Choice], hint: str = "",
               refused: str = "") -> Any:
        """A card typed at a terminal: tapped among the same choices on a page."""
        return choices[self._index(self._next(PICK, question, choices), choices)].value

    def checkbox(self, question: str, choices: Sequence[Choice], hint: str = "",
                 validate: Callable[[list], str | None] | None = None,
                 shortcuts: Sequence[Any] = (), footer: Callable[[], str] | None = None) -> Any:
        values = [c.value for c in choices]
        sizes = [n for n in range(len(values) + 1) if validate is None
                 or validate(values[:n]) is None]  # how many may be ticked, for the page
        answer = self._next(SOME, question, choices, hint, sizes)
        if not isinstance(answer, list) or len(set(answer)) != len(answer):
            raise Unfit
        ticked = [values[self._index(i, choices)] for i in sorted(answer)]
        problem = validate(ticked) if validate else None
        if problem is not None:
            raise Unfit(problem)
        return ticked

    def text(self, question: str, suggestion: str = "",
             validate: Callable[[str], str | None] | None = None) -> str:
        answer = self._next(TYPE, question, [])
        if not isinstance(answer, str) or len(answer) > LONGEST_TEXT:
            raise Unfit
        return answer


@dataclass
class Remote(Guide):
    """The guide of a page: what a step says (its heading, its lines) is kept to be shown on
    the page instead of printed; the terminal's screen-filling has nothing to do."""

    title: str = ""
    lines: list[tuple[str, str]] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.title = text

    def print(self, renderable: Any) -> None:
        self.lines += paragraphs(renderable)

    def flush(self, prompt_rows: int) -> None:
        """Nothing to fit on a screen: the page shows the table in its own way."""

    def _prompt_rows(self, *_: Any) -> int:
        return 0

    def after(self, current: Any, lines: Sequence[tuple[str, str | None]]) -> None:
        """What a step just did (`guided.report`): kept with the rest."""
        self.lines += [(text, style or "") for text, style in lines]


class Collected:
    """The console a step may print to directly (the rules lookup does): kept, not shown."""

    is_terminal = False

    def __init__(self, lines: list[tuple[str, str]]) -> None:
        self.lines = lines

    def print(self, *renderables: Any, **_: Any) -> None:
        for renderable in renderables:
            self.lines += paragraphs(renderable)


def remote(lang: str, answers: Sequence[Answer], passed: dict, kept: dict) -> Remote:
    """A guide for one run of a step, with the page's answers and what the table said so far
    in this window (the Plot cards passed on, the answers of a step recorded in two parts)."""
    lines: list[tuple[str, str]] = []
    return Remote(console=Collected(lines), prompter=Scripted(answers), lang=lang,
                  passed=passed, answers=kept, lines=lines)


def paragraphs(renderable: Any) -> list[tuple[str, str]]:
    """A rich renderable as plain paragraphs with their styles (a group, its texts in order);
    the page writes them as text, never as markup."""
    inner = getattr(renderable, "renderables", None)
    if inner is not None:
        return [line for part in inner for line in paragraphs(part)]
    plain = getattr(renderable, "plain", None)
    if isinstance(plain, str):
        return [(plain, str(renderable.style or ""))] if plain.strip() else []
    text = str(renderable)
    return [(text, "")] if text.strip() else []

