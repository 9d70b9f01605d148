"""Themes at the edge of the command line (rules.md §14): a theme's own names for the engine's
modules, characters and rules topics, the modules it plays by default, and its characters that
have no counterpart here. The rules never see a theme: everything is turned into the engine's
ids before a setup is checked.

Each theme says these in its data file, the same in every language,
``themes/<theme>.yaml`` (its keys are described in ``resistance.yaml``), parsed once and kept
(`moderator.kept`) like the catalogues. A theme's names are taken in a game of any theme, so
the names of every theme count together.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from moderator.i18n import DEFAULT_THEME, THEMES, code

#: What a theme's data file holds: names by name, lists, and names by name for each
#: setting (the values of a house-rule setting).
NAMES = ("modules", "roles", "topics", "aliases", "points")
LISTS = ("default_modules", "uncovered")
NESTED = ("values",)


class Uncovered(Exception):
    """A theme's character the engine does not cover."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def data(theme: str) -> dict[str, Any]:
    """A theme's data: each of `NAMES` a dict, each of `LISTS` a list, each of `NESTED` a
    dict of dicts."""
    return _themes()[theme]


@cache
def _themes() -> dict[str, dict[str, Any]]:
    """Every theme's data file, parsed once and kept: one kept form for all, as a command that
    reads one theme's names reads every theme's."""
    from moderator import kept, resources

    files = [resources.data("moderator.i18n", f"themes/{theme}.yaml") for theme in THEMES]

    def make() -> dict[str, dict[str, Any]]:
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        made: dict[str, dict[str, Any]] = {}
        for theme, source in zip(THEMES, files, strict=True):
            tree = yaml.load(source.decode("utf-8"), Loader=loader) or {}
            names = {part: {str(k): str(v) for k, v in (tree.get(part) or {}).items()}
                     for part in NAMES}
            lists = {part: [str(v) for v in tree.get(part) or ()] for part in LISTS}
            nested = {part: {str(k): {str(a): str(b) for a, b in (v or {}).items()}
                             for k, v in (tree.get(part) or {}).items()} for part in NESTED}
            made[theme] = {**names, **lists, **nested}
        return made

    return kept.form("theming", [*files, code()], make)


@cache
def _every(part: str) -> dict[str, str]:
    """One of `NAMES` of every theme together."""
    return {name: engine for theme in THEMES for name, engine in data(theme)[part].items()}


def topic_name(topic: str, theme: str) -> str:
    """A rules topic's id as a game of this theme shows it (a house-rule setting is a topic
    of its own, named as the setting)."""
    names: dict[str, str] = data(known(theme))["topics"]
    return names.get(topic) or point_name(topic, theme)


def topic_id(word: str) -> str:
    """The rules topic a theme's topic id (`merlin`, `quest-cards`,
    `lady-of-the-lake-targeting-timing`) or a short word a host types (`lady`, `quest`)
    names, in a game of any theme; any other word as it is."""
    ids = {theirs: topic for theme in THEMES for part in ("topics", "points")
           for topic, theirs in data(theme)[part].items()}
    return {**ids, **_every("aliases")}.get(word, word)


def point_name(point: str, theme: str) -> str:
    """A house-rule setting's or reading's id as a game of this theme shows it (rules.md
    §13): Avalon's Lady of the Lake under Targeting is `lady-of-the-lake-targeting-timing`."""
    names: dict[str, str] = data(known(theme))["points"]
    return names.get(point, point)


def value_name(setting: str, value: str, theme: str) -> str:
    """A setting's value as a game of this theme shows it (`completed-quests`)."""
    return data(known(theme))["values"].get(setting, {}).get(value, value)


def setting_ids(setting: str, value: str) -> tuple[str, str]:
    """`--house-rule ID=VALUE` in the engine's words, from any theme's (a game keeps the
    engine's, so its file is the same in every theme); anything else as it is, for the
    rules to refuse."""
    ids = {theirs: point for theme in THEMES for point, theirs in data(theme)["points"].items()}
    setting = ids.get(setting, setting)
    values = {theirs: value for theme in THEMES
              for value, theirs in data(theme)["values"].get(setting, {}).items()}
    return setting, values.get(value, value)


def default_modules(theme: str) -> tuple[str, ...]:
    """What a theme plays unless told otherwise (Avalon: Merlin and the Assassin, rules.md
    §14.3.1)."""
    return tuple(data(theme)["default_modules"])


def known(theme: str | None) -> str:
    """The theme a game or a command names: the default for none (games saved before themes)."""
    return theme if theme in THEMES else DEFAULT_THEME


def engine_ids(theme: str, modules: Iterable[str], roles: Iterable[str]
               ) -> tuple[list[str], list[str]]:
    """`--modules` and `--roles` in the engine's ids: every theme's names are taken in any
    theme (a module named among the roles, such as `lancelot`, is a module), the theme's
    default modules are added, and a character with no counterpart is refused."""
    module_names, role_names = _every("modules"), _every("roles")
    uncovered = {name for each in THEMES for name in data(each)["uncovered"]}
    chosen_modules: list[str] = []
    chosen_roles: list[str] = []
    for name in [*modules, *roles]:
        if name.lower() in uncovered:
            raise Uncovered(name)
    for name in modules:
        chosen_modules.append(module_names.get(name.lower(), name))
    for name in roles:
        folded = name.lower()
        if folded in module_names:
            chosen_modules.append(module_names[folded])
        else:
            chosen_roles.append(role_names.get(folded, name))
    chosen_modules += default_modules(theme)
    return list(dict.fromkeys(chosen_modules)), chosen_roles
