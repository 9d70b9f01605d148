"""The Sergeant module on the table (rules.md §8): its token on the setup sheet, and the
team's command that names the Sergeant."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import Game
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class SergeantViews(Views, module="sergeant"):
    place = 30

    def components(self, session: Session, lang: str) -> list[str]:
        return [BOX + t(lang, "setup.component.sergeant")]

    def team_command(self, game: Game) -> str:
        """The leader names the Sergeant with the team where the engine asks for one."""
        return "_sergeant" if any(i.name == "sergeant" for i in game.inputs()) else ""
