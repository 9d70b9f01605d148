"""Reverser module (rules.md §6.2): Reverse cards turn a mission's result over, after the
normal threshold; the Spy Reverser never plays Fail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.flow import Input, ask, limit
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game

RESISTANCE_REVERSER, SPY_REVERSER = "resistance-reverser", "spy-reverser"


def succeeded(fails: int, needed: int, reverse: int) -> bool:
    """The normal threshold first (two-fail rule included), then one flip per Reverse card:
    two Reverse cards cancel out."""
    return (fails < needed) != (reverse % 2 == 1)


def reversers(game: Game) -> int:
    """How many Reverse cards a team can hold: one per Reverser in the game (§6.2)."""
    return (RESISTANCE_REVERSER in game.characters) + (SPY_REVERSER in game.characters)


class Reverser(Module):
    id = "reverser"
    card_fields = {"reverse": ("errors.no_reverse", 0)}

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if not reveal:
            return ()
        count = reversers(game)
        room = game.revealed(given) - given.get("fails", 0) - given.get("chief_fail", 0) \
            - given.get("rogue_success", 0)
        return (ask(
            "reverse", range(count + 1),
            limit(lambda n: n == 0 or count > 0, "errors.no_reverse"),
            limit(lambda n: n <= count, "errors.reverse_count", count=count),
            limit(lambda n: n <= room, "errors.fails_range", size=game.revealed(given)),
            kind="count", default=0,
        ),)

    def fewer_fails(self, game: Game) -> str | None:
        return "errors.fails_spy_reverser" if SPY_REVERSER in game.characters else None

    def spy_fails(self, game: Game, given: Given) -> int:
        return -(SPY_REVERSER in game.characters)

    def result(self, game: Game, succeeded: bool, given: Given) -> bool:
        return succeeded != (int(given.get("reverse", 0)) % 2 == 1)

    def mission_record(self, game: Game, proposal: object, given: Given) -> dict[str, object]:
        return {"reverse": given.get("reverse", 0)}
