"""The Inquisitor module in the ruling (rules.md §2.3): the token holder examines someone
new."""

from __future__ import annotations

from moderator.codec import number, numbers
from moderator.reference.context import STEPS, Say, narrated
from moderator.rules import Game
from moderator.rules.modules import part
from moderator.rules.modules.inquisitor import EXAMINATION


@part(STEPS, EXAMINATION)
def _examination(game: Game, names: list[str], say: Say, lines: list[str],
                 facts: dict) -> list[str]:
    facts.update(inquisitor=number(game.inquisitors[-1]), held=numbers(game.inquisitors))
    lines.append(narrated(game, names, say.lang))
    return ["inquisitor"]
