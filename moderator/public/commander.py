"""The Commander in `status --json` (rules.md §5.1): whom the Assassin named, and where the
Commander sat."""

from __future__ import annotations

from moderator.codec import maybe_number
from moderator.public import Keys
from moderator.rules import Game


class CommanderKeys(Keys, module="commander"):
    over_keys = ("assassination",)

    def over(self, game: Game) -> dict[str, object]:
        shot = game.assassination
        if shot is None:
            return {"assassination": None}
        return {"assassination": {"target": maybe_number(shot.target),
                                  "commander": maybe_number(shot.commander)}}
