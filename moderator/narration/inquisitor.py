"""The Inquisitor module in words (rules.md §2.3): who examines, and what is handed over."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, Sentences
from moderator.rules import Game
from moderator.rules.modules import inquisitor
from moderator.rules.modules.inquisitor import Examine
from moderator.session import Session


class InquisitorSentences(Sentences[Examine], module="inquisitor"):
    def now(self, game: Game, names: list[str], lang: str) -> str:
        """Who examines, and which card the examined player hands over."""
        text = t(lang, "now.examination", inquisitor=names[game.inquisitors[-1]])
        text += " " + t(lang, f"now.examination_{inquisitor.card_shown(game)}")
        if inquisitor.allegiance_asked(game):
            setting = game.setting("inquisitor-defector-allegiance")
            text += " " + t(lang, f"now.examination_defector.{setting}")
        return text

    def log(self, action: Examine, names: list[str], lang: str,
            before: Game | None = None) -> str:
        """With the game before it at hand, the log names who held the token and examined."""
        if before is None:
            return t(lang, "log.examine", player=names[action.player])
        return t(lang, "log.examine_by", inquisitor=names[before.inquisitors[-1]],
                 player=names[action.player])

    def result(self, session: Session, action: Examine, say: Say, lang: str) -> None:
        held = session.game.inquisitors
        say("result.examined", "bold", inquisitor=session.names[held[-2]],
            examined=session.names[held[-1]])
