"""Each module's part of the table display, `Display`, in its own file of this package
(`parts/plot.py`). The page (`display/page.py`) draws the base game and asks the parts of the
modules in play, in the order of `MODULES`; like the page, a part draws only from the public
status.

The places, top to bottom: a line at the end of the game under the banner (`over`); a mark in
a voter's cell of the vote grid and an outcome cell in its last row, each with its line of the
legend: these are the modules' public vote marks (`public.Keys.marks`, `outcomes`), drawn here
alike for every module (`marks_of`, `outcomes_of`); a section of its own in the right-hand
column (`section`); the tokens in front of players (`tokens`), then the cards shown face up
(`shown`), as lines of the table's section.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, NamedTuple

from moderator import codec
from moderator.i18n import t
from moderator.narration import FAIL
from moderator.public import Keys, VoteMark
from moderator.rules.part import Part
from moderator.rules.setup import MODULES

#: The public status (`status --json`, `public.status`): what a part draws from.
Status = dict[str, Any]


class Display(Part):
    """A module's part of the table display: each method draws from the public status, the
    players' names and the language."""

    package = "moderator.display.parts"

    def over(self, status: Status, names: list[str], lang: str) -> str:
        """A line (HTML) at the end of the game, under the banner; "" for none."""
        return ""

    def section(self, status: Status, names: list[str], lang: str) -> str:
        """Its section (HTML) in the right-hand column; "" for none."""
        return ""

    def tokens(self, status: Status, names: list[str], lang: str) -> str | None:
        """A line (text) on the tokens in front of players, or None."""
        return None

    def shown(self, status: Status, names: list[str], lang: str) -> str | None:
        """A line (text) on the cards shown face up, or None."""
        return None


class Mark(NamedTuple):
    """A module's mark in a voter's cell: `marks(proposal, seat, lang)` gives its text or
    None; `legend(proposals, lang)` its line of the legend, or None where it has no mark."""

    marks: Callable[[Status, int, str], str | None]
    legend: Callable[[list[Status], str], str | None]


class Outcome(NamedTuple):
    """A module's outcome cell: `cell(proposal, names, lang, column)` gives the cell's HTML, or
    None where the usual outcome stands; `legend` as for a `Mark`."""

    cell: Callable[[Status, list[str], str, int], str | None]
    legend: Callable[[list[Status], str], str | None]


def marks_of(status: Status) -> list[Mark]:
    """The public marks on team members' seats of the modules in play, in their order."""
    return [_mark(vote) for module in _ordered(status["modules"])
            for vote in Keys.of(module).marks]


def outcomes_of(status: Status) -> list[Outcome]:
    """The public marks in place of a proposal's outcome of the modules in play."""
    return [_outcome(vote) for module in _ordered(status["modules"])
            for vote in Keys.of(module).outcomes]


def _ordered(modules: list[str]) -> list[str]:
    return [module for module in MODULES if module in modules]


def _mark(vote: VoteMark) -> Mark:
    """A public mark on a team member's seat (`public.Keys.marks`), as the grid shows it:
    `display.mark_<key>`, explained by `display.legend_<key>` wherever proposals have it."""
    def marks(proposal: Status, seat: int, lang: str) -> str | None:
        return t(lang, f"display.mark_{vote.key}") if proposal.get(vote.field) == seat else None

    def legend(proposals: list[Status], lang: str) -> str | None:
        if not any(vote.field in p for p in proposals):
            return None
        return t(lang, f"display.legend_{vote.key}", mark=t(lang, f"display.mark_{vote.key}"))

    return Mark(marks, legend)


def _outcome(vote: VoteMark) -> Outcome:
    """A public mark in place of the outcome (`public.Keys.outcomes`): ✘ with
    `display.mark_<key>`, titled `display.<key>` with the player who set it."""
    def cell(proposal: Status, names: list[str], lang: str, column: int) -> str | None:
        by = proposal.get(vote.field)
        if not by:
            return None
        label = t(lang, f"display.{vote.key}", name=names[codec.seat(by)])
        mark = t(lang, f"display.mark_{vote.key}")
        return (f'<td class="no {vote.key}" title="{escape(label)}" data-col="{column}">{FAIL}'
                f'<span class="mark">{escape(mark)}</span></td>')

    def legend(proposals: list[Status], lang: str) -> str | None:
        if not any(p.get(vote.field) for p in proposals):
            return None
        return t(lang, f"display.legend_{vote.key}", mark=t(lang, f"display.mark_{vote.key}"))

    return Outcome(cell, legend)
