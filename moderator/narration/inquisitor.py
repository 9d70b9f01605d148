"""The Inquisitor module in words (rules.md §2.3): who examines, and what is handed over."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, log_line, log_line_at, now, result
from moderator.rules import Game
from moderator.rules.modules import inquisitor
from moderator.rules.modules.inquisitor import EXAMINATION, Examine
from moderator.session import Session


@now(EXAMINATION)
def examination(game: Game, names: list[str], lang: str) -> str:
    """Who examines, and which card the examined player hands over."""
    text = t(lang, "now.examination", inquisitor=names[game.inquisitors[-1]])
    text += " " + t(lang, f"now.examination_{inquisitor.card_shown(game)}")
    if inquisitor.allegiance_asked(game):
        setting = game.setting("inquisitor-defector-allegiance")
        text += " " + t(lang, f"now.examination_defector.{setting}")
    return text


@log_line(Examine)
def _examine_log(lang: str, names: list[str], action: Examine) -> str:
    return t(lang, "log.examine", player=names[action.player])


@log_line_at(Examine)
def _examine_log_by(lang: str, names: list[str], action: Examine, before: Game) -> str:
    """The log names who held the token and examined."""
    return t(lang, "log.examine_by", inquisitor=names[before.inquisitors[-1]],
             player=names[action.player])


@result(Examine)
def _examined(session: Session, action: Examine, say: Say) -> None:
    held = session.game.inquisitors
    say("result.examined", "bold", inquisitor=session.names[held[-2]],
        examined=session.names[held[-1]])
