"""The Commander module in words (rules.md §5.1): the Assassination."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, log_line, now, result
from moderator.rules import Game
from moderator.rules.modules.commander import ASSASSINATION, Assassinate
from moderator.session import Session


@now(ASSASSINATION)
def _assassination_now(game: Game, names: list[str], lang: str) -> str:
    return t(lang, "now.assassination")


@log_line(Assassinate)
def _assassinate_log(lang: str, names: list[str], action: Assassinate) -> str:
    return t(lang, "log.assassinate", target=names[action.target],
             commander=names[action.commander])


@result(Assassinate)
def _assassinated(session: Session, action: Assassinate, say: Say) -> None:
    say("result.assassinated", "bold", target=session.names[action.target],
        commander=session.names[action.commander])
