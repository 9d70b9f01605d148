"""The Inquisitor in simulated games (rules.md §2.3): the token holder examines a player."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.simulate.turn import Moves, Turns


class InquisitorMoves(Moves, module="inquisitor"):
    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        """The holder chooses whom to examine, and learns their loyalty."""
        asked = game.inputs()[0]
        holder = game.inquisitor
        assert holder is not None  # the token is somewhere once it is used
        target = turns.choose(holder, game, asked, {})
        turns.table.show_loyalty(target, to=holder)  # rules.md §2.3
        return {asked.name: target}

    def acted(self, game: Game) -> bool:
        return len(game.inquisitors) > 1
