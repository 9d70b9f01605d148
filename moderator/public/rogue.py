"""The Rogue in `status --json` (rules.md §7): Rogue Success cards and the Watch token."""

from __future__ import annotations

from moderator.codec import maybe_number
from moderator.public import Keys
from moderator.rules import Game, Mission


class RogueKeys(Keys, module="rogue"):
    def mission(self, mission: Mission) -> dict[str, object]:
        return {"rogue_success": mission.rogue_success, "watch": maybe_number(mission.watch)}

    def table(self, game: Game) -> dict[str, object]:
        return {"watch": maybe_number(game.watch)}
