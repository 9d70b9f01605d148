"""The Inquisitor module in the ruling (rules.md §2.3): the token holder examines someone
new."""

from __future__ import annotations

from moderator.codec import number, numbers
from moderator.reference.context import Facts, Moments, Say, narrated
from moderator.rules import Game


class InquisitorMoments(Moments, module="inquisitor"):
    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        facts.update(inquisitor=number(game.inquisitors[-1]), held=numbers(game.inquisitors))
        lines.append(narrated(game, names, say.lang))
        return ["inquisitor"]
