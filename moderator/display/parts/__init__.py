"""Each module's part of the table display, from its own file of this package
(`parts/sergeant.py`), registered below by the place on the page it fills. The page
(`display/page.py`) draws the base game and asks these registries for the modules in play, in
the order of `MODULES`; like the page, a part draws only from the public status.

The places, top to bottom: a line at the end of the game under the banner (`OVER`); a mark in
a voter's cell of the vote grid (`MARKS`) and an outcome cell in its last row (`OUTCOMES`),
each with its line of the legend; a section of its own in the right-hand column (`SECTIONS`);
the tokens in front of players (`TOKENS`), then the cards shown face up (`SHOWN`), as lines of
the table's section.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar

from moderator.rules.modules import MODULES

T = TypeVar("T")
#: (status, names, lang) -> HTML, "" when it has nothing to show.
Drawn = Callable[[dict, list[str], str], str]
#: (status, names, lang) -> a line of text, None when it has nothing to show.
Line = Callable[[dict, list[str], str], str | None]


class Mark(NamedTuple):
    """A module's mark in a voter's cell: `marks(proposal, seat, lang)` gives its text or
    None; `legend(proposals, lang)` its line of the legend, or None where it has no mark."""

    marks: Callable[[dict, int, str], str | None]
    legend: Callable[[list[dict], str], str | None]


class Outcome(NamedTuple):
    """A module's outcome cell: `cell(proposal, names, lang, column)` gives the cell's HTML, or
    None where the usual outcome stands; `legend` as for a `Mark`."""

    cell: Callable[[dict, list[str], str, int], str | None]
    legend: Callable[[list[dict], str], str | None]


OVER: dict[str, Drawn] = {}
MARKS: dict[str, Mark] = {}
OUTCOMES: dict[str, Outcome] = {}
SECTIONS: dict[str, Drawn] = {}
TOKENS: dict[str, Line] = {}
SHOWN: dict[str, Line] = {}


def in_play(registry: dict[str, T], status: dict) -> Iterator[T]:
    """The parts of `registry` of the modules in play, in the order of `MODULES`."""
    for module in MODULES:
        if module.id in status["modules"] and module.id in registry:
            yield registry[module.id]
