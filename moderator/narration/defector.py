"""The Defector module in words (rules.md §5.2): the round's Loyalty card."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, Sentences
from moderator.rules import Game
from moderator.rules.modules.defector import RevealLoyalty
from moderator.session import Session


class DefectorSentences(Sentences[RevealLoyalty], module="defector"):
    def now(self, game: Game, names: list[str], lang: str) -> str:
        return t(lang, "now.loyalty", round=game.round)

    def log(self, action: RevealLoyalty, names: list[str], lang: str,
            before: Game | None = None) -> str:
        return t(lang, f"log.loyalty.{action.card}")

    def result(self, session: Session, action: RevealLoyalty, say: Say, lang: str) -> None:
        say(f"result.loyalty.{action.card}", "bold")
