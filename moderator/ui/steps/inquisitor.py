"""The Inquisitor module in guided play (rules.md §2.3): the examination."""

from __future__ import annotations

from typing import Any

from moderator import narration
from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules.inquisitor import Examine
from moderator.session import Session
from moderator.ui.guide import Guide, allowed, players
from moderator.ui.steps import Step, Steps


class InquisitorSteps(Steps, module="inquisitor"):
    def step(self, game: Game) -> Step:
        return examination_step


def examination_step(guide: Guide, current: Session) -> Any:
    """After missions 2, 3 and 4 the token holder examines a player who never held it."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.examination_title"))
    guide.show(narration.describe_now(current, lang))
    examined = guide.select(
        t(lang, "play.examination_question", inquisitor=names[game.inquisitors[-1]]),
        players(names, allowed(game, "player")),
    )
    return Examine(examined)
