"""Asking the host: a small Prompter protocol and the questionary prompter behind it.

The guided loop only ever talks to a `Prompter`, so tests drive it with scripted answers and
the real prompts are tested on their own through prompt_toolkit's pipe input. questionary
(and with it prompt_toolkit and asyncio, ~110 ms) is imported only when a prompt is shown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, Protocol

#: How often a prompt with a live footer (the discussion timer) is redrawn, in seconds.
REFRESH = 0.5


@dataclass(frozen=True)
class Choice:
    """One line of a menu or a checkbox list: what the host reads, and what the loop gets."""

    title: str
    value: Any
    checked: bool = False
    key: str = ""  # a key that points at it (and ticks it in a list): a player's seat number


@dataclass(frozen=True)
class Shortcut:
    """A key that leaves a menu for something always at hand (undo, the table, the rules,
    quit); the prompt returns the shortcut itself instead of an answer, and from a list the
    values ticked so far, so that the list can be asked again as it was left."""

    key: str
    command: str
    label: str
    ticked: tuple = ()


class Prompter(Protocol):
    def text(
        self, question: str, suggestion: str = "",
        validate: Callable[[str], str | None] | None = None,
    ) -> str:
        """A line of text; Enter on an empty line takes the `suggestion` (shown greyed).
        `validate` sees the answer and returns an error message, or None to accept."""

    def select(
        self, question: str, choices: Sequence[Choice], hint: str = "",
        shortcuts: Sequence[Shortcut] = (), footer: Callable[[], str] | None = None,
    ) -> Any:
        """One choice's value, or the Shortcut pressed."""

    def checkbox(
        self, question: str, choices: Sequence[Choice], hint: str = "",
        validate: Callable[[list], str | None] | None = None,
        shortcuts: Sequence[Shortcut] = (), footer: Callable[[], str] | None = None,
    ) -> Any:
        """The ticked choices' values, in the order of the list, or the Shortcut pressed."""

    def choose(self, question: str, choices: Sequence[Choice], hint: str = "",
               refused: str = "") -> Any:
        """One choice's value, its title typed (completed as it is typed, any part of it,
        any case) or picked from the completions with the arrow keys; `refused` is said of
        a title that is not one of them."""


def instruction(hint: str, shortcuts: Sequence[Shortcut], width: int | None = None) -> str:
    """The grey lines under a question: how to answer, then the keys always at hand."""
    lines = [hint, " · ".join(f"{s.key} {s.label}" for s in shortcuts)]
    return "".join(f"\n  {part}" for line in lines if line for part in fit(line, width))


def question_text(question: str, width: int | None = None) -> str:
    """The question, its lines under the "? " mark."""
    return "\n  ".join(fit(question, width))


def fit(line: str, width: int | None = None) -> list[str]:
    """A line of a prompt broken at word boundaries to fit its two-column indent on the
    screen (`width`, or the terminal's): prompt_toolkit cuts a question's and a hint's line
    at the screen's edge instead of wrapping it."""
    import shutil
    import textwrap

    width = width or shutil.get_terminal_size().columns
    return textwrap.wrap(line, max(MIN_WIDTH, width - 3), break_on_hyphens=False) or [""]


#: The narrowest a prompt's lines are broken to, however narrow the screen.
MIN_WIDTH = 20


def rows(question: str, choices: Sequence[Choice], hint: str, shortcuts: Sequence[Shortcut],
         footer: bool, width: int) -> int:
    """How many rows a prompt takes on a screen `width` columns wide: the question, the hint
    and the keys, one row for each choice (a longer title is cut), the footer, and the row
    where a refused answer is explained."""
    return (len(fit(question, width)) + instruction(hint, shortcuts, width).count("\n")
            + len(choices) + footer + 1)


def _questionary() -> ModuleType:
    """questionary, without the TLS half of asyncio. prompt_toolkit imports asyncio, whose
    event loop imports ssl for the TLS connections it could open (about 10 ms, the slowest
    part of the wait for guided play's first prompt); the prompts open none. Unless ssl is
    loaded already, its import is held off while questionary loads, so asyncio's modules
    keep none, as where Python has no ssl; ssl itself stays importable (the voice's HTTPS)."""
    if "questionary" in sys.modules or "ssl" in sys.modules or "asyncio" in sys.modules:
        import questionary

        return questionary
    sys.modules["ssl"] = None  # type: ignore[assignment]  # `import ssl` fails: asyncio's way
    try:
        import questionary
    finally:
        del sys.modules["ssl"]
    return questionary


class QuestionaryPrompter:
    """Prompts in the terminal. Ctrl-C raises KeyboardInterrupt from any of them; the loop
    handles it in one place. Answered menus are erased: the loop prints what was chosen in
    the game's language (questionary's own summaries are English)."""

    def text(self, question, suggestion="", validate=None):
        questionary = _questionary()

        def check(value: str):
            problem = validate(value or suggestion) if validate else None
            return True if problem is None else problem

        typed = questionary.text(
            question, validate=check, placeholder=[("fg:ansibrightblack", suggestion)]
        ).unsafe_ask()
        return typed or suggestion

    def select(self, question, choices, hint="", shortcuts=(), footer=None):
        questionary = _questionary()

        items = [questionary.Choice(c.title, value=c.value) for c in choices]
        prompt = questionary.select(
            question_text(question), choices=items, instruction=instruction(hint, shortcuts),
            erase_when_done=True,
        )
        return _run(prompt, choices, shortcuts, footer, ticking=False)

    def checkbox(self, question, choices, hint="", validate=None, shortcuts=(), footer=None):
        questionary = _questionary()

        def check(values: list):
            problem = validate(values) if validate else None
            return True if problem is None else problem

        items = [questionary.Choice(c.title, value=c.value, checked=c.checked) for c in choices]
        prompt = questionary.checkbox(
            question_text(question), choices=items, validate=check,
            instruction=instruction(hint, shortcuts),
            erase_when_done=True,
        )
        return _run(prompt, choices, shortcuts, footer, ticking=True)


    def choose(self, question, choices, hint="", refused=""):
        questionary = _questionary()

        titles = {c.title.casefold(): c for c in choices}

        def check(value: str):
            return True if value.strip().casefold() in titles else refused

        typed = questionary.autocomplete(  # the hint under the question, as in a menu
            question_text(question) + instruction(hint, ()) + "\n ",
            choices=[c.title for c in choices], validate=check, ignore_case=True,
            match_middle=True,
        ).unsafe_ask()
        return titles[typed.strip().casefold()].value


#: questionary's own keys of a list that tick everyone ("a") or turn every tick over ("i"):
#: one slip of a finger would rewrite the votes, so they do nothing here.
SILENCED = ("a", "i")


def _run(prompt, choices: Sequence[Choice], shortcuts: Sequence[Shortcut],
         footer: Callable[[], str] | None, ticking: bool):
    """Add the shortcut keys, each choice's own key and the live footer to a questionary
    prompt, then ask it."""
    from prompt_toolkit.filters import IsDone
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.layout import ConditionalContainer, FormattedTextControl, Window

    app = prompt.application
    control = next(c for c in app.layout.find_all_controls() if hasattr(c, "pointed_at"))
    tick = None
    if ticking:  # questionary's own Space: it also checks the list again
        tick = app.key_bindings.get_bindings_for_keys((" ",))[-1].handler
    keys = KeyBindings()
    for key in SILENCED if ticking else ():
        keys.add(key, eager=True)(lambda event: None)
    for index, choice in enumerate(choices):
        if choice.key:
            keys.add(choice.key, eager=True)(_point_at(control, index, tick))
    for shortcut in shortcuts:
        keys.add(shortcut.key, eager=True)(_leave_with(shortcut, control if ticking else None))
    # Added last, so they win over questionary's catch-all binding for other keys.
    app.key_bindings = merge_key_bindings([app.key_bindings, keys])
    if footer is not None:
        line = Window(FormattedTextControl(lambda: [("bold", footer())]), height=1)
        app.layout.container.children.append(ConditionalContainer(line, filter=~IsDone()))
        app.refresh_interval = REFRESH
    return prompt.unsafe_ask()


def _point_at(control, index: int, tick):
    """A choice's key: the pointer goes to it, and in a list it is ticked (or unticked)."""
    def point(event) -> None:
        control.pointed_at = index
        if tick is not None:
            tick(event)

    return point


def _leave_with(shortcut: Shortcut, ticking=None):
    def leave(event) -> None:
        ticked = tuple(ticking.selected_options) if ticking is not None else ()
        event.app.exit(result=replace(shortcut, ticked=ticked))

    return leave
