"""The Sergeant module in guided play (rules.md §8): the Sergeant named with the team, and
the switch, asked in the mission step and recorded on its own before the reveal."""

from __future__ import annotations

from moderator.rules import Game
from moderator.rules.modules.sergeant import SwitchCard
from moderator.ui.steps import NOT_YET, Steps


class SergeantSteps(Steps, module="sergeant"):
    questions = {"sergeant": "play.sergeant_question", "switched": "play.switch_question"}
    #: The switch is recorded on its own, so that Keeping a Close Eye on You follows it
    #: (rules.md §3.3).
    alone = {"switched": SwitchCard}

    def named(self, game: Game, names: list[str]) -> dict[str, str]:
        """The switch's question names the Sergeant of the team."""
        return {"sergeant": names[game.sergeant] if game.sergeant is not None else ""}

    def recorded(self, name: str, game: Game) -> object:
        return NOT_YET if game.switch is None else game.switch.seat
