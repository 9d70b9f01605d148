"""The Sergeant module in simulated games (rules.md §8): the switch is the Sergeant's
choice."""

from __future__ import annotations

from moderator.rules import Game
from moderator.simulate.turn import Moves


class SergeantMoves(Moves, module="sergeant"):
    def chooser(self, name: str, game: Game) -> int | None:
        return game.proposals[-1].sergeant
