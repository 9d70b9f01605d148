"""typer's own words in a help page ("Usage:", "Options", "Show this message and exit." …)
in the language the help is shown in; our texts are translated already, these are typer's."""

from __future__ import annotations

from typing import Any

from moderator import i18n

#: The words typer writes itself, by their key under `help.typer` in the catalogues.
HEADINGS = ("options", "arguments", "commands")
IN_TEXT = ("help_option", "env_var", "default", "required")
IN_USAGE = ("options_metavar", "command_metavar")
IN_TERMS = ("text_metavar", "number_metavar")


def in_language(command: Any, lang: str) -> None:
    """Have `command` (a click command as `typer.main.get_group` makes it) and the commands
    under it write their help pages and usage lines in `lang`.

    On typer's public API: typer exports neither click's `HelpFormatter` nor its `Context`,
    but every click command names the class of its contexts (`context_class`), and a context
    the class of its formatter (`formatter_class`); each command here gets a context class
    of its own whose formatter says typer's words in `lang`."""
    if lang == i18n.DEFAULT:
        return

    def words(keys: tuple[str, ...]) -> list[tuple[str, str]]:
        return [(i18n.t(i18n.DEFAULT, f"help.typer.{k}"), i18n.t(lang, f"help.typer.{k}"))
                for k in keys]

    def swap(text: str, pairs: list[tuple[str, str]]) -> str:
        for english, translated in pairs:
            text = text.replace(english, translated)
        return text

    headings = dict(words(HEADINGS))
    in_text, in_usage, in_terms = words(IN_TEXT), words(IN_USAGE), words(IN_TERMS)
    context: Any = command.context_class

    class Formatter(context.formatter_class):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            if prefix is None:
                prefix = i18n.t(lang, "help.typer.usage") + " "
            super().write_usage(prog, swap(args, in_usage), prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(headings.get(heading, heading))

        def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
            rows = [(swap(term, in_terms), swap(text, in_text)) for term, text in rows]
            super().write_dl(rows, col_max, col_spacing)

    translated = type("Context", (context,), {"formatter_class": Formatter})

    def adopt(command: Any) -> None:
        command.context_class = translated
        for under in getattr(command, "commands", {}).values():  # a group's
            adopt(under)

    adopt(command)
