"""The Sergeant module in guided play (rules.md §8): the Sergeant named with the team, and
the switch, asked in the mission step and recorded on its own before the reveal."""

from __future__ import annotations

from typing import Any

from moderator.rules.modules import PlayMission
from moderator.rules.modules.sergeant import SwitchCard
from moderator.session import Session
from moderator.ui.guide import Guide
from moderator.ui.steps import ALONE, ASKS, NAMED, NOT_YET, QUESTIONS, asks

QUESTIONS.update(sergeant="play.sergeant_question", switched="play.switch_question")
# The switch's question names the Sergeant of the team.
NAMED["sergeant"] = lambda game, names: names[game.sergeant] if game.sergeant is not None else ""
# The switch is recorded on its own, so that Keeping a Close Eye on You follows it (§3.3).
ALONE["switched"] = (lambda game: NOT_YET if game.switch is None else game.switch.seat,
                     SwitchCard)


@asks(SwitchCard)
def switch_step(guide: Guide, current: Session) -> Any:
    """The mission step: it returns the switch on its own once it is answered."""
    return ASKS[PlayMission](guide, current)
