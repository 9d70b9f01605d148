"""The Defector module in words (rules.md §5.2): the round's Loyalty card."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, log_line, now, result
from moderator.rules import Game
from moderator.rules.modules.defector import LOYALTY, RevealLoyalty
from moderator.session import Session


@now(LOYALTY)
def _loyalty_now(game: Game, names: list[str], lang: str) -> str:
    return t(lang, "now.loyalty", round=game.round)


@log_line(RevealLoyalty)
def _loyalty_log(lang: str, names: list[str], action: RevealLoyalty) -> str:
    return t(lang, f"log.loyalty.{action.card}")


@result(RevealLoyalty)
def _revealed(session: Session, action: RevealLoyalty, say: Say) -> None:
    say(f"result.loyalty.{action.card}", "bold")
