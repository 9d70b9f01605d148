"""Reverser module (rules.md §6.2): Reverse cards turn a mission's result over, after the
normal threshold; the Spy Reverser never plays Fail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.deals import Play
from moderator.rules.flow import Input, Limit, ask, could_play, limit
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Proposal

RESISTANCE_REVERSER, SPY_REVERSER = "resistance-reverser", "spy-reverser"


def succeeded(fails: int, needed: int, reverse: int) -> bool:
    """The normal threshold first (two-fail rule included), then one flip per Reverse card:
    two Reverse cards cancel out."""
    return (fails < needed) != (reverse % 2 == 1)


def reversers(game: Game) -> int:
    """How many Reverse cards a team can hold: one per Reverser in the game (§6.2)."""
    return (RESISTANCE_REVERSER in game.characters) + (SPY_REVERSER in game.characters)


def possible_reverse(game: Game, given: Given) -> Limit:
    """The Reverse record must stay possible (rules.md §6.2, §13.1): only the Reversers in
    the game play Reverse, a card the table tells apart, so they were on every team that
    revealed one; a trapped card was taken out before the reveal (§5.3)."""
    pending = game.proposals[-1]
    record = [m for m in game.missions if m.reverse]
    earlier = [(m.reverse, frozenset(m.team) - {m.trapped}) for m in record]
    now = frozenset(pending.team) - {given.get("trapped")}
    count = reversers(game)
    missions = tuple(sorted({m.mission for m in record} | {pending.mission}))
    return limit(lambda n: n == 0 or could_play(count, [*earlier, (n, now)]),
                 "errors.reverse_impossible", count=count, together=missions)


class Reverser(Module):
    id = "reverser"
    hidden_characters = True
    dealt_cards = frozenset({RESISTANCE_REVERSER, SPY_REVERSER})
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
            possible_reverse(game, given),
            kind="count", default=0,
        ),)

    def fewer_fails(self, game: Game) -> str | None:
        return "errors.fails_spy_reverser" if SPY_REVERSER in game.characters else None

    def spy_fails(self, game: Game, given: Given) -> int:
        return -(SPY_REVERSER in game.characters)

    def mission_cards(self, game: Game, given: Given) -> tuple[Play, ...]:
        """Either Reverser may play Reverse; the Spy Reverser never Fail (§6.2)."""
        return tuple(Play(card, "reverse", instead_of_fail=card == SPY_REVERSER)
                     for card in (RESISTANCE_REVERSER, SPY_REVERSER) if card in game.characters)

    def result(self, game: Game, succeeded: bool, mission: PlayMission) -> bool:
        return succeeded != (mission.reverse % 2 == 1)

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, object]:
        return {"reverse": mission.reverse}
