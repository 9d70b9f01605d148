"""The Hunter module in guided play (rules.md §6.1): the investigation, the accusation, and
the Deep Agent's Blame offered before each team while it is unused."""

from __future__ import annotations

from typing import Any

from moderator import narration
from moderator.i18n import t
from moderator.rules import PROPOSAL, Game
from moderator.rules.modules import hunter
from moderator.rules.modules.hunter import INVESTIGATION, Accuse, Blame, Investigate
from moderator.session import Session
from moderator.ui.guide import NOBODY, Guide, allowed, players
from moderator.ui.prompts import Choice
from moderator.ui.steps import Step, Steps


class HunterSteps(Steps, module="hunter"):
    questions = {"investigator": "play.investigator_question",
                 "chief_fail": "play.chief_fail_question"}

    def step(self, game: Game) -> Step:
        return investigation_step if game.phase == INVESTIGATION else accusation_step

    def before(self, game: Game, step: Step) -> Step:
        """The Blame, offered before each team while it is unused."""
        if game.phase != PROPOSAL or not game.blame_open:
            return step
        return lambda guide, current: offered(guide, current, step)


def investigation_step(guide: Guide, current: Session) -> Any:
    """After a mission the leader (after a success) or the Investigator token's holder (after
    a failure) looks at another player's Hunter Loyalty card."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.investigation_title"))
    guide.show(narration.describe_now(current, lang))
    target = guide.select(
        t(lang, "play.investigation_question", investigator=names[hunter.investigator_now(game)]),
        players(names, allowed(game, "player")),
    )
    return Investigate(target)


def accusation_step(guide: Guide, current: Session) -> Any:
    """A Hunter names a player as the other side's Chief, and the accused shows whether they
    are, as the rules make them. Only the spy Hunter's early accusation may be declined."""
    game, names, lang = current.game, current.names, guide.lang
    guide.heading(t(lang, "play.accusation_title"))
    guide.show(narration.describe_now(current, lang))
    seats = allowed(game, "accused")
    choices = players(names, [seat for seat in seats if seat is not None])
    if None in seats:  # only the early accusation may be declined
        choices = [Choice(t(lang, "play.accusation_nobody"), NOBODY), *choices]
    accused = guide.select(t(lang, "play.accusation_question"), choices)
    if accused == NOBODY:
        return Accuse(None)
    card = guide.select(
        t(lang, "play.accusation_shows", accused=names[accused]),
        [Choice(t(lang, f"play.shows.{value}"), value)
         for value in allowed(game, "shown", accused=accused)])
    return Accuse(accused, card)


def offered(guide: Guide, current: Session, then: Step) -> Any:
    """Once per game, during team building before the vote, the Deep Agent may reveal and
    name the Pretender: asked before each team while it is unused; a "no" holds for that
    proposal only. Then the team step (`then`)."""
    game, names, lang = current.game, current.names, guide.lang
    moment = ("blame", len(game.missions), len(game.proposals))
    if moment in guide.passed:
        return then(guide, current)
    deep_agent = guide.select(
        t(lang, "play.blame_question"),
        [Choice(t(lang, "play.blame_none"), NOBODY), *players(names)])
    if deep_agent == NOBODY:
        guide.passed[moment] = set()
        return then(guide, current)
    others = [seat for seat in range(game.players) if seat != deep_agent]
    blamed = guide.select(t(lang, "play.blame_whom", deep_agent=names[deep_agent]),
                          players(names, others))
    right = guide.select(
        t(lang, "play.blame_shown", blamed=names[blamed]),
        [Choice(t(lang, "play.blame_right"), True), Choice(t(lang, "play.blame_wrong"), False)])
    return Blame(deep_agent, blamed, right)
