"""The reveal script: `moderator script` prints or speaks it, `moderator voice prepare` makes
its audio ahead of time, and `new` reads it aloud at a terminal.

Reading aloud needs a terminal (keys in, countdowns out): piped or in a script the lines are
printed, nothing is spoken and nothing waits."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Out, Refusal, handled, helps
from moderator.cli.options import (
    Configuration, checked_say_on, configuration, game_option, lang_option, open_game,
    say_on_option,
)

INTERRUPTED = 130  # Ctrl-C while reading aloud


@dataclass
class Reveal:
    """The script of one configuration, and what it was made from."""

    game: str | None
    players: int
    modules: list[str]
    variants: list[str]
    characters: dict[str, int]
    steps: tuple


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang)

    def voice_option():
        return typer.Option(None, "--voice", envvar="MODERATOR_VOICE", help=h("voice_choice"))

    def speed_option():
        return typer.Option(None, "--speed", envvar="MODERATOR_SPEED", help=h("speed"))

    @app.command("script", help=h("script"))
    @handled(config=configuration(lang))
    def script(
        out: Out,
        config: Configuration,
        as_json: bool = typer.Option(False, "--json", help=h("script_json")),
        say: bool = typer.Option(False, "--say", help=h("say")),
        voice: Optional[str] = voice_option(),
        speed: Optional[str] = speed_option(),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        say_on: Optional[str] = say_on_option(lang),
    ) -> None:
        say_on = checked_say_on(say_on)
        if say and as_json:
            raise Refusal("reading.say_and_json", exit_code=USAGE)
        reveal = _reveal(out, config, game)
        if as_json:
            out.json(as_data(out, reveal))
            return
        speaker = _voice(out.lang, voice, speed) if say else None
        if speaker is not None and not at_terminal():
            out.error(out.t("reading.no_terminal"))
            speaker = None
        out.say("reading.heading", players=reveal.players, extras=_extras(out, reveal))
        if speaker is not None:
            from moderator import live  # not for `--help`, which builds this too

            with live.eyes_closed(reveal.game):  # the table display goes dark meanwhile
                read = _read(out, reveal.steps, speaker, say_on)
            if not read:
                raise typer.Exit(INTERRUPTED)
            return
        for number, step in enumerate(reveal.steps, start=1):
            key = "reading.line_pause" if step.pause else "reading.line"
            out.say(key, number=number, text=text(out.lang, step), pause=step.pause)

    voice_app = typer.Typer(help=h("voice"), no_args_is_help=True)
    app.add_typer(voice_app, name="voice")

    @voice_app.command("prepare", help=h("voice_prepare"))
    @handled(config=configuration(lang))
    def prepare(
        out: Out,
        config: Configuration,
        voice: Optional[str] = voice_option(),
        speed: Optional[str] = speed_option(),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        from moderator import voice as voices
        from moderator.voice import cache

        reveal = _reveal(out, config, game)
        lines = [text(out.lang, step) for step in reveal.steps]
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
        bar = Progress(*columns, console=out.console, transient=True,
                       disable=not out.console.is_terminal)
        task = bar.add_task(out.t("voice.preparing"), total=len(set(lines)))
        try:
            with bar:
                engine, cached, notices = voices.prepare(
                    lines, out.lang, voice or "auto", speed or "normal",
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                )
        except voices.VoiceError as error:
            exit_code = USAGE if error.code in ("voice.voice_unknown", "voice.speed_unknown") \
                else 1
            raise Refusal(error.code, exit_code=exit_code, **error.params) from None
        for notice in notices:
            out.error(out.t(notice))
        out.say(f"voice.prepared.{engine.name}", count=len(set(lines)), cached=cached,
                language=out.t(f"language.{out.lang}"), path=str(cache.root() / "voice"))


def text(lang: str, step) -> str:
    return i18n.t(lang, step.key, **step.params)


def as_data(out: Out, reveal: Reveal) -> dict:
    """`script --json` (design.md §4): steps with key, text, pause, everyone, open, thumb."""
    return {
        "game": reveal.game,
        "lang": out.lang,
        "theme": i18n.theme(),
        "players": reveal.players,
        "modules": reveal.modules,
        "variants": reveal.variants,
        "characters": reveal.characters,
        "steps": [
            {"key": step.key, "text": text(out.lang, step), "pause": step.pause,
             "everyone": step.everyone, "open": list(step.open), "thumb": list(step.thumb)}
            for step in reveal.steps
        ],
    }


def _reveal(out: Out, config: Configuration, game: Optional[str]) -> Reveal:
    """The script of the configuration on the command line, else of the game."""
    from moderator import scripts
    from moderator.rules import configure

    if config.players is None:
        if config.beyond_players:
            raise Refusal("reading.needs_players", exit_code=USAGE)
        return _of_game(out, game)
    setup = configure(config.players, config.modules, config.variants, config.roles,
                      config.allow_incompatible)
    steps = scripts.reveal(setup, config.house_rules)
    return Reveal(None, setup.players, sorted(setup.modules), sorted(setup.variants),
                  setup.deck, steps)


def _of_game(out: Out, game_id: Optional[str]) -> Reveal:
    from moderator import scripts
    from moderator.rules import character_cards
    from moderator.store import StoreError

    try:
        current = open_game(out, game_id)
    except StoreError as error:
        if error.code == "errors.no_games":
            raise Refusal("reading.no_game") from None
        raise
    game = current.game
    return Reveal(current.game_id, game.players, sorted(game.modules), sorted(game.variants),
                  character_cards(game.players, game.modules, game.roles),
                  scripts.for_game(game))


def _extras(out: Out, reveal: Reveal) -> str:
    names = [out.t(f"variant.{v}") for v in reveal.variants]
    names += [out.t(f"module.{m}") for m in reveal.modules]
    return " · " + ", ".join(names) if names else ""


def _voice(lang: str, choice: Optional[str], speed: Optional[str]):
    from moderator import voice

    try:
        return voice.Voice(lang, choice or "auto", speed or "normal")
    except voice.VoiceError as error:
        exit_code = 1 if error.code == "voice.espeak_missing" else USAGE
        raise Refusal(error.code, exit_code=exit_code, **error.params) from None


def at_terminal() -> bool:
    """Whether a host sits at a terminal: keys come from one and the countdown goes to one."""
    try:
        return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed, or not a real file
        return False


def _read(out: Out, steps, speaker, say_on: Optional[str]) -> bool:
    from moderator.ui.reader import Keys, read_aloud, where

    lines = [(text(out.lang, step), step.pause) for step in steps]
    with Keys() as keys:
        return read_aloud(lines, speaker, out.console, out.lang, keys, out.error,
                          where(say_on, out.error, out.lang))


def read_at_setup(out: Out, session, say_on: Optional[str] = None) -> None:
    """`new` at a terminal: once everyone has seen their card, read the reveal aloud. The
    voice comes from MODERATOR_VOICE and MODERATOR_SPEED; without a terminal nothing waits."""
    import os

    from moderator import scripts
    from moderator.ui.reader import Keys

    if not at_terminal():
        return
    try:
        speaker = _voice(out.lang, os.environ.get("MODERATOR_VOICE"),
                         os.environ.get("MODERATOR_SPEED"))
    except Refusal as refusal:
        from moderator.narration.refusals import said

        out.error(said(refusal.code, refusal.params, [], out.lang))
        return
    if speaker.silent:  # --voice off: the printed sheet is the script
        return
    with Keys() as keys:
        if keys.interactive:
            try:
                out.say("reading.start")
                keys.wait_for_enter()
            except KeyboardInterrupt:
                out.say("reading.skipped")
                return
    from moderator import live

    with live.eyes_closed(session.game_id):  # the table display goes dark meanwhile
        _read(out, scripts.for_game(session.game), speaker, say_on)
