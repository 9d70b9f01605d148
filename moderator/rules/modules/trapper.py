"""Trapper module (rules.md §5.3): every team has one extra member; after the cards are
played the leader traps one member's card, looks at it and takes it out before the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.rules.errors import RuleError
from moderator.rules.flow import Input, Limit, ask, limit
from moderator.rules.module import Given, Module

if TYPE_CHECKING:
    from moderator.rules.modules import Game, PlayMission
    from moderator.rules.records import Proposal


class Trapper(Module):
    id = "trapper"
    card_fields = {"trapped": ("errors.no_trapper_module", None)}

    def extra_team_members(self, players: int) -> int:
        return 1

    def check_team(self, game: Game, team: tuple[int, ...]) -> None:
        if game.seat not in team and game.setting("trapper-leader-on-team") == "required":
            raise RuleError("errors.trapper_leader_on_team")

    def card_inputs(self, game: Game, given: Given, reveal: bool) -> tuple[Input, ...]:
        if reveal:
            return ()
        team = game.proposals[-1].team
        return (ask(
            "trapped", team,
            limit(lambda seat: seat is not None, "errors.trap_required"),
            limit(lambda seat: seat in team, "errors.trap_not_on_team"),
        ),)

    def limits(self, game: Game, name: str, given: Given) -> tuple[Limit, ...]:
        trapped = given.get("trapped")
        if name != "switched" or trapped is None:
            return ()
        if game.setting("trapper-sergeant-same-player") != "forbidden":
            return ()
        return (limit(lambda seat: seat is None or seat != trapped, "errors.trap_switch_same"),)

    def taken_out(self, game: Game, given: Given) -> tuple[int, ...]:
        trapped = given.get("trapped")
        return () if trapped is None else (trapped,)

    def readings(self, game: Game, given: Given) -> tuple[str, ...]:
        """A trapped card the Sergeant also made switch is taken out as it lies, so the
        switch shows nothing: only under `trapper-sergeant-same-player=allowed` (rules.md
        §5.3, §13)."""
        trapped = given.get("trapped")
        switched = game.switch.seat if game.switch is not None else given.get("switched")
        return ("trapper-sergeant-same-player",) if trapped is not None and \
            trapped == switched else ()

    def mission_record(self, game: Game, proposal: Proposal,
                       mission: PlayMission) -> dict[str, object]:
        return {"trapped": mission.trapped}
