"""The typer application, built in the language the help should be shown in."""

from __future__ import annotations

import sys

import typer

from moderator import i18n


def language_of(args: list[str]) -> str:
    """The language asked for on this command line (for help texts), else the usual choice."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return i18n.choose(args[index + 1])
        if arg.startswith("--lang="):
            return i18n.choose(arg.partition("=")[2])
    return i18n.choose()


def build(lang: str) -> typer.Typer:
    from moderator.cli import game, history

    app = typer.Typer(
        name="moderator",
        help=i18n.t(lang, "help.app"),
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    game.register(app, lang)
    history.register(app, lang)
    return app


def run(args: list[str]) -> int:
    """Run one command line; the exit code (0 done, 1 refused, 2 bad usage)."""
    app = build(language_of(args))
    try:
        app(args=args, prog_name="moderator", standalone_mode=True)
    except SystemExit as done:
        code = done.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        sys.stderr.write(f"{code}\n")
        return 1
    return 0
