"""The Commander module in simulated games (rules.md §5.1): the Assassination."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.simulate.turn import Moves, Turns


class CommanderMoves(Moves, module="commander"):
    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        """The Assassin names a player; then the character named shows their card (§5.1)."""
        named, revealed = game.inputs()
        target = turns.choose(turns.table.seat_of("assassin"), game, named, {})
        return {named.name: target, revealed.name: turns.table.seat_of(revealed.name)}

    def acted(self, game: Game) -> bool:
        return game.reason in ("assassinated_commander", "assassin_missed")
