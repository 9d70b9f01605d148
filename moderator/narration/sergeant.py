"""The Sergeant module in words (rules.md §8): the Sergeant named with the team, and the
switch."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import MISSION_NOW, PROPOSAL_RESULT, Say, field_log, log_line, result
from moderator.rules.modules.sergeant import SwitchCard
from moderator.session import Session

MISSION_NOW["switched"] = "now.sergeant_switch"
PROPOSAL_RESULT["sergeant"] = "result.sergeant"


@field_log("sergeant")
def _sergeant(lang: str, names: list[str], seat: int) -> str:
    return t(lang, "log.sergeant", sergeant=names[seat])


@field_log("switched")
def _switched(lang: str, names: list[str], seat: int) -> str:
    return t(lang, "log.switched", switched=names[seat])


@log_line(SwitchCard)
def _switch_log(lang: str, names: list[str], action: SwitchCard) -> str:
    if action.switched is None:
        return t(lang, "log.no_switch")
    return t(lang, "log.switch", switched=names[action.switched])


@result(SwitchCard)
def _switch(session: Session, action: SwitchCard, say: Say) -> None:
    game, names = session.game, session.names
    assert game.sergeant is not None  # a switch is declared on the Sergeant's team
    sergeant = names[game.sergeant]
    if action.switched is None:
        say("result.switch_passed", "bold", sergeant=sergeant)
    else:
        say("result.switch_declared", "bold", sergeant=sergeant,
            switched=names[action.switched])
