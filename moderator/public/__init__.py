"""The table as everyone sees it, as data: the keys of `status --json` (design.md §4).

Seats are numbered from 1 and nulls stand where nothing is due. It holds only what the whole
table sees (the engine knows no hidden role), so the command line, the exports and the table
display can all hand it out as it is. Each module adds its keys in its part, `Keys`, in its
own file of this package (`public/hunter.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, NamedTuple

from moderator.codec import maybe_number, number
from moderator.rules import Game, Mission, Proposal
from moderator.rules.part import Part
from moderator.session import Session


class VoteMark(NamedTuple):
    """A module's mark in the vote history, the same on every screen that has one: `key`
    names its symbol and legend in each screen's words (`status.mark_<key>`,
    `display.mark_<key>`), `field` the proposal's field (its key in `status --json`, its
    field in the engine's record) that holds the seat it marks, in a team member's place;
    or, for a mark of the outcome, the field that, when set, marks the proposal's outcome in
    place of ✔ or ✘."""

    key: str
    field: str


class Keys(Part):
    """A module's keys of `status --json`: of each proposal, of each mission, of the table,
    and at the end of the game; and its marks in the vote history."""

    package = "moderator.public"
    #: The end-game keys every status has (design.md §4), null where nothing is due, and so
    #: in a game without the module: their values are `over`'s.
    over_keys: ClassVar[tuple[str, ...]] = ()
    #: Its marks on a team member's seat, and on a proposal's outcome.
    marks: ClassVar[tuple[VoteMark, ...]] = ()
    outcomes: ClassVar[tuple[VoteMark, ...]] = ()

    def proposal(self, proposal: Proposal) -> dict[str, object]:
        """Its keys of a proposal put to the vote."""
        return {}

    def mission(self, mission: Mission) -> dict[str, object]:
        """Its keys of a mission played."""
        return {}

    def table(self, game: Game) -> dict[str, object]:
        """Its keys of the table as it stands."""
        return {}

    def over(self, game: Game) -> dict[str, object]:
        """The values of `over_keys` in a game with the module."""
        return {}


def in_play(game: Game) -> list[Keys]:
    """The keys of the modules in play, in the order of their ids: the order `status --json`
    has listed them in since the first module."""
    return sorted(Keys.in_play(game.modules), key=lambda keys: keys.module)


def seats(chosen: Iterable[int]) -> list[int]:
    """Players as the table numbers them, in seat order."""
    return sorted(number(s) for s in chosen)


def status(session: Session) -> dict[str, Any]:
    """The table as JSON (design.md §4): seats from 1, nulls where nothing is due."""
    game = session.game
    seat = maybe_number
    voted = [p for p in game.proposals if p.approved is not None]
    parts = in_play(game)

    def proposal(p: Proposal) -> dict[str, object]:
        approvals = p.approvals or frozenset()  # voted
        shown: dict[str, object] = {
            "mission": p.mission, "attempt": p.attempt, "leader": seat(p.leader),
            "team": seats(p.team), "approve": seats(approvals),
            "reject": seats(set(range(game.players)) - approvals), "approved": p.approved,
        }
        for keys in parts:
            shown.update(keys.proposal(p))
        return shown

    def mission(m: Mission) -> dict[str, object]:
        shown: dict[str, object] = {"mission": m.mission, "team": seats(m.team),
                                    "fails": m.fails,
                                    "result": "success" if m.succeeded else "fail"}
        for keys in parts:
            shown.update(keys.mission(m))
        return shown

    shown: dict[str, object] = {
        "game": session.game_id,
        "lang": session.lang,
        "theme": session.theme,
        "players": session.names,
        "modules": sorted(game.modules),
        "variants": sorted(game.variants),
        "roles": sorted(game.roles),
        "phase": game.phase,
        "leader": seat(game.leader),
        "mission": game.mission,
        "attempt": game.attempt,
        "team_size": game.team_size,
        "fails_needed": game.fails_needed,
        "score": {"resistance": game.successes, "spies": game.failures},
        "proposals": [proposal(p) for p in voted],
        "missions": [mission(m) for m in game.missions],
        "winner": game.winner,
        "reason": game.reason,
        "winners": [{"winner": who, "victory": victory} for who, victory in game.winners],
        "characters": setup_deck(game),
        "house_rules": game.settings,
        "round": game.round,
        "vote_track": game.rejections,
        "team": seats(game.team) if game.team else None,
        "next_leaders": [number(s) for s in game.next_leaders],
        "open_missions": list(game.open_missions) if game.targeting else None,
        "spies": game.spies,
    }
    for keys in sorted(Keys.every(), key=lambda keys: keys.module):
        shown.update(keys.over(game) if keys.module in game.modules
                     else dict.fromkeys(keys.over_keys))
    for keys in parts:
        shown.update(keys.table(game))
    return shown


def setup_deck(game: Game) -> dict[str, int]:
    from moderator.rules import character_cards

    return character_cards(game.players, game.modules, game.roles)
