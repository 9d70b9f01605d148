"""The Hunter in `status --json` (rules.md §6.1): the Investigator token, Chief Fail cards,
accusations, investigations and the Blame."""

from __future__ import annotations

from moderator.codec import maybe_number, number
from moderator.public import Keys
from moderator.rules import Game, Mission, Proposal
from moderator.rules.modules import hunter


class HunterKeys(Keys, module="hunter"):
    def proposal(self, proposal: Proposal) -> dict[str, object]:
        return {"investigator": maybe_number(proposal.investigator)}

    def mission(self, mission: Mission) -> dict[str, object]:
        return {"chief_fail": mission.chief_fail,
                "investigator": maybe_number(mission.investigator), "turned": mission.turned}

    def table(self, game: Game) -> dict[str, object]:
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
