"""The Defector module in the ruling (rules.md §5.2): the round opens with a Loyalty card."""

from __future__ import annotations

from moderator.reference.context import STEPS, Say, narrated
from moderator.rules import Game
from moderator.rules.modules import part
from moderator.rules.modules.defector import LOYALTY


@part(STEPS, LOYALTY)
def _loyalty(game: Game, names: list[str], say: Say, lines: list[str], facts: dict) -> list[str]:
    facts.update(round=game.round, loyalty=list(game.loyalty))
    lines.append(narrated(game, names, say.lang))
    return ["defector"]
