"""The Trapper module in simulated games (rules.md §5.3): the leader traps a card."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.simulate.turn import SPY_CARDS, Moves, Turns


class TrapperMoves(Moves, module="trapper"):
    def chooser(self, name: str, game: Game) -> int | None:
        return game.seat

    def played(self, turns: Turns, game: Game, given: dict[str, Any],
               cards: dict[int, str]) -> None:
        """The leader looks at the trapped card before taking it out: a Fail shows a spy."""
        seat = given.get("trapped")
        if seat is not None and cards.get(seat) in SPY_CARDS:
            turns.table.views[game.seat].learn((seat,), 1)

    def acted(self, game: Game) -> bool:
        return any(m.trapped is not None for m in game.missions)
