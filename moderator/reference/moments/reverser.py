"""The Reverser module in the ruling (rules.md §6.2): Reverse cards turn the result over."""

from __future__ import annotations

from moderator import i18n
from moderator.reference.context import CARDS, Say
from moderator.rules import Game, Input
from moderator.rules.modules import part


@part(CARDS, "reverse")
def _reverse(game: Game, names: list[str], say: Say, lines: list[str], asked: Input) -> list[str]:
    lines.append(i18n.t(say.lang, "now.reverse"))
    return ["reverser"]
