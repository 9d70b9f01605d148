"""`moderator play`: the guided game, from wherever the saved game stands.

`moderator new` at a terminal goes on into the same loop (cli/game.py). Without a terminal
nothing prompts: `play` is refused with the commands to use instead.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, Refusal, handled, helps
from moderator.cli.options import (
    checked_say_on, game_option, lang_option, open_game, say_on_option, vote_history_option,
)

#: The exit code of a game paused with Ctrl-C (128 + SIGINT, as shells report it).
PAUSED = 130


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang)

    @app.command("play", help=h("play"))
    @handled
    def play(
        out: Out,
        timer: Optional[int] = timer_option(lang),
        vote_history: Optional[bool] = vote_history_option(lang),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        say_on: Optional[str] = say_on_option(lang),
    ) -> None:
        from moderator.ui import guided

        say_on = checked_say_on(say_on)

        current = open_game(out, game)
        if not at_terminal():
            raise Refusal("errors.play_needs_terminal")
        chosen = table_settings(current.history.setup, timer, vote_history)
        guide = make_guide(out, chosen, say_on)
        run(out, current.game_id, lambda: guided.resume(guide, current.game_id), say_on)


def timer_option(lang: str):
    return typer.Option(None, "--timer", help=i18n.t(lang, "help.timer"), show_default=False)


def at_terminal() -> bool:
    """Prompts only where a person can answer them (design.md §8)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except ValueError:  # a closed stream
        return False


def checked_timer(seconds: Optional[int]) -> Optional[int]:
    from moderator.session import LONGEST_TIMER

    if seconds is not None and not 0 <= seconds <= LONGEST_TIMER:
        raise Refusal("errors.timer_range", given=seconds, most=LONGEST_TIMER)
    return seconds


def table_settings(setup: dict, timer: Optional[int], vote_history: Optional[bool]) -> dict:
    """The group's choices for this game: the ones given now win over the recorded ones."""
    chosen = {"vote_history": True, "timer": 0, **setup.get("table", {})}
    if vote_history is not None:
        chosen["vote_history"] = vote_history
    if checked_timer(timer) is not None:
        chosen["timer"] = timer
    return chosen


def make_guide(out: Out, chosen: dict, say_on: Optional[str] = None):
    from rich.console import Console

    from moderator.ui import guided
    from moderator.ui.prompts import QuestionaryPrompter

    # Guided play wraps its lines at word boundaries (the commands' output soft-wraps, so it
    # can be copied and piped whole); names are shown as typed, as by the commands.
    return guided.Guide(
        console=Console(highlight=False, emoji=False), prompter=QuestionaryPrompter(),
        lang=out.lang,
        show_votes=chosen["vote_history"], timer=chosen["timer"], read_aloud=voice_for(out, say_on),
    )


def voice_for(out: Out, say_on: Optional[str] = None) -> Callable[[list], bool]:
    """Where the voice plugs into guided play: the reveal is spoken in the voice that
    MODERATOR_VOICE and MODERATOR_SPEED name (as `new` does); False when nothing could speak
    it, and the loop shows the text instead; ReadingStopped when the host stopped it."""
    import os

    def read(lines: list) -> bool:
        from moderator import voice
        from moderator.ui.guide import ReadingStopped
        from moderator.ui.reader import Keys, read_aloud, where

        try:
            speaker = voice.Voice(out.lang, os.environ.get("MODERATOR_VOICE") or "auto",
                                  os.environ.get("MODERATOR_SPEED") or "normal")
        except voice.VoiceError as error:
            from moderator.narration.refusals import said

            out.error(said(error.code, error.params, [], out.lang))
            return False
        if speaker.silent:
            return False
        with Keys() as keys:
            if not read_aloud(lines, speaker, out.console, out.lang, keys, out.error,
                              where(say_on, out.error, out.lang)):
                raise ReadingStopped
        return True

    return read


def run(out: Out, game_id: str, steps: Callable[[], bool], say_on: Optional[str] = None
        ) -> None:
    """Run the guided game, and the next ones while the host asks for another game with the
    same table. Quitting, Ctrl-C and a closed input pause it: every step is on disk already,
    so one line says how to go on."""
    from moderator import store
    from moderator.ui import guided

    try:
        while steps():
            game_id, steps = another(out, game_id, say_on)
    except guided.Quit:
        out.say("play.paused", command=resume_command(game_id, store.current()))
    except (KeyboardInterrupt, EOFError):
        from moderator.cli.exits import mark_stopped

        mark_stopped()
        out.print()
        out.error(out.t("play.paused", command=resume_command(game_id, store.current())))
        raise typer.Exit(PAUSED) from None


def another(out: Out, game_id: str, say_on: Optional[str]) -> tuple[str, Callable[[], bool]]:
    """The next game with the same table (`new --again`, nothing given), guided from its
    checklist: its id and its steps."""
    from moderator import session
    from moderator.ui import guided

    setup = session.open_game(game_id).history.setup
    started = session.start(**session.kept(setup), seed=None)
    guide = make_guide(out, table_settings(started.history.setup, None, None), say_on)
    guide.show(out.t("setup.again", game=game_id, names=" → ".join(started.names)), "bold")
    return started.game_id, lambda: guided.begin(guide, started)


@contextmanager
def asking(out: Out) -> Iterator[None]:
    """The questions of `new` before the game exists: Ctrl-C (or a closed input) stops them as
    it pauses guided play, with exit 130, and one line says that nothing was saved."""
    try:
        yield
    except (KeyboardInterrupt, EOFError):
        from moderator.cli.exits import mark_stopped

        mark_stopped()
        out.print()
        out.error(out.t("play.setup_stopped"))
        raise typer.Exit(PAUSED) from None


def resume_command(game_id: str, current: str | None) -> str:
    """`moderator play`, naming the game unless it is the current one (which play picks)."""
    if current == game_id:
        return "moderator play"
    return f"moderator play --game {game_id}"
