"""The Hunter module in the ruling (rules.md §6.1): the Investigator token given with the
team, Chief Fail cards, the investigation after a mission and the Hunters' accusations."""

from __future__ import annotations

from moderator import i18n
from moderator.codec import number
from moderator.reference.context import CARDS, STEPS, TEAM, Say, narrated
from moderator.rules import Game, Input
from moderator.rules.modules import hunter, part
from moderator.rules.modules.hunter import ACCUSATION, INVESTIGATION


@part(TEAM, "investigator")
def _token(game: Game, names: list[str], say: Say, lines: list[str], asked: Input) -> list[str]:
    if None in asked.choices:  # not due with this team
        return []
    lines.append(i18n.t(say.lang, "now.investigator_token", leader=names[game.seat]))
    return ["hunter"]


@part(CARDS, "chief_fail")
def _chief_fail(game: Game, names: list[str], say: Say, lines: list[str],
                asked: Input) -> list[str]:
    lines.append(i18n.t(say.lang, "now.chief_fail"))
    return ["chief"]


@part(STEPS, INVESTIGATION)
def _investigation(game: Game, names: list[str], say: Say, lines: list[str],
                   facts: dict) -> list[str]:
    """Who investigates after this mission (rules.md §6.1)."""
    facts["investigator"] = number(hunter.investigator_now(game))
    lines.append(narrated(game, names, say.lang))
    return ["hunter", "chief"]


@part(STEPS, ACCUSATION)
def _accusation(game: Game, names: list[str], say: Say, lines: list[str],
                facts: dict) -> list[str]:
    """Whose Hunter accuses, and what it decides (rules.md §6.1)."""
    facts.update(accuser=hunter.state(game).accuser, early=hunter.state(game).early)
    lines.append(narrated(game, names, say.lang))
    return ["accusation", "hunter"]
