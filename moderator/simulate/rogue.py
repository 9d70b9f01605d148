"""The Rogue module in simulated games (rules.md §7): the Watch token and the spy Rogue's
claim."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.rules.modules import part
from moderator.rules.modules.rogue import ROGUE_CLAIM, WATCH
from moderator.simulate.turn import STEPS, Turns


@part(STEPS, WATCH)
def watch(turns: Turns, game: Game) -> dict[str, Any]:
    """The leader hands the Watch token to a team member."""
    asked = game.inputs()[0]
    return {asked.name: turns.choose(game.seat, game, asked, {})}


@part(STEPS, ROGUE_CLAIM)
def claim(turns: Turns, game: Game) -> dict[str, Any]:
    """The spy Rogue claims the win, or not."""
    asked = game.inputs()[0]
    return {asked.name: turns.choose(turns.table.seat_of("spy-rogue"), game, asked, {})}
