"""The Defector module in guided play (rules.md §5.2): the round's Loyalty card."""

from __future__ import annotations

from typing import Any

from moderator import narration
from moderator import session as sessions
from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules.defector import LOYALTY, RevealLoyalty
from moderator.session import Session
from moderator.ui.guide import Guide, allowed
from moderator.ui.prompts import Choice
from moderator.ui.steps import Step, Steps


class DefectorSteps(Steps, module="defector"):
    def step(self, game: Game) -> Step:
        return loyalty_step


def loyalty_step(guide: Guide, current: Session) -> Any:
    """At the start of rounds 3, 4 and 5: the top Loyalty card, drawn from the game's
    shuffled deck or the one the table turned over."""
    lang = guide.lang
    guide.heading(t(lang, "play.loyalty_title", round=current.game.round))
    guide.show(narration.describe_now(current, lang))
    drawn = sessions.draw(current, LOYALTY)[0]
    card = guide.select(t(lang, "play.loyalty_question"), [
        Choice(t(lang, "play.loyalty_draw"), drawn),
        *(Choice(t(lang, f"play.loyalty_card.{card}"), card)
          for card in allowed(current.game, "card")),
    ])
    return RevealLoyalty(card)
