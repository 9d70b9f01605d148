"""The Blame in the guided game (rules.md §6.1): once per game, during team building before
the vote, the Deep Agent may reveal and name the Pretender. Offered before each team while it
is still unused; a "no" holds for that proposal only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moderator.i18n import t
from moderator.rules.modules.hunter import Blame
from moderator.session import Session
from moderator.ui.guide import NOBODY, Guide, players
from moderator.ui.prompts import Choice


def offered(guide: Guide, current: Session, then: Callable[[Guide, Session], Any]) -> Any:
    """Ask whether the Deep Agent blames now, then go on with the team step."""
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
