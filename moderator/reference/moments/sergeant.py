"""The Sergeant module in the ruling (rules.md §8): the leader names the Sergeant with the
team, who may make one team member switch before the cards are collected."""

from __future__ import annotations

from moderator.reference.context import Moments, Say
from moderator.rules import Game, Input


class SergeantMoments(Moments, module="sergeant"):
    def team(self, game: Game, names: list[str], say: Say, lines: list[str],
             asked: Input) -> list[str]:
        lines.append(say("sergeant_needed", leader=names[game.seat]))
        return ["sergeant"]

    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        sergeant = names[game.sergeant] if game.sergeant is not None else ""
        lines.append(say("sergeant_switch", sergeant=sergeant))
        return ["sergeant"]
