"""The Trapper module in the ruling (rules.md §5.3): the leader's trap before the reveal."""

from __future__ import annotations

from moderator import i18n
from moderator.reference.context import Moments, Say
from moderator.rules import Game, Input


class TrapperMoments(Moments, module="trapper"):
    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        lines.append(i18n.t(say.lang, "now.trap", leader=names[game.seat]))
        return ["trapper"]
