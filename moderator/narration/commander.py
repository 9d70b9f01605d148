"""The Commander module in words (rules.md §5.1): the Assassination."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, Sentences
from moderator.rules import Game
from moderator.rules.modules.commander import Assassinate
from moderator.session import Session


class CommanderSentences(Sentences[Assassinate], module="commander"):
    def now(self, game: Game, names: list[str], lang: str) -> str:
        return t(lang, "now.assassination")

    def log(self, action: Assassinate, names: list[str], lang: str,
            before: Game | None = None) -> str:
        return t(lang, "log.assassinate", target=names[action.target],
                 commander=names[action.commander])

    def result(self, session: Session, action: Assassinate, say: Say, lang: str) -> None:
        say("result.assassinated", "bold", target=session.names[action.target],
            commander=session.names[action.commander])
