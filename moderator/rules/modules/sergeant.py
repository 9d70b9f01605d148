"""Sergeant module (rules.md §8): the leader makes a team member other than themselves the
Sergeant; after the cards are played face down the Sergeant may make one other team member
switch, which can turn a Success into a Fail."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from moderator.rules.actions import Action, Seat
from moderator.rules.errors import RuleError
from moderator.rules.flow import MISSION, Input, ask, limit
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Proposal


class Switch(NamedTuple):
    """The Sergeant's switch, declared before the cards are collected (rules.md §8)."""

    seat: int | None  # whom the Sergeant made switch; None: the Sergeant passed


def switched(game: Game, given: Given) -> int | None:
    """Whom the Sergeant made switch on this mission: as declared, or as reported with the
    cards."""
    return game.switch.seat if game.switch is not None else given.get("switched")


class SwitchCard(Action):
    """The Sergeant's switch declared on its own, before the reveal (rules.md §8), or no
    switch (`switched` None)."""

    kind = "switch"
    switched: Seat | None

    def apply(self, game: Game) -> Game:
        return switch(game, self.switched)


class Sergeant(Module):
    id = "sergeant"
    actions = (SwitchCard,)
    proposal_fields = {"sergeant": ("errors.no_sergeant_module", None)}
    card_fields = {"switched": ("errors.no_sergeant_module", None)}

    def team_inputs(self, game: Game, given: Given) -> tuple[Input, ...]:
        team, leader = given.get("team", ()), game.seat
        return (ask(
            "sergeant", sorted(team),
            limit(lambda seat: seat is not None, "errors.sergeant_required"),
            limit(lambda seat: seat in team, "errors.sergeant_not_on_team"),
            limit(lambda seat: seat != leader, "errors.sergeant_is_leader"),
        ),)

    def acts_on_cards(self, game: Game) -> bool:
        return game.switch is None  # the switch is still to be declared

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if reveal:
            return ()
        if game.switch is not None:  # declared already: the cards only confirm it
            declared = game.switch.seat
            return (ask("switched", (declared,),
                        limit(lambda seat: seat == declared, "errors.switch_declared"),
                        default=declared),)
        pending = game.proposals[-1]
        return (ask(
            "switched", (None, *pending.team),
            limit(lambda seat: seat is None or seat in pending.team, "errors.switch_not_on_team"),
            limit(lambda seat: seat is None or seat != pending.sergeant,
                  "errors.switch_is_sergeant"),
        ),)

    def switched_seat(self, game: Game, given: Given) -> int | None:
        return switched(game, given)

    def spy_fails(self, game: Game, given: Given) -> int:
        """A switched Success becomes a Fail, unless the Trapper takes that card out before
        the reveal: then the switch changes no revealed card (rules.md §5.3, §8)."""
        seat = switched(game, given)
        return seat is not None and seat != given.get("trapped")

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, object]:
        declared = game.switch
        return {"sergeant": proposal.sergeant,
                "switched": mission.switched if declared is None else declared.seat}

    def mission_done(self, game: Game) -> None:
        game._put(switch=None)


def switch(game: Game, seat: int | None) -> Game:
    """The Sergeant makes `seat` switch, or passes (None): after the cards are played face
    down and before Keeping a Close Eye on You and the reveal (rules.md §3.3 window 6, §8)."""
    if "sergeant" not in game.modules:
        raise RuleError("errors.no_sergeant_module")
    game._expect(MISSION)
    if game.switch is not None:
        raise RuleError("errors.switch_twice")
    asked = next(i for i in game.inputs() if i.name == "switched")
    game._check(asked, seat)
    done = game._copy()
    done._put(switch=Switch(seat))
    done._event("switch_declared")
    return done
