"""The Hunter module in simulated games (rules.md §6.1): the investigation and the
accusation."""

from __future__ import annotations

from typing import Any

from moderator.rules import SPIES, Game
from moderator.rules.modules import part
from moderator.rules.modules.hunter import ACCUSATION, INVESTIGATION
from moderator.simulate.turn import STEPS, Turns


@part(STEPS, ACCUSATION)
def accusation(turns: Turns, game: Game) -> dict[str, Any]:
    """The accusing side's Hunter names a player, who shows the card the rules ask for."""
    asked = game.inputs()[0]
    assert game.hunt is not None  # an accusation is the Hunter module's step
    spies = game.hunt.accuser == SPIES
    accuser = turns.table.seat_of("spy-hunter" if spies else "resistance-hunter")
    accused = turns.choose(accuser, game, asked, {})
    if accused is None:
        return {"accused": None}
    shown = game.inputs({"accused": accused})[1].choices
    return {"accused": accused, "shown": turns.table.shown(accused, spies, shown)}


@part(STEPS, INVESTIGATION)
def investigation(turns: Turns, game: Game) -> dict[str, Any]:
    """The Investigator's choice."""
    asked = game.inputs()[0]
    return {asked.name: turns.choose(game.investigator, game, asked, {})}
