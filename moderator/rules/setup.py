"""What goes into a game before the first proposal: modules, variants and the character deck."""

from __future__ import annotations

from collections.abc import Iterable

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

#: The modules this engine can rule on. The others are refused rather than half-played:
#: a tool that silently ignores a module's cards would give wrong rulings at the table.
PLAYABLE_MODULES = frozenset({"commander"})

#: Combinations no rule covers (rules.md §10.3): refused unless the host allows them.
UNCOVERED = (
    (frozenset({"blind-spies", "commander"}), "§10.3"),
)


def check(
    players: int,
    modules: Iterable[str] = (),
    variants: Iterable[str] = (),
    allow_incompatible: bool = False,
) -> tuple[frozenset[str], frozenset[str]]:
    """Refuse a setup the rules (or this engine) cannot play; return modules and variants."""
    if players not in tables.SIDES:
        raise RuleError(
            "errors.player_count", players=players,
            low=tables.MIN_PLAYERS, high=tables.MAX_PLAYERS,
        )
    modules, variants = frozenset(modules), frozenset(variants)
    for module in sorted(modules):
        if module not in MODULES:
            raise RuleError("errors.module_unknown", module=module, known=", ".join(MODULES))
        if module not in PLAYABLE_MODULES:
            raise RuleError("errors.module_not_playable", module=module)
    for variant in sorted(variants):
        if variant not in VARIANTS:
            raise RuleError("errors.variant_unknown", variant=variant, known=", ".join(VARIANTS))
    if not allow_incompatible:
        for combination, section in UNCOVERED:
            if combination <= modules | variants:
                first, second = sorted(combination)
                raise RuleError("errors.uncovered", first=first, second=second, section=section)
    return modules, variants


def character_cards(players: int, modules: Iterable[str] = ()) -> dict[str, int]:
    """The Character cards to shuffle and deal: card id -> how many.

    Each special character replaces an ordinary card of its own side (rules.md §10.1).
    """
    resistance, spies = tables.SIDES[players]
    specials: dict[str, int] = {}
    if "commander" in modules:
        specials = {"commander": 1, "assassin": 1}
    cards = {
        "resistance": resistance - sum(n for c, n in specials.items() if c in _RESISTANCE),
        "spy": spies - sum(n for c, n in specials.items() if c not in _RESISTANCE),
    }
    cards.update(specials)
    return cards


_RESISTANCE = frozenset({"commander", "body-guard"})
