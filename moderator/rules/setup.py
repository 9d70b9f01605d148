"""What goes into a game before the first proposal: modules, variants, characters, the deck.

A configuration is checked here once, the same way for `new`, for the reveal script of any
configuration, and for replaying a saved game.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from moderator.rules import tables
from moderator.rules.errors import RuleError

#: Module, variant and optional-character ids of the command-line contract (design.md §4).
MODULES = (
    "plot", "rogue", "sergeant", "commander", "defector", "trapper", "inquisitor", "hunter",
    "reverser",
)
VARIANTS = ("targeting", "blind-spies")
ROLES = (
    "body-guard", "false-commander", "deep-cover", "blind-spy", "resistance-rogue", "spy-rogue",
    "resistance-reverser", "spy-reverser", "dummy-agent", "coordinator", "deep-agent", "pretender",
)

#: Every character id, with its side. Ordinary cards are `resistance` and `spy`.
RESISTANCE_CHARACTERS = frozenset({
    "resistance", "commander", "body-guard", "resistance-rogue", "resistance-reverser",
    "resistance-defector", "resistance-chief", "resistance-hunter", "dummy-agent", "coordinator",
    "pretender",
})
SPY_CHARACTERS = frozenset({
    "spy", "assassin", "false-commander", "deep-cover", "blind-spy", "spy-rogue", "spy-reverser",
    "spy-defector", "spy-chief", "spy-hunter", "deep-agent",
})

#: Which module an optional character belongs to (rules.md §5.1, §6.1, §6.2, §7).
ROLE_MODULE = {
    "body-guard": "commander", "false-commander": "commander", "deep-cover": "commander",
    "blind-spy": "commander", "resistance-rogue": "rogue", "spy-rogue": "rogue",
    "resistance-reverser": "reverser", "spy-reverser": "reverser", "dummy-agent": "hunter",
    "coordinator": "hunter", "deep-agent": "hunter", "pretender": "hunter",
}

#: Modules whose two characters are both in the game unless one is named (design.md §4).
PAIRED = {"rogue": ("resistance-rogue", "spy-rogue"),
          "reverser": ("resistance-reverser", "spy-reverser")}

#: Combinations the rules forbid (rules.md §8, §10.2): (modules, smallest player count, section).
FORBIDDEN = (
    (frozenset({"sergeant", "rogue"}), 5, "§8"),
    (frozenset({"sergeant", "hunter"}), 7, "§8"),
    (frozenset({"sergeant", "reverser"}), 5, "§8"),
)

#: Combinations no rule covers (rules.md §10.3).
UNCOVERED = tuple(
    (frozenset(pair), "§10.3") for pair in (
        ("commander", "hunter"), ("trapper", "rogue"), ("trapper", "reverser"),
        ("trapper", "hunter"), ("trapper", "plot"), ("blind-spies", "commander"),
        ("blind-spies", "hunter"), ("blind-spies", "defector"), ("targeting", "hunter"),
        ("targeting", "plot"), ("inquisitor", "hunter"),
    )
)


class Setup(NamedTuple):
    """A checked configuration: who is in the game, and which cards to shuffle."""

    players: int
    modules: frozenset[str]
    variants: frozenset[str]
    characters: tuple[tuple[str, int], ...]  # character id -> how many, ordinary cards first

    @property
    def deck(self) -> dict[str, int]:
        return dict(self.characters)

    def has(self, character: str) -> bool:
        return self.deck.get(character, 0) > 0


def configure(
    players: int,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
    roles: Iterable[str] = (),
    allow_incompatible: bool = False,
) -> Setup:
    """Check a configuration against the rules and work out its character deck."""
    return _configured(players, frozenset(modules), frozenset(variants), tuple(roles),
                       allow_incompatible)


@lru_cache(maxsize=256)
def _configured(players: int, modules: frozenset[str], variants: frozenset[str],
                roles: tuple[str, ...], allow_incompatible: bool) -> Setup:
    """`configure` once per configuration: random games set the same one up thousands of
    times (a refusal is raised again each time, never kept)."""
    if players not in tables.SIDES:
        raise RuleError(
            "errors.player_count", players=players,
            low=tables.MIN_PLAYERS, high=tables.MAX_PLAYERS,
        )
    _known(modules, MODULES, "errors.module_unknown", "module")
    _known(variants, VARIANTS, "errors.variant_unknown", "variant")
    _known(frozenset(roles), ROLES, "errors.role_unknown", "role")
    if len(set(roles)) != len(roles):
        twice = next(r for r in roles if roles.count(r) > 1)
        raise RuleError("errors.role_twice", role=twice)
    for role in roles:
        if ROLE_MODULE[role] not in modules:
            raise RuleError(
                "errors.role_needs_module", role=role, module=ROLE_MODULE[role],
                module_id=ROLE_MODULE[role],
            )
    if not allow_incompatible:
        _compatible(players, modules | variants)
    return Setup(players, modules, variants, _deck(players, modules, frozenset(roles)))


def check(
    players: int,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
    allow_incompatible: bool = False,
    roles: Iterable[str] = (),
) -> Setup:
    """`configure`, in the argument order of `Game.new` and the commands: the check every
    new game passes (the engine rules on every module of the contract)."""
    return configure(players, modules, variants, roles, allow_incompatible)


def character_cards(
    players: int, modules: Iterable[str] = (), roles: Iterable[str] = ()
) -> dict[str, int]:
    """The Character cards to shuffle and deal: character id -> how many."""
    return configure(players, modules, roles=roles, allow_incompatible=True).deck


def _known(given: frozenset[str], known: tuple[str, ...], code: str, name: str) -> None:
    for item in sorted(given):
        if item not in known:
            raise RuleError(code, **{name: item, "known": ", ".join(known)})


def _compatible(players: int, chosen: frozenset[str]) -> None:
    for combination, least, section in FORBIDDEN:
        if combination <= chosen and players >= least:
            first, second = sorted(combination)
            raise RuleError("errors.forbidden", first=first, second=second, section=section)
    for combination, section in UNCOVERED:
        if combination <= chosen:
            first, second = sorted(combination)
            raise RuleError("errors.uncovered", first=first, second=second, section=section)


def _deck(players: int, modules: frozenset[str],
          roles: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """Each special character replaces an ordinary card of its own side (rules.md §10.1)."""
    specials: dict[str, int] = {}
    if "commander" in modules:
        specials.update({"commander": 1, "assassin": 1})
    if "defector" in modules:
        specials.update({"resistance-defector": 1, "spy-defector": 1})
    if "hunter" in modules:
        specials.update({
            "resistance-chief": 2 if players >= 8 else 1, "resistance-hunter": 1,
            "spy-chief": 2 if players >= 10 else 1, "spy-hunter": 1,
        })
    for module, pair in PAIRED.items():
        if module in modules and not roles & set(pair):
            specials.update(dict.fromkeys(pair, 1))
    specials.update(dict.fromkeys(sorted(roles), 1))
    resistance, spies = tables.SIDES[players]
    for side, seats, characters in (
        ("resistance", resistance, RESISTANCE_CHARACTERS), ("spies", spies, SPY_CHARACTERS)
    ):
        wanted = {c: n for c, n in specials.items() if c in characters}
        if sum(wanted.values()) > seats:
            raise RuleError(
                f"errors.too_many_specials_{side}", count=sum(wanted.values()), seats=seats,
                characters=", ".join(wanted), players=players,
            )
    ordinary = (
        ("resistance", resistance - sum(n for c, n in specials.items()
                                        if c in RESISTANCE_CHARACTERS)),
        ("spy", spies - sum(n for c, n in specials.items() if c in SPY_CHARACTERS)),
    )
    return tuple((c, n) for c, n in ordinary if n) + tuple(specials.items())
