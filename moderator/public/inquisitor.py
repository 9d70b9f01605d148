"""The Inquisitor in `status --json` (rules.md §2.3): who holds the token, who held it."""

from __future__ import annotations

from moderator.codec import maybe_number, numbers
from moderator.public import Keys
from moderator.rules import Game


class InquisitorKeys(Keys, module="inquisitor"):
    def table(self, game: Game) -> dict[str, object]:
        return {"inquisitor": {"holder": maybe_number(game.inquisitor),
                               "held": numbers(game.inquisitors)}}
