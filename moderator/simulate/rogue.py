"""The Rogue module in simulated games (rules.md §7): the Watch token, the spy Rogue's claim,
and the Rogue Success cards at the mission."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.rules.modules.rogue import WATCH
from moderator.simulate.turn import Moves, Turns


class RogueMoves(Moves, module="rogue"):
    cards = {"rogue_success": "rogue_success"}

    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        asked = game.inputs()[0]
        if game.phase == WATCH:  # the leader hands the Watch token to a team member
            return {asked.name: turns.choose(game.seat, game, asked, {})}
        # the spy Rogue claims the win, or not
        return {asked.name: turns.choose(turns.table.seat_of("spy-rogue"), game, asked, {})}

    def acted(self, game: Game) -> bool:
        """A Rogue Success card was played, or the spy Rogue claimed the win."""
        return any(m.rogue_success for m in game.missions) or any(
            who == "spy-rogue" for who, _ in game.winners)
