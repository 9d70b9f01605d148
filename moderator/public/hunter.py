"""The Hunter in `status --json` (rules.md §6.1): the Investigator token, Chief Fail cards,
accusations, investigations and the Blame."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number, number
from moderator.public import MISSION, PROPOSAL, TABLE
from moderator.rules.modules import hunter, part


@part(PROPOSAL, "hunter")
def _proposal(p: Any) -> dict[str, Any]:
    return {"investigator": maybe_number(p.investigator)}


@part(MISSION, "hunter")
def _mission(m: Any) -> dict[str, Any]:
    return {"chief_fail": m.chief_fail, "investigator": maybe_number(m.investigator),
            "turned": m.turned}


@part(TABLE, "hunter")
def _table(game: Any) -> dict[str, Any]:
    """Who accuses or investigates now, and the record so far."""
    hunt, pending = hunter.state(game), game.pending
    return {"hunter": {
        "accuser": hunt.accuser,
        "early": hunt.early,
        "investigator": maybe_number(game.investigator),
        "token": maybe_number(pending.investigator) if pending else None,
        "accusations": [
            {"accuser": a.accuser, "accused": number(a.accused), "shown": a.shown,
             "mission": a.mission, "early": a.early}
            for a in hunt.accusations
        ],
        "investigations": [
            {"mission": mission, "by": number(by), "player": number(target)}
            for mission, by, target in hunt.investigations
        ],
        "blame": None if hunt.blame is None else {
            "deep_agent": number(hunt.blame[0]), "blamed": number(hunt.blame[1]),
            "pretender": hunt.blame[2]},
    }}
