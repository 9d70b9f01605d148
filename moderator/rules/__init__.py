"""The rules of The Resistance, pure: no I/O, no text, no clock, no global random.

    >>> from moderator.rules import Game
    >>> g = Game.new(players=5, first_leader=0)
    >>> g = g.propose([0, 3]).vote(approvals={0, 1, 3})
    >>> g.phase, g.team
    ('mission', (0, 3))
    >>> g.inputs()[0].name, g.inputs()[0].choices
    ('fails', (0, 1, 2))

The names below are loaded the first time one is asked for: a ring that needs only the modules'
ids and order (`rules.setup`) or the shape of a module's part (`rules.part`), as `--help` does,
loads no engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from moderator.rules.errors import RuleError
    from moderator.rules.flow import (
        GAME_OVER, MISSION, PROPOSAL, RESISTANCE, SPIES, VOTE, Input,
    )
    from moderator.rules.modules import Game
    from moderator.rules.records import Mission, Proposal
    from moderator.rules.setup import (
        MODULES, ROLES, VARIANTS, Setup, character_cards, configure,
    )

__all__ = [
    "GAME_OVER", "MISSION", "MODULES", "PROPOSAL", "RESISTANCE", "ROLES", "SPIES", "VARIANTS",
    "VOTE", "Game", "Input", "Mission", "Proposal", "RuleError", "Setup", "character_cards",
    "configure",
]

#: The module of this package that holds each name.
_HELD_IN = {
    "RuleError": "errors", "Game": "modules", "Mission": "records", "Proposal": "records",
    **dict.fromkeys(("GAME_OVER", "MISSION", "PROPOSAL", "RESISTANCE", "SPIES", "VOTE",
                     "Input"), "flow"),
    **dict.fromkeys(("MODULES", "ROLES", "VARIANTS", "Setup", "character_cards",
                     "configure"), "setup"),
}


def __getattr__(name: str) -> Any:
    """A name of `__all__`, from its module, loaded now (a submodule's name is the import
    system's to find)."""
    if name not in _HELD_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HELD_IN[name]}"), name)
    globals()[name] = value
    return value
