"""Each module's part in the table's views (`ui/views.py`): its lines on the setup sheet and
under the vote track, its section of the table, its marks in the vote history and the command
that records its steps.

Each module adds them from its own file of this package (`ui/parts/hunter.py`), loaded with
it; the views go over them for the modules in play. Where several modules' lines stand one
under another, each gives its place among them (lower first), so that the sheet and the table
keep the order a host reads them in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from moderator.rules.modules import import_slices
from moderator.session import Session

#: A box to tick on the setup sheet's checklist, and a line under one.
BOX, INDENT = "☐ ", "  "
#: A module's entry in an ordered registry: (place, module id, its part).
Placed = tuple[int, str, Any]

#: The setup note of a module whose note depends on the game: the key under
#: `setup.module_note.`, by module id.
NOTES: dict[str, Callable[[Any], str]] = {}
#: The key under `setup.component.` of the Team tokens line, for a module that changes what
#: each team member holds, by module id.
TOKENS: dict[str, str] = {}
#: Each module's lines on the setup sheet's checklist, after the Team tokens line.
COMPONENTS: list[Placed] = []
#: Why a module lays out Loyalty cards in place of Character cards, where it does: (game)
#: -> whether it does now; the reason is `setup.component.loyalty_why.<module>`.
LOYALTY: list[Placed] = []
#: Each module's lines under the vote track, for everyone to see.
TRACK: list[Placed] = []
#: A module's section of the table, after the vote history: (session, lang, card_rules).
SECTIONS: dict[str, Callable[[Session, str, bool], Any]] = {}
#: A module's line in guided play's recap, after the leaders.
RECAP: dict[str, Callable[[Session, str], str]] = {}
#: The command that records a module's step, by phase: (game) -> the key under `command.`
#: and its parameters.
COMMANDS: dict[str, Callable[[Any], tuple[str, dict[str, str]]]] = {}
#: What a module adds to the key of the team's command (the Sergeant named with it).
TEAM_COMMAND: dict[str, Callable[[Any], str]] = {}


@dataclass(frozen=True)
class Mark:
    """A module's mark in the vote history, in place of the leader's or a team member's:
    its symbol and legend are `status.mark_<key>` and `status.legend_<key>`; `marked`
    gives, for a session, the seat it marks on a proposal (by its index), or None."""

    key: str
    leader: bool
    marked: Callable[[Session], Callable[[int, Any], int | None]]


#: The modules' marks, in the order of the legend.
MARKS: list[Placed] = []


@dataclass(frozen=True)
class Outcome:
    """A module's mark in place of a proposal's outcome (an approval cancelled after the
    vote): its symbol is `status.mark_<key>`; `shows` says whether it stands on a proposal,
    and `legend` says, in a language, what it means on the proposals it stands on (the
    players' names given, and the symbol)."""

    key: str
    shows: Callable[[Any], bool]
    legend: Callable[[str, list[str], list[Any], str], str]


#: The modules' outcome marks, in the order of the legend (after the marks).
OUTCOMES: list[Placed] = []


def placed(registry: list, module: str, place: int) -> Callable[[Any], Any]:
    """Register a module's part at its place in an ordered registry."""
    def register(part: Any) -> Any:
        registry.append((place, module, part))
        registry.sort(key=lambda entry: entry[0])
        return part
    return register


def in_play(registry: list, modules: frozenset[str]) -> list:
    """The parts of the modules in play, in their order."""
    return [part for _, module, part in registry if module in modules]


import_slices(__name__)  # each module's file here, if it has one
