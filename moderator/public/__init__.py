"""The table as everyone sees it, as data: the keys of `status --json` (design.md §4).

Seats are numbered from 1 and nulls stand where nothing is due. It holds only what the whole
table sees (the engine knows no hidden role), so the command line, the exports and the table
display can all hand it out as it is. Each module adds its keys from its own file of this
package (`public/hunter.py`), loaded with it, to the registries below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from moderator.codec import maybe_number, number
from moderator.rules.modules import import_slices
from moderator.session import Session

F = TypeVar("F", bound=Callable[..., Any])

#: Each module's keys of a proposal, of a mission and of the table, by module id.
PROPOSAL: dict[str, Callable[[Any], dict[str, Any]]] = {}
MISSION: dict[str, Callable[[Any], dict[str, Any]]] = {}
TABLE: dict[str, Callable[[Any], dict[str, Any]]] = {}
#: The end-game keys every status has, each a module's (design.md §4: null where nothing is
#: due, and so in a game without the module), by key: (module id, its value).
OVER: dict[str, tuple[str, Callable[[Any], Any]]] = {}


def over(key: str, module: str) -> Callable[[F], F]:
    def register(shown: F) -> F:
        OVER[key] = (module, shown)
        return shown
    return register


def seats(chosen: Iterable[int]) -> list[int]:
    """Players as the table numbers them, in seat order."""
    return sorted(number(s) for s in chosen)


def status(session: Session) -> dict:
    """The table as JSON (design.md §4): seats from 1, nulls where nothing is due."""
    game = session.game
    seat = maybe_number
    voted = [p for p in game.proposals if p.approved is not None]
    in_play = game.modules

    def proposal(p: Any) -> dict:
        shown = {
            "mission": p.mission, "attempt": p.attempt, "leader": seat(p.leader),
            "team": seats(p.team), "approve": seats(p.approvals),
            "reject": seats(set(range(game.players)) - p.approvals), "approved": p.approved,
        }
        for module, its in PROPOSAL.items():
            if module in in_play:
                shown.update(its(p))
        return shown

    def mission(m: Any) -> dict:
        shown = {"mission": m.mission, "team": seats(m.team), "fails": m.fails,
                 "result": "success" if m.succeeded else "fail"}
        for module, its in MISSION.items():
            if module in in_play:
                shown.update(its(m))
        return shown

    shown = {
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
    for key, (module, value) in OVER.items():
        shown[key] = value(game) if module in in_play else None
    for module, its in TABLE.items():
        if module in in_play:
            shown.update(its(game))
    return shown


def setup_deck(game: Any) -> dict[str, int]:
    from moderator.rules import character_cards

    return character_cards(game.players, game.modules, game.roles)


import_slices(__name__)  # each module's file here, if it has one
