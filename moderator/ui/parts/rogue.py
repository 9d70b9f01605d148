"""The Rogue module on the setup sheet (rules.md §7): three Mission cards for every team
member, and the Watch token where the resistance Rogue is in play."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.flow import RESISTANCE_ROGUE
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class RogueViews(Views, module="rogue"):
    place = 20
    tokens = "tokens_rogue"

    def note(self, game: Game) -> str:
        """With only the spy Rogue there is no Watch token (rules.md §7)."""
        return "rogue" if RESISTANCE_ROGUE in game.characters else "rogue_spy_only"

    def components(self, session: Session, lang: str) -> list[str]:
        """The Watch token, for the resistance Rogue; none on missions 1 and 2 at 5-6
        players."""
        game = session.game
        if RESISTANCE_ROGUE not in game.characters:
            return []
        small = game.players < 7
        return [BOX + t(lang, "setup.component.watch" + ("_small" if small else ""))]
