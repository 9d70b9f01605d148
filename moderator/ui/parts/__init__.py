"""Each module's part in the table's views (`ui/views.py`): its lines on the setup sheet and
under the vote track, its section of the table, its marks in the vote history and the command
that records its steps.

Each module's part, `Views`, is in its own file of this package (`ui/parts/hunter.py`); the
views go over the parts of the modules in play. Where several modules' lines stand one under
another, each gives its place among them (lower first), so that the sheet and the table keep
the order a host reads them in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from moderator.i18n import t
from moderator.rules import Game, Proposal
from moderator.rules.part import Part
from moderator.rules.setup import MODULES
from moderator.session import Session

if TYPE_CHECKING:
    from rich.console import RenderableType

#: A box to tick on the setup sheet's checklist, and a line under one.
BOX, INDENT = "☐ ", "  "


class Mark(NamedTuple):
    """A mark in the vote history, in place of the leader's mark (`leader`) or a team
    member's: its symbol and legend are `status.mark_<key>` and `status.legend_<key>`;
    `seats` gives the seat it marks on each proposal it stands on, by the proposal's index in
    `game.proposals`."""

    key: str
    leader: bool
    seats: Mapping[int, int]


class Views(Part):
    """A module's part in the table's views."""

    package = "moderator.ui.parts"
    #: Its place among the modules' lines on the setup sheet and among their marks in the
    #: vote history (lower first).
    place: ClassVar[int] = 0
    #: Its place among the modules' lines under the vote track (lower first).
    track_place: ClassVar[int] = 0
    #: The key under `setup.component.` of the Team tokens line, where the module changes
    #: what each team member holds.
    tokens: ClassVar[str | None] = None

    def note(self, game: Game) -> str | None:
        """The key of its setup note under `setup.module_note.`, where the game changes it
        (None: the module's id)."""
        return None

    def components(self, session: Session, lang: str) -> list[str]:
        """Its lines on the setup sheet's checklist, after the Team tokens line."""
        return []

    def loyalty_cards(self, game: Game) -> bool:
        """Whether it lays out Loyalty cards in place of Character cards in this game (the
        reason is `setup.component.loyalty_why.<module>`)."""
        return False

    def track(self, session: Session, lang: str) -> list[str]:
        """Its lines under the vote track, for everyone to see."""
        return []

    def section(self, session: Session, lang: str, card_rules: bool) -> RenderableType | None:
        """Its section of the table, after the vote history (with `card_rules`, what each of
        its cards on the table does)."""
        return None

    def recap(self, session: Session, lang: str) -> str | None:
        """Its line in guided play's recap, after the leaders."""
        return None

    def command(self, game: Game) -> tuple[str, dict[str, str]] | None:
        """The command that records its step now (the game's phase): the key under
        `command.` and its parameters; None: `command.<phase>`."""
        return None

    def team_command(self, game: Game) -> str:
        """What it adds to the key of the team's command (the Sergeant named with it)."""
        return ""

    def marks(self, session: Session) -> tuple[Mark, ...]:
        """Its marks in the vote history that only the host's table shows, besides those of
        its public keys (`public.Keys.marks`)."""
        return ()

    def outcome_legend(self, key: str, lang: str, names: list[str], proposals: list[Proposal],
                       mark: str) -> str:
        """What its outcome mark `key` (`public.Keys.outcomes`) means on the proposals it
        stands on."""
        return t(lang, f"status.legend_{key}", mark=mark)


def placed(game: Game, track: bool = False) -> list[tuple[str, Views]]:
    """The modules in play with their parts, in the order of their places on the setup sheet
    (or, with `track`, under the vote track)."""
    found = [(module, Views.of(module)) for module in MODULES if module in game.modules]
    return sorted(found, key=lambda pair: pair[1].track_place if track else pair[1].place)
