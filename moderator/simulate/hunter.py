"""The Hunter module in simulated games (rules.md §6.1): the investigation, the accusation,
and the Chief Fail cards at the mission."""

from __future__ import annotations

from typing import Any

from moderator.rules import SPIES, Game
from moderator.rules.modules.hunter import (
    ACCUSATION, RESISTANCE_CHIEF, SPY_CHIEF, loyalty_cards,
)
from moderator.simulate.turn import Moves, Turns


class HunterMoves(Moves, module="hunter"):
    cards = {"chief_fail": "chief_fail"}

    def answers(self, turns: Turns, game: Game) -> dict[str, Any]:
        if game.phase == ACCUSATION:
            return _accusation(turns, game)
        asked = game.inputs()[0]  # the Investigator's choice
        by = game.investigator
        target = turns.choose(by, game, asked, {})
        if by is not None and loyalty_cards(game.players) == "three":
            # at 7+ a Chief's Hunter Loyalty card shows their side (rules.md §6.1)
            card = turns.table.cards[target]
            if card in (SPY_CHIEF, RESISTANCE_CHIEF):
                turns.table.views[by].learn((target,), int(card == SPY_CHIEF))
        return {asked.name: target}

    def acted(self, game: Game) -> bool:
        """A Hunter accused someone."""
        return game.hunt is not None and bool(game.hunt.accusations)


def _accusation(turns: Turns, game: Game) -> dict[str, Any]:
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
