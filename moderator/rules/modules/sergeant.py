"""Sergeant module (rules.md §8): the leader makes a team member other than themselves the
Sergeant; after the cards are played face down the Sergeant may make one other team member
switch, which can turn a Success into a Fail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.flow import Input, ask, limit
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game
    from moderator.rules.records import Proposal


class Sergeant(Module):
    id = "sergeant"
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

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if reveal:
            return ()
        pending = game.proposals[-1]
        return (ask(
            "switched", (None, *pending.team),
            limit(lambda seat: seat is None or seat in pending.team, "errors.switch_not_on_team"),
            limit(lambda seat: seat is None or seat != pending.sergeant,
                  "errors.switch_is_sergeant"),
        ),)

    def spy_fails(self, game: Game, given: Given) -> int:
        return given.get("switched") is not None  # a switched Success becomes a Fail

    def mission_record(self, game: Game, proposal: Proposal, given: Given) -> dict[str, object]:
        return {"sergeant": proposal.sergeant, "switched": given.get("switched")}
