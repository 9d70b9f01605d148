"""What the commands share, declared once: the `--game`, `--lang` and `--vote-history` options,
the options that describe a game's configuration (`new`, `script`, `voice prepare`,
`simulate`), the modules' options of `propose` and `mission` (each declared in its module's
part, `cli/part.py`), opening the game a command works on, recording an action, and refusing a
malformed command line in the game's language.

Every command module imports this; it imports none of them, so the commands depend on it and
never on each other.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, NamedTuple, NoReturn, Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Group, Options, Out, Refusal, helps, maybe_seat_of, split

if TYPE_CHECKING:
    from moderator.rules.actions import Action


def game_option(lang: str) -> Any:
    return typer.Option(None, "--game", envvar="MODERATOR_GAME", help=i18n.t(lang, "help.game"))


def lang_option(lang: str) -> Any:
    return typer.Option(None, "--lang", help=i18n.t(lang, "help.lang"))


def theme_option(lang: str) -> Any:
    return typer.Option(None, "--theme", help=i18n.t(lang, "help.theme"))


def say_on_option(lang: str) -> Any:
    return typer.Option(None, "--say-on", envvar="MODERATOR_SAY_ON",
                        help=i18n.t(lang, "help.say_on"), show_default=False)


def checked_say_on(value: str | None) -> str | None:
    """here, screens or both (None: the reader decides by whether a screen listens)."""
    if value is not None and value not in ("here", "screens", "both"):
        from moderator.cli.common import USAGE, Refusal

        raise Refusal("display.say_on_unknown", exit_code=USAGE, value=value)
    return value


def vote_history_option(lang: str) -> Any:
    return typer.Option(None, "--vote-history/--no-vote-history",
                        help=i18n.t(lang, "help.vote_history"))


# -- the modules' options of `propose` and `mission` ------------------------------------------


class ModuleFields(NamedTuple):
    """The modules' fields of an action as their options gave them (`--sergeant`, `--trap`)."""

    given: dict[str, Any]
    seats: frozenset[str]  # the fields that name a player

    def of(self, names: list) -> dict[str, Any]:
        """The fields as the action takes them, the players as seats (in the fields' order:
        the first unknown player is the one refused)."""
        return {field: maybe_seat_of(value, names) if field in self.seats else value
                for field, value in self.given.items()}


def module_fields(lang: str, kind: str) -> Group:
    """The modules' options of the action `kind` (`propose`, `mission`), in the action's order
    of its fields, each as its module's part declares it: a player where the field holds a
    seat (no default), else a count. The command gets them as one `ModuleFields`."""
    def options() -> Options:
        from moderator.rules.modules import ACTIONS, Game

        from moderator.cli.part import Commands

        declared = {field: option for part in Commands.every()
                    for field, option in part.options.items()}
        of_modules = {**Game.PROPOSAL_FIELDS, **Game.CARD_FIELDS}
        found: dict[str, tuple[Any, Any]] = {}
        for field, default in ACTIONS[kind].fields:
            if field in of_modules:
                option, key = declared[field]
                found[field] = (Optional[str] if default is None else type(default),
                                typer.Option(default, option, help=i18n.t(lang, f"help.{key}")))
        return found

    def make(**given: Any) -> ModuleFields:
        from moderator.rules.modules import ACTIONS

        seats = frozenset(field for field, default in ACTIONS[kind].fields
                          if field in given and default is None)
        return ModuleFields(given, seats)

    return Group(options, make)


# -- a game's configuration --------------------------------------------------------------------


@dataclass(frozen=True)
class Configuration:
    """A game's configuration as the command line gave it."""

    players: int | None
    modules: list[str]
    roles: list[str]
    variants: list[str]
    house_rules: dict[str, str]
    allow_incompatible: bool
    theme: str | None = None  # as given with --theme; modules and roles are the engine's ids
    counts: str | None = None  # `--players` as given to a command that takes a range
    #: the options given on the command line (`players`, `modules`, …): `new --again` keeps
    #: the last game's value of every other one
    given: frozenset[str] = frozenset()

    @property
    def beyond_players(self) -> bool:
        """Was anything given besides the number of players (and the theme)?"""
        from moderator.i18n.theming import default_modules

        defaults = default_modules(self.theme or i18n.DEFAULT_THEME)
        return bool(set(self.modules) - set(defaults) or self.roles or self.variants
                    or self.house_rules or self.allow_incompatible)


def configuration(lang: str, counts: bool = False) -> Group:
    """The options that describe a game's configuration, handed to the command as one
    `Configuration` (`@handled(config=configuration(lang))`): a theme's names for modules
    and characters become the engine's ids here. With `counts`, `--players` may name a
    range (`5-10`), which the command reads."""
    h = helps(lang)

    def options() -> Options:
        players = (Optional[str], typer.Option(None, "--players", "-p", help=h("player_counts"))
                   ) if counts else (
            Optional[int], typer.Option(None, "--players", "-p", help=h("players")))
        return {
            "players_count": players,
            "modules": (Optional[str], typer.Option(None, "--modules", help=h("modules"))),
            "roles": (Optional[str], typer.Option(None, "--roles", help=h("roles"))),
            "variants": (Optional[str], typer.Option(None, "--variants", help=h("variants"))),
            "house_rule": (Optional[List[str]],  # typer reads the annotation
                           typer.Option(None, "--house-rule", help=h("house_rule"))),
            "allow_incompatible": (bool, typer.Option(False, "--allow-incompatible",
                                                      help=h("allow_incompatible"))),
            "theme": (Optional[str], theme_option(lang)),
        }

    def make(**values: Any) -> Configuration:
        given = frozenset(name.removesuffix("_count") for name, value in values.items()
                          if value not in (None, False, []))
        theme = values["theme"]  # checked and spoken by `handled`
        modules, roles = engine_ids(theme, values["modules"], values["roles"])
        count = values["players_count"]
        return Configuration(
            players=None if counts else count, counts=count if counts else None,
            modules=modules, roles=roles, variants=split(values["variants"]),
            house_rules=house_rules(values["house_rule"]),
            allow_incompatible=values["allow_incompatible"], theme=theme, given=given)

    return Group(options, make)


def engine_ids(theme: str | None, modules: str | None, roles: str | None
               ) -> tuple[list[str], list[str]]:
    """`--modules` and `--roles` as the engine names them, the theme's defaults added
    (`theming.engine_ids`); an Avalon character with no counterpart is refused."""
    from moderator.i18n import theming

    try:
        return theming.engine_ids(theming.known(theme), split(modules), split(roles))
    except theming.Uncovered as uncovered:
        raise Refusal("errors.theme_uncovered",
                      name=uncovered.name.replace("-", " ").title()) from None


def house_rules(given: list[str] | None) -> dict[str, str]:
    """`--house-rule ID=VALUE`, repeatable, in the engine's ids (a theme's are taken in any
    game: `lady-of-the-lake-targeting-timing=quest-spaces`); the rules check them."""
    from moderator.i18n.theming import setting_ids

    chosen = {}
    for item in given or []:
        setting, sep, value = item.partition("=")
        if not sep or not setting.strip() or not value.strip():
            raise Refusal("errors.house_rule_format", given=item)
        setting, value = setting_ids(setting.strip(), value.strip())
        chosen[setting] = value
    return chosen


# -- the game a command works on ---------------------------------------------------------------


def open_game(out: Out, game_id: str | None) -> Any:
    """Load the game (the current one unless `game_id` names another) and speak its language
    from here on; a language moderator does not speak makes the setup line damaged, as a
    wrong type does."""
    from moderator import session

    current = session.open_game(game_id)
    if current.lang not in i18n.LANGUAGES or current.theme not in i18n.THEMES:
        from moderator.store import StoreError

        raise StoreError("errors.game_corrupt", game=current.game_id, line=1)
    out.adopt(current.lang, current.names, current.theme)
    render_torn(out, current)
    return current


def record(out: Out, current: Any, action: Action) -> None:
    """Record one action of the game the command opened, then say what it did and what comes
    now."""
    from moderator import session
    from moderator.cli import render

    render.after(out, session.act(current.game_id, action))


def render_torn(out: Out, current: Any) -> None:
    """What was wrong with the file: a torn last line, or a record saved before moderator
    checked that some deal of the cards allows it (rules.md §1.5)."""
    if current.impossible is not None:  # said once the command is done
        out.warn_at_end(out.t("warnings.impossible_record", game=current.game_id,
                              line=current.impossible))
    if current.history.set_aside is not None:
        out.error(out.t("warnings.torn", game=current.game_id, path=str(current.history.set_aside)))
    elif current.history.cut_off:  # said once the command is done: a refusal is one line
        out.warn_at_end(out.t("warnings.torn_kept", game=current.game_id,
                              path=str(current.history.path)))


def bad_usage(out: Out, game_id: str | None, code: str) -> NoReturn:
    """Refuse a malformed command line (exit 2), in the language of the game it was meant for
    when there is one."""
    from moderator.rules import RuleError
    from moderator.store import StoreError

    with contextlib.suppress(RuleError, StoreError):
        open_game(out, game_id)
    raise Refusal(code, exit_code=USAGE)
