"""The Commander module in the ruling (rules.md §5.1): the Assassin's one guess."""

from __future__ import annotations

from moderator.reference.context import Facts, Moments, Say
from moderator.rules import Game


class CommanderMoments(Moments, module="commander"):
    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        lines += [say("assassination"), say("assassination_result")]
        return ["assassin", "commander"]
