"""The Commander module in the ruling (rules.md §5.1): the Assassin's one guess."""

from __future__ import annotations

from moderator.reference.context import STEPS, Say
from moderator.rules import Game
from moderator.rules.modules import part
from moderator.rules.modules.commander import ASSASSINATION


@part(STEPS, ASSASSINATION)
def _assassination(game: Game, names: list[str], say: Say, lines: list[str],
                   facts: dict) -> list[str]:
    lines += [say("assassination"), say("assassination_result")]
    return ["assassin", "commander"]
