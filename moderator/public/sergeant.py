"""The Sergeant in `status --json` (rules.md §8): who was named, and whom they switched;
the Sergeant's mark in the vote history."""

from __future__ import annotations

from moderator.codec import maybe_number
from moderator.public import Keys, VoteMark
from moderator.rules import Game, Mission, Proposal


class SergeantKeys(Keys, module="sergeant"):
    marks = (VoteMark("sergeant", "sergeant"),)

    def proposal(self, proposal: Proposal) -> dict[str, object]:
        return {"sergeant": maybe_number(proposal.sergeant)}

    def mission(self, mission: Mission) -> dict[str, object]:
        return {"sergeant": maybe_number(mission.sergeant),
                "switched": maybe_number(mission.switched)}

    def table(self, game: Game) -> dict[str, object]:
        return {"sergeant": maybe_number(game.sergeant)}
