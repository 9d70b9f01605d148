"""What every command shares: language, the console, naming players, and refusing cleanly."""

from __future__ import annotations

import contextlib
import difflib
import functools
import inspect
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import typer

from moderator import i18n

if TYPE_CHECKING:
    from rich.console import Console

    from moderator.rules import RuleError
    from moderator.store import StoreError
from moderator.cli.exits import (
    INTERRUPTED, REFUSED, OutputFailed, debugged, output_failed, stopped,
)

USAGE = 2


class Refusal(Exception):
    """A translated refusal raised by the command line itself (not by the rules)."""

    def __init__(self, code: str, exit_code: int = REFUSED, **params: object) -> None:
        super().__init__(code)
        self.code, self.exit_code, self.params = code, exit_code, params


class Out:
    """Where a command writes: rich consoles for stdout and stderr, in one language."""

    def __init__(self, lang: str, explicit: bool = False, theme: str | None = None) -> None:
        self.lang = lang
        self.explicit = explicit  # --lang given: it wins over the game's language
        self.theme = theme  # --theme given: it wins over the game's theme
        self.names: list[str] = []  # the table's names, once a game is loaded
        self.warnings: list[str] = []  # said once the command has done its work; a refusal
        # is one line on its own
        self._console: Console | None = None
        self._errors: Console | None = None

    def adopt(self, lang: str, names: list[str], theme: str | None = None) -> None:
        """Speak the loaded game's language and theme (unless --lang or --theme said
        otherwise) and its names."""
        if not self.explicit:
            self.lang = lang
        if self.theme is None:
            i18n.use_theme(theme)
        self.names = names

    def t(self, key: str, /, **params: object) -> str:
        return i18n.t(self.lang, key, **params)

    @property
    def console(self):
        if self._console is None:
            from rich.console import Console

            # No emoji codes: a player called ":x:" is shown as typed (and rich's table of
            # codes is not loaded at every command).
            escaping(sys.stdout)
            self._console = wrapping(Console(highlight=False, emoji=False))
        return self._console

    def say(self, key: str, /, **params: object) -> None:
        """Print a catalogue text; never as rich markup, since it holds players' names."""
        self.console.print(shown(self.t(key, **params)), markup=False)

    def print(self, *renderables: Any) -> None:
        self.console.print(*renderables)

    def json(self, data: object) -> None:
        import json

        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")

    def warn_at_end(self, text: str) -> None:
        self.warnings.append(text)

    def tell_warnings(self) -> None:
        while self.warnings:
            self.error(self.warnings.pop(0))

    def error(self, text: str) -> None:
        if self._errors is None:
            from rich.console import Console

            escaping(sys.stderr)
            self._errors = wrapping(Console(stderr=True, highlight=False, emoji=False))
        self._errors.print(shown(text), markup=False)


def helps(lang: str, section: str = "help") -> Callable[[str], str]:
    """The help texts of a command's options in `lang`, by key, from the catalogue's
    `section` (`help`, `records.help`): every command file words its options this way."""
    return lambda key: i18n.t(lang, f"{section}.{key}")


def wrapping(console: Any) -> Any:
    """On a terminal long lines wrap between words at its width (the terminal itself would
    cut them anywhere, "Anfü|hrer"); piped or redirected, every line stays whole, and on a
    dumb terminal too (its width is not known: rich would assume 80)."""
    console.soft_wrap = not console.is_terminal or console.is_dumb_terminal
    return console


def shown(text: str) -> str:
    """`text` as any terminal can take it: the bytes of a path that are not UTF-8 (which
    Python keeps as lone surrogates) escaped as `\\xff`, so a command that did its work
    never fails in saying so."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogatepass")
        with contextlib.suppress(UnicodeEncodeError):
            raw = text.encode("utf-8", "surrogateescape")
        return raw.decode("utf-8", "backslashreplace")


def escaping(stream: Any) -> None:
    """A stream that refuses what its encoding cannot hold (a UTF-8 locale's) escapes it
    instead, for text printed without `shown` (tables, JSON)."""
    if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")


#: A group's options, by the parameter each is: its type and its `typer.Option`.
Options = Mapping[str, tuple[Any, Any]]


class Group(NamedTuple):
    """Options several commands share, declared once and handed to a command as one value
    (sqlite-utils' shared option decorators). `options` is asked only when typer reads the
    command, so a command line that runs another command pays nothing for it; `make` turns
    the options' values (by parameter) into the command's one value."""

    options: Callable[[], Options]
    make: Callable[..., Any]


def handled(command: Callable | None = None, /, **groups: Group) -> Any:
    """Run a command so that no traceback ever reaches the host: refusals become one
    translated line and exit 1 (2 for bad usage). The command gets an `Out` first, and in
    place of each parameter named in `groups` that group's value (`@handled(config=…)`);
    typer sees the group's options where the parameter stands."""
    if command is None:
        return lambda command: Handled(command, groups)
    return Handled(command, groups)


class Handled:
    """A command as typer reads it, on typer's public API (a function whose parameters are
    typer's `Option`s and `Argument`s): the command's parameters but its `Out`, each group's
    options in place of the group's parameter. The one place a command's parameters are
    reshaped for typer."""

    def __init__(self, command: Callable, groups: Mapping[str, Group]) -> None:
        self.command, self.groups = command, groups
        self.__name__ = self.__qualname__ = command.__name__
        self.__module__, self.__doc__ = command.__module__, command.__doc__
        self.__annotations__: dict[str, Any] = {}  # typer's are the signature's, resolved

    @functools.cached_property
    def _options(self) -> dict[str, Options]:
        return {name: group.options() for name, group in self.groups.items()}

    @functools.cached_property
    def __signature__(self) -> inspect.Signature:
        signature = inspect.signature(self.command, eval_str=True)
        keyword = inspect.Parameter.KEYWORD_ONLY
        parameters = []
        for parameter in list(signature.parameters.values())[1:]:  # the first is the Out
            if parameter.name in self.groups:
                parameters += [inspect.Parameter(name, keyword, default=option, annotation=kind)
                               for name, (kind, option) in self._options[parameter.name].items()]
            else:
                parameters.append(parameter.replace(kind=keyword))
        return signature.replace(parameters=parameters)

    def __call__(self, **given: Any) -> None:
        # --theme, else the default until a game says otherwise; as before once done
        with i18n.speaking(given.get("theme") or i18n.DEFAULT_THEME):
            self._run(given)

    def _run(self, given: dict[str, Any]) -> None:
        explicit = given.get("lang")
        theme = given.get("theme")
        out = Out(i18n.choose(explicit), explicit=bool(explicit), theme=theme)
        try:
            if explicit and explicit not in i18n.LANGUAGES:
                raise Refusal("errors.lang_unknown", lang=explicit, known=", ".join(i18n.LANGUAGES))
            if theme is not None and theme not in i18n.THEMES:
                raise Refusal("errors.theme_unknown", theme=theme, known=", ".join(i18n.THEMES))
            for name, group in self.groups.items():
                given[name] = group.make(**{option: given.pop(option)
                                            for option in self._options[name]})
            self.command(out, **given)
            out.tell_warnings()
        except _refusals() as error:
            from moderator.store import StoreError

            code = getattr(error, "exit_code", REFUSED)
            if isinstance(error, StoreError) and not explicit and "game" in error.params:
                out.lang = _language_of_game(str(error.params["game"])) or out.lang
            from moderator.narration.refusals import said  # its words, as every ring says it

            out.error(said(error.code, error.params, out.names, out.lang))
            raise typer.Exit(code) from None
        except typer.Exit:
            out.tell_warnings()
            raise
        except KeyboardInterrupt:
            out.error(stopped(out.lang))
            raise typer.Exit(INTERRUPTED) from None
        except OutputFailed as failed:
            out.error(output_failed(out.lang, failed.why))
            raise typer.Exit(REFUSED) from None
        except Exception as error:  # the last line of defence
            out.error(out.t("errors.internal", what=type(error).__name__))
            debugged(error)
            raise typer.Exit(REFUSED) from None


def _refusals() -> tuple[type[Refusal] | type[RuleError] | type[StoreError], ...]:
    """What a command refuses with. Looked up only when something was raised: `--help` and
    `stats` over finished games need no rules engine (and a rules or store error can only
    come from modules already loaded)."""
    from moderator.rules import RuleError
    from moderator.store import StoreError

    return Refusal, RuleError, StoreError


def _language_of_game(game_id: str) -> str | None:
    """A damaged game is still reported in its own language if its first line is whole."""
    from moderator import store

    setup = store.peek_setup(game_id)
    lang = setup.get("lang") if setup else None
    return lang if lang in i18n.LANGUAGES else None


def split(values: Iterable[str] | str | None) -> list[str]:
    """`a,b c` and repeated options alike become a flat list of non-empty items."""
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold().strip()


def seat_of(token: str, names: list[str]) -> int:
    """A player named by seat number (1-based), name, or unambiguous prefix; 0-based seat."""
    token = token.strip()
    if token.isdigit():  # "3", but also "³" or "٣": only 0-9 count as a seat number
        if not (token.isascii() and len(token) <= len(str(len(names)))):
            raise Refusal("errors.seat_unknown", number=token, players=len(names))
        from moderator import codec

        seat = codec.seat(int(token))
        if not 0 <= seat < len(names):
            raise Refusal("errors.seat_unknown", number=token, players=len(names))
        return seat
    wanted = fold(token)
    folded = [fold(name) for name in names]
    if wanted in folded:
        return folded.index(wanted)
    matches = [seat for seat, name in enumerate(folded) if name.startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise Refusal(
            "errors.player_ambiguous", name=token, matches=", ".join(names[m] for m in matches)
        )
    close = difflib.get_close_matches(wanted, folded, n=1, cutoff=0.5)
    if close:
        raise Refusal("errors.player_unknown_hint", name=token, hint=names[folded.index(close[0])])
    raise Refusal("errors.player_unknown", name=token, names=", ".join(names))


def maybe_seat_of(token: str | None, names: list[str]) -> int | None:
    """`seat_of` for an option that may be left out."""
    return None if token is None else seat_of(token, names)


def seats_of(tokens: Iterable[str], names: list[str]) -> list[int]:
    """Several players; naming one twice is refused."""
    seats: list[int] = []
    for token in tokens:
        seat = seat_of(token, names)
        if seat in seats:
            raise Refusal("errors.player_twice_named", name=names[seat])
        seats.append(seat)
    return seats


def players(names: list[str], seats: Iterable[int]) -> str:
    return ", ".join(names[seat] for seat in seats)
