"""The Defector module in simulated games (rules.md §5.2): the round's Loyalty card."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.rules.modules.defector import SWITCH
from moderator.simulate.turn import Moves, Turns


class DefectorMoves(Moves, module="defector"):
    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        """The Loyalty deck is shuffled: chance, not a choice."""
        asked = game.inputs()[0]
        return {"card": turns.rng.choice(asked.choices)}

    def acted(self, game: Game) -> bool:
        """A Switch Allegiance card was turned over (the deck's, not a player's choice)."""
        return SWITCH in game.loyalty
