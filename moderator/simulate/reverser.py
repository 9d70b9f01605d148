"""The Reverser module in simulated games (rules.md §6.2): the Reverse cards at the
mission."""

from __future__ import annotations

from moderator.rules import Game
from moderator.simulate.turn import Moves


class ReverserMoves(Moves, module="reverser"):
    cards = {"reverse": "reverse"}

    def acted(self, game: Game) -> bool:
        return any(m.reverse for m in game.missions)
