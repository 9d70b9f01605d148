"""The Defector module in the ruling (rules.md §5.2): the round opens with a Loyalty card."""

from __future__ import annotations

from moderator.reference.context import Facts, Moments, Say, narrated
from moderator.rules import Game


class DefectorMoments(Moments, module="defector"):
    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        facts.update(round=game.round, loyalty=list(game.loyalty))
        lines.append(narrated(game, names, say.lang))
        return ["defector"]
