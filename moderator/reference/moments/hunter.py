"""The Hunter module in the ruling (rules.md §6.1): the Investigator token given with the
team, Chief Fail cards, the investigation after a mission and the Hunters' accusations."""

from __future__ import annotations

from moderator import i18n
from moderator.codec import number
from moderator.reference.context import Facts, Moments, Say, narrated
from moderator.rules import Game, Input
from moderator.rules.modules import hunter
from moderator.rules.modules.hunter import INVESTIGATION


class HunterMoments(Moments, module="hunter"):
    def step(self, game: Game, names: list[str], say: Say, lines: list[str],
             facts: Facts) -> list[str]:
        if game.phase == INVESTIGATION:  # who investigates after this mission (§6.1)
            facts["investigator"] = number(hunter.investigator_now(game))
            lines.append(narrated(game, names, say.lang))
            return ["hunter", "chief"]
        # whose Hunter accuses, and what it decides (§6.1)
        facts.update(accuser=hunter.state(game).accuser, early=hunter.state(game).early)
        lines.append(narrated(game, names, say.lang))
        return ["accusation", "hunter"]

    def team(self, game: Game, names: list[str], say: Say, lines: list[str],
             asked: Input) -> list[str]:
        """The Investigator token, where it is due with this team."""
        if None in asked.choices:  # not due with this team
            return []
        lines.append(i18n.t(say.lang, "now.investigator_token", leader=names[game.seat]))
        return ["hunter"]

    def cards(self, game: Game, names: list[str], say: Say, lines: list[str],
              asked: Input) -> list[str]:
        lines.append(i18n.t(say.lang, "now.chief_fail"))
        return ["chief"]
