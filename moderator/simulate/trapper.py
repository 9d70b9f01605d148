"""The Trapper module in simulated games (rules.md §5.3): the leader traps a card."""

from __future__ import annotations

from moderator.rules import Game
from moderator.simulate.turn import Moves


class TrapperMoves(Moves, module="trapper"):
    def chooser(self, name: str, game: Game) -> int | None:
        return game.seat
