"""The typer application, built in the language the help should be shown in."""

from __future__ import annotations

import re
import sys

import typer

from moderator import i18n
from moderator.cli.exits import (
    INTERRUPTED, REFUSED, OutputFailed, debugged, language_of, stop_told, stopped,
)

#: The base game's commands and the module of `moderator.cli` that defines each, in the order
#: `--help` lists them; the modules' commands come after `mission` (`commands()`). A command
#: line builds only the command it runs: turning all of them into click commands would take
#: longer than running most of them.
BASE = {
    "new": "game", "status": "game", "propose": "game", "vote": "game", "mission": "game",
    "undo": "history", "redo": "history", "log": "history", "games": "history",
    "play": "play", "script": "script", "voice": "script", "rules": "rules",
    "review": "review", "export": "records", "import": "records", "roles": "records",
    "stats": "records", "night": "records", "simulate": "simulate", "display": "display",
}
#: The files of the base game's commands.
_FILES = frozenset(BASE.values())
#: The command of the round after which `--help` lists the modules' commands.
ROUND = "mission"


def commands() -> dict[str, str]:
    """Every command and the module of `moderator.cli` that defines it (a module's part: its
    file, named by the module's id), in the order `--help` lists them: the modules' commands
    after `mission`, those recording part of it first, each in the order of the modules."""
    from moderator.cli.part import Commands

    declared = sorted(Commands.every(), key=lambda part: part.part_of is None)  # stable
    listed: dict[str, str] = {}
    for command, defined_in in BASE.items():
        listed[command] = defined_in
        for its in declared:
            if (its.part_of or ROUND) == command:
                listed.update(dict.fromkeys(its.commands, its.module))
    return listed


def build(lang: str, command: str | None = None) -> typer.Typer:
    """The application in `lang`: every command, or only `command` (with the same name,
    options and help as in the whole application). A base command loads no module's file."""
    from importlib import import_module

    app = typer.Typer(
        name="moderator",
        help=i18n.t(lang, "help.app"),
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    known = BASE if command in BASE else commands()
    wanted = [known[command]] if command in known else dict.fromkeys(known.values())
    for name in wanted:
        if name in _FILES:  # a file of the base game's commands
            import_module(f"{__package__}.{name}").register(app, lang)
        else:  # a module's part, loaded by `commands()`
            from moderator.cli.part import Commands

            Commands.of(name).register(app, lang)
    if command in known:
        app.registered_commands = [c for c in app.registered_commands if c.name == command]
        app.registered_groups = [g for g in app.registered_groups if g.name == command]
    return app


def _names_command(args: list[str]) -> bool:
    """Whether a word of `args` is a command; the modules' files are loaded only when no
    base command is named."""
    if any(arg in BASE for arg in args):
        return True
    words = [arg for arg in args if not arg.startswith("-")]
    return bool(words) and not commands().keys().isdisjoint(words)


def lang_last(args: list[str]) -> list[str]:
    """`moderator --lang de status` means `moderator status --lang de`: every command takes
    --lang, the program itself and the groups (`plot`, `voice`) do not. A help page, or no
    command at all, needs --lang only for its language, which is read already."""
    if not _names_command(args) or {"-h", "--help"} & set(args):
        return [a for i, a in enumerate(args) if a != "--lang" and not a.startswith("--lang=")
                and not (i and args[i - 1] == "--lang")]
    if len(args) >= 3 and args[0] == "--lang":
        return [*args[2:], "--lang", args[1]]
    if len(args) >= 2 and args[0].startswith("--lang="):
        return [*args[1:], args[0]]
    return args


def run(args: list[str]) -> int:
    """Run one command line; the exit code (0 done, 1 refused, 2 bad usage, 130 stopped)."""
    lang = language_of(args)
    args = lang_last(args)
    app = build(lang, args[0] if args else None)
    code = _run(app, args, lang)
    from moderator.cli.common import USAGE

    if code in (REFUSED, USAGE):  # the `undo` typed right after it asks first
        from moderator.cli import refused

        refused.note(args)
    return code


def _run(app: typer.Typer, args: list[str], lang: str) -> int:
    try:
        from moderator.cli.helptexts import in_language

        # A group even when it holds one command, so that the command is named as always.
        group = typer.main.get_group(app)
        in_language(group, lang)
        code = group(args=args, prog_name="moderator", standalone_mode=False)
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        code = INTERRUPTED
    except OutputFailed:
        raise
    except Exception as error:  # the parser's refusals: unknown options, bad values
        from moderator.cli.common import USAGE

        lang = _game_language(args) or lang
        message = usage_message(error, lang, args)
        if message is None:
            sys.stderr.write(i18n.t(lang, "errors.internal", what=type(error).__name__) + "\n")
            debugged(error)
            return REFUSED
        if _kind(error) == "NoArgsIsHelpError":
            sys.stdout.write(message + "\n")
            return 0
        from moderator.narration.refusals import escaped

        sys.stderr.write(escaped(message) + "\n")  # it may echo what was typed
        return USAGE
    if code == INTERRUPTED and not stop_told():  # Ctrl-C before or after the command ran
        sys.stderr.write(stopped(lang) + "\n")
    return code if isinstance(code, int) else 0


def _game_language(args: list[str]) -> str | None:
    """Unless a language was asked for, a mistyped command in a German game answers in
    German: the language of the game it was meant for."""
    import os

    if os.environ.get("MODERATOR_LANG") or any(a == "--lang" or a.startswith("--lang=")
                                               for a in args):
        return None
    from moderator import store
    from moderator.cli.refused import named_game

    try:
        setup = store.peek_setup(store.resolve(named_game(args)))
    except store.StoreError:
        return None
    lang = setup.get("lang") if setup else None
    return lang if lang in i18n.LANGUAGES else None


def usage_message(error: Exception, lang: str, args: list[str]) -> str | None:
    """A parser error in the user's language, with where to find help; None if it is not one."""
    if not isinstance(error, typer.TyperException):
        return None
    kind = _kind(error)
    if kind is None:
        return None
    if kind == "NoArgsIsHelpError":
        return error.format_message()  # the help page
    known = commands()
    command = next((a for a in args if a in known), None)
    help_hint = i18n.t(
        lang, "errors.usage_help", command=f"moderator {command}" if command else "moderator"
    )
    if kind == "NoSuchOption":
        text = i18n.t(lang, "errors.usage_option", option=getattr(error, "option_name", ""))
    elif kind == "MissingParameter":
        text = i18n.t(lang, "errors.usage_missing", what=_hint(error, lang))
    elif isinstance(error, typer.BadParameter):
        given = re.search(r"'(.*)' is not a valid", error.message)
        text = i18n.t(lang, "errors.usage_number", what=_hint(error, lang),
                      value=given.group(1) if given else "")
    elif command is None and "No such command" in error.message:
        unknown = next((a for a in args if not a.startswith("-")), "")
        text = i18n.t(lang, "errors.usage_command", command=unknown)
    else:
        text = i18n.t(lang, "errors.usage", detail=error.format_message().rstrip("."))
    return f"{text} {help_hint}"


#: The kinds of click's usage errors told apart here, by their class's name.
_USAGE_ERRORS = ("NoArgsIsHelpError", "NoSuchOption", "MissingParameter")


def _kind(error: Exception) -> str | None:
    """Which of click's usage errors `error` is (its class's name, or "UsageError" for one
    told apart from the others only by its message); None if it is no usage error.

    On typer's public API: typer exports `TyperException` (the base of click's exceptions)
    and `BadParameter`, and none of click's other usage errors; a usage error is one that
    exits with 2 (click's `UsageError.exit_code`), and the kinds are told apart by their
    classes' names, as typer itself tells `NoArgsIsHelpError` apart (typer/rich_utils.py)."""
    if not isinstance(error, typer.TyperException) or error.exit_code != 2:
        return None
    return next((cls.__name__ for cls in type(error).__mro__ if cls.__name__ in _USAGE_ERRORS),
                "UsageError")


def _hint(error, lang: str) -> str:
    """The option or argument a parser error is about, as the host would recognise it."""
    param = error.param
    if param is not None and not getattr(param, "opts", [""])[0].startswith("-"):
        return i18n.t(lang, f"params.{param.name}") if i18n.has(lang, f"params.{param.name}") \
            else param.name.upper()
    if error.param_hint:
        hint = error.param_hint
        return " / ".join(hint) if isinstance(hint, (list, tuple)) else str(hint)
    return " / ".join(param.opts) if param is not None else ""
