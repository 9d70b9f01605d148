"""Themes at the edge of the command line (rules.md §14): a theme's own names for the engine's
modules and characters, the modules it plays by default, and its characters that have no
counterpart here. The rules never see a theme: everything is turned into the engine's ids
before a setup is checked."""

from __future__ import annotations

from collections.abc import Iterable

from moderator.i18n import DEFAULT_THEME, THEMES

#: Avalon's names for the engine's modules (rules.md §14.2).
MODULE_NAMES = {
    "merlin": "commander", "assassin": "commander", "lady-of-the-lake": "inquisitor",
    "lady": "inquisitor", "lancelot": "defector", "excalibur": "sergeant",
}
#: Avalon's names for the engine's optional characters (rules.md §14.2).
ROLE_NAMES = {
    "percival": "body-guard", "morgana": "false-commander", "mordred": "deep-cover",
    "oberon": "blind-spy",
}
#: A theme's ids for the rules topics its names change (rules.md §14.2), shown in its games'
#: hints: "see moderator rules merlin".
TOPIC_NAMES = {"avalon": {
    "commander": "merlin", "body-guard": "percival", "false-commander": "morgana",
    "deep-cover": "mordred", "blind-spy": "oberon", "defector": "lancelot",
    "sergeant": "excalibur", "inquisitor": "lady-of-the-lake", "mission-cards": "quest-cards",
    "mission-result": "quest-result",
}}
#: Every theme's topic ids, taken in any game as the topic they name (as Avalon's module
#: names are), and the two short words a host types for a topic: `lady`, `quest`.
TOPIC_ALIASES = {
    **{name: topic for names in TOPIC_NAMES.values() for topic, name in names.items()},
    "lady": "inquisitor", "quest": "mission-result",
}
#: Avalon characters with no counterpart here, refused, never guessed (rules.md §14.3.3).
UNCOVERED = frozenset({
    "lunatic", "brute", "cleric", "revealer", "trickster", "troublemaker",
    "untrustworthy-servant", "messenger", "messengers", "sorcerer", "sorcerers", "guinevere",
    "tristan", "isolde", "tristan-and-isolde", "norebo", "melron", "moregano",
})
#: What a theme plays unless told otherwise: Merlin and the Assassin are in every Avalon
#: game (rules.md §14.3.1).
DEFAULT_MODULES: dict[str, tuple[str, ...]] = {"resistance": (), "avalon": ("commander",)}


class Uncovered(Exception):
    """An Avalon character the engine does not cover."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def topic_name(topic: str, theme: str) -> str:
    """A rules topic's id as a game of this theme shows it."""
    return TOPIC_NAMES.get(theme, {}).get(topic, topic)


def known(theme: str | None) -> str:
    """The theme a game or a command names: the default for none (games saved before themes)."""
    return theme if theme in THEMES else DEFAULT_THEME


def engine_ids(theme: str, modules: Iterable[str], roles: Iterable[str]
               ) -> tuple[list[str], list[str]]:
    """`--modules` and `--roles` in the engine's ids: Avalon's names are taken in any theme
    (a module named among the roles, such as `lancelot`, is a module), the theme's default
    modules are added, and a character with no counterpart is refused."""
    chosen_modules: list[str] = []
    chosen_roles: list[str] = []
    for name in [*modules, *roles]:
        if name.lower() in UNCOVERED:
            raise Uncovered(name)
    for name in modules:
        chosen_modules.append(MODULE_NAMES.get(name.lower(), name))
    for name in roles:
        folded = name.lower()
        if folded in MODULE_NAMES:
            chosen_modules.append(MODULE_NAMES[folded])
        else:
            chosen_roles.append(ROLE_NAMES.get(folded, name))
    for module in DEFAULT_MODULES[theme]:
        chosen_modules.append(module)
    return list(dict.fromkeys(chosen_modules)), chosen_roles
