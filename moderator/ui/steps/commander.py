"""The Commander module in guided play (rules.md §5.1): the Assassination."""

from __future__ import annotations

from typing import Any

from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules.commander import Assassinate
from moderator.session import Session
from moderator.ui.guide import Guide, allowed, players
from moderator.ui.steps import Step, Steps


class CommanderSteps(Steps, module="commander"):
    def step(self, game: Game) -> Step:
        return assassination_step


def assassination_step(guide: Guide, current: Session) -> Any:
    """The Assassin names a player; then the Commander shows their card, which the rules make
    them reveal now."""
    names, lang = current.names, guide.lang
    guide.heading(t(lang, "play.assassination_title"))
    guide.say("now.assassination")
    game = current.game
    target = guide.select(t(lang, "play.assassin_names"), players(names, allowed(game, "target")))
    commander = guide.select(
        t(lang, "play.commander_shows", target=names[target]),
        players(names, allowed(game, "commander")),
    )
    return Assassinate(target, commander)
