"""typer's own words in a help page ("Usage:", "Options", "Show this message and exit." …)
in the language the help is shown in; our texts are translated already, these are typer's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from moderator import i18n

#: The words typer writes itself, by their key under `help.typer` in the catalogues.
HEADINGS = ("options", "arguments", "commands")
IN_TEXT = ("help_option", "env_var", "default", "required")
IN_USAGE = ("options_metavar", "command_metavar")
IN_TERMS = ("text_metavar", "number_metavar")


@contextmanager
def in_language(lang: str) -> Iterator[None]:
    """While a command line runs, its help pages are written in `lang`."""
    if lang == i18n.DEFAULT:
        yield
        return
    from typer._click import core, formatting

    def words(keys: tuple[str, ...]) -> list[tuple[str, str]]:
        return [(i18n.t(i18n.DEFAULT, f"help.typer.{k}"), i18n.t(lang, f"help.typer.{k}"))
                for k in keys]

    def swap(text: str, pairs: list[tuple[str, str]]) -> str:
        for english, translated in pairs:
            text = text.replace(english, translated)
        return text

    headings = dict(words(HEADINGS))
    in_text, in_usage, in_terms = words(IN_TEXT), words(IN_USAGE), words(IN_TERMS)

    class Formatter(formatting.HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            if prefix is None:
                prefix = i18n.t(lang, "help.typer.usage") + " "
            super().write_usage(prog, swap(args, in_usage), prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(headings.get(heading, heading))

        def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
            rows = [(swap(term, in_terms), swap(text, in_text)) for term, text in rows]
            super().write_dl(rows, col_max, col_spacing)

    saved = core.Context.formatter_class
    core.Context.formatter_class = Formatter
    try:
        yield
    finally:
        core.Context.formatter_class = saved
