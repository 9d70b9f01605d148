"""The Hunter module in words (rules.md §6.1): whose Hunter accuses, who investigates, and
what an investigation, an accusation or the Blame did."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import (
    MISSION_NOW, PROPOSAL_RESULT, Say, field_log, log_line, now, result, who,
)
from moderator.rules import GAME_OVER, Game
from moderator.rules.modules import hunter
from moderator.rules.modules.hunter import ACCUSATION, INVESTIGATION, Accuse, Blame, Investigate
from moderator.session import Session

MISSION_NOW["chief_fail"] = "now.chief_fail"
PROPOSAL_RESULT["investigator"] = "result.investigator"


@now(ACCUSATION)
def accusation(game: Game, names: list[str], lang: str) -> str:
    """Whose Hunter accuses now, and what it decides."""
    if hunter.state(game).early:
        return t(lang, early_accusation_key(game))
    text = t(lang, f"now.accusation.{hunter.state(game).accuser}")
    if hunter.COORDINATOR in hunter.shown_cards(game):
        text += " " + t(lang, "now.accusation_coordinator")
    return text


def early_accusation_key(game: Game) -> str:
    """The early accusation as the table knows it: at 7+ a Chief Fail card showed the spy
    Chief's Fail; at 5-6 nothing shows it, so the host confirms the spy Hunter's claim
    (rules.md §13.1 `hunter-early-five-six`)."""
    seen = hunter.chief_fail_cards(game.players)
    return "now.accusation_early" if seen else "now.accusation_early_confirmed"


@now(INVESTIGATION)
def investigation(game: Game, names: list[str], lang: str) -> str:
    """Who investigates, and which Hunter Loyalty cards can be shown."""
    investigator = game.investigator
    assert investigator is not None  # an investigation is due: its investigator is known
    key = "now.investigation_success" if game.missions[-1].succeeded else \
        "now.investigation_fail"
    text = t(lang, key, investigator=names[investigator])
    text += " " + t(lang, f"now.investigation_cards.{hunter.loyalty_cards(game.players)}")
    if "dummy-agent" in game.characters:
        text += " " + t(lang, "now.investigation_dummy")
    return text


@field_log("investigator")
def _investigator(lang: str, names: list[str], seat: int) -> str:
    return t(lang, "log.investigator", investigator=names[seat])


@field_log("chief_fail")
def _chief_fail(lang: str, names: list[str], count: int) -> str:
    return t(lang, "log.chief_fail", count=count)


@log_line(Investigate)
def _investigate_log(lang: str, names: list[str], action: Investigate) -> str:
    return t(lang, "log.investigate", player=names[action.player])


@log_line(Accuse)
def _accuse_log(lang: str, names: list[str], action: Accuse) -> str:
    if action.accused is None:
        return t(lang, "log.no_accusation")
    return t(lang, f"log.accuse.{action.shown}", accused=names[action.accused])


@log_line(Blame)
def _blame_log(lang: str, names: list[str], action: Blame) -> str:
    key = "log.blame_right" if action.pretender else "log.blame_wrong"
    return t(lang, key, deep_agent=names[action.deep_agent], blamed=names[action.blamed])


@result(Investigate)
def _investigated(session: Session, action: Investigate, say: Say) -> None:
    by = hunter.state(session.game).investigations[-1][1]
    say("result.investigated", by=session.names[by], player=session.names[action.player])


@result(Blame)
def _blamed(session: Session, action: Blame, say: Say) -> None:
    key = "result.blame_right" if action.pretender else "result.blame_wrong"
    say(key, "bold", deep_agent=session.names[action.deep_agent],
        blamed=session.names[action.blamed])


@result(Accuse)
def _accused(session: Session, action: Accuse, say: Say) -> None:
    game, names = session.game, session.names
    if action.accused is None:
        say("result.no_early_accusation")
        return
    accusation = hunter.state(game).accusations[-1]
    say(f"result.accused.{accusation.accuser}", "bold", accused=names[accusation.accused])
    if game.phase != GAME_OVER:
        m = game.missions[-1]
        key = "result.turned_success" if m.succeeded else "result.turned_fail"
        say(key, mission=m.mission)
        say("result.score", resistance=game.successes, spies=game.failures)


__all__ = ["accusation", "early_accusation_key", "investigation", "who"]
