"""The Reverser module in the ruling (rules.md §6.2): Reverse cards turn the result over."""

from __future__ import annotations

from moderator import i18n
from moderator.reference.context import Moments, Say
from moderator.rules import Game, Input


class ReverserMoments(Moments, module="reverser"):
    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        lines.append(i18n.t(say.lang, "now.reverse"))
        return ["reverser"]
