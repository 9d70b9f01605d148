"""The Defector in `status --json` (rules.md §5.2): the Loyalty cards revealed."""

from __future__ import annotations

from moderator.public import Keys
from moderator.rules import Game
from moderator.rules.modules import defector


class DefectorKeys(Keys, module="defector"):
    def table(self, game: Game) -> dict[str, object]:
        return {"loyalty": {"revealed": list(game.loyalty),
                            "left": len(defector.left(game.loyalty)),
                            "switched": game.defectors_switched}}
