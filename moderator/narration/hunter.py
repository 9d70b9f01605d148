"""The Hunter module in words (rules.md §6.1): whose Hunter accuses, who investigates, and
what an investigation, an accusation or the Blame did."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Say, Sentences
from moderator.rules import GAME_OVER, Game
from moderator.rules.modules import hunter
from moderator.rules.modules.hunter import ACCUSATION, Accuse, Blame, Investigate
from moderator.session import Session


class HunterSentences(Sentences[Investigate | Accuse | Blame], module="hunter"):
    mission_now = {"chief_fail": "now.chief_fail"}
    named_with_team = {"investigator": "result.investigator"}

    def now(self, game: Game, names: list[str], lang: str) -> str:
        if game.phase == ACCUSATION:
            return accusation(game, lang)
        return investigation(game, names, lang)

    def field(self, name: str, value: int, names: list[str], lang: str) -> str:
        if name == "investigator":
            return t(lang, "log.investigator", investigator=names[value])
        return t(lang, "log.chief_fail", count=value)

    def log(self, action: Investigate | Accuse | Blame, names: list[str], lang: str,
            before: Game | None = None) -> str:
        if isinstance(action, Investigate):
            return t(lang, "log.investigate", player=names[action.player])
        if isinstance(action, Blame):
            key = "log.blame_right" if action.pretender else "log.blame_wrong"
            return t(lang, key, deep_agent=names[action.deep_agent],
                     blamed=names[action.blamed])
        if action.accused is None:
            return t(lang, "log.no_accusation")
        return t(lang, f"log.accuse.{action.shown}", accused=names[action.accused])

    def result(self, session: Session, action: Investigate | Accuse | Blame,
               say: Say, lang: str) -> None:
        game, names = session.game, session.names
        if isinstance(action, Investigate):
            by = hunter.state(game).investigations[-1][1]
            say("result.investigated", by=names[by], player=names[action.player])
        elif isinstance(action, Blame):
            key = "result.blame_right" if action.pretender else "result.blame_wrong"
            say(key, "bold", deep_agent=names[action.deep_agent], blamed=names[action.blamed])
        elif action.accused is None:
            say("result.no_early_accusation")
        else:
            accusation = hunter.state(game).accusations[-1]
            say(f"result.accused.{accusation.accuser}", "bold",
                accused=names[accusation.accused])
            if game.phase != GAME_OVER:
                m = game.missions[-1]
                key = "result.turned_success" if m.succeeded else "result.turned_fail"
                say(key, mission=m.mission)
                say("result.score", resistance=game.successes, spies=game.failures)


def accusation(game: Game, lang: str) -> str:
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
