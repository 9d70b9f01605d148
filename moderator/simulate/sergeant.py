"""The Sergeant module in simulated games (rules.md §8): the switch is the Sergeant's
choice (Excalibur in Avalon's words)."""

from __future__ import annotations

from typing import Any

from moderator.rules import Game
from moderator.simulate.turn import Moves, Turns


class SergeantMoves(Moves, module="sergeant"):
    def chooser(self, name: str, game: Game) -> int | None:
        return game.proposals[-1].sergeant

    def played(self, turns: Turns, game: Game, given: dict[str, Any],
               cards: dict[int, str]) -> None:
        """The switched player's unplayed card becomes the played one (a Success a Fail, a
        Fail a Success: everyone holds both), and the Sergeant looks at the card first
        played: a Fail shows a spy."""
        seat = given.get("switched")
        if seat is None or seat not in cards:
            return
        first = cards[seat]
        cards[seat] = "success" if first == "fail" else "fail"
        if first == "fail":
            sergeant = game.proposals[-1].sergeant
            assert sergeant is not None  # the leader named one
            turns.table.views[sergeant].learn((seat,), 1)

    def acted(self, game: Game) -> bool:
        return any(m.switched is not None for m in game.missions)
