"""The Hunter module on the table (rules.md §6.1): its cards and token on the setup sheet,
and the command of the accusation with what the accused player's card can show."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules import hunter
from moderator.rules.modules.hunter import ACCUSATION
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class HunterViews(Views, module="hunter"):
    place = 50

    def components(self, session: Session, lang: str) -> list[str]:
        """Chief Fail cards (not at 5-6 players), the Hunter Loyalty cards of this player
        count, and the Investigator token."""
        players = session.game.players
        lines = [BOX + t(lang, "setup.component.chief_fail")] \
            if hunter.chief_fail_cards(players) else []
        kinds = hunter.loyalty_cards(players)
        return [*lines, BOX + t(lang, f"setup.component.hunter_loyalty.{kinds}"),
                BOX + t(lang, "setup.component.investigator")]

    def command(self, game: Game) -> tuple[str, dict[str, str]] | None:
        """The accusation, or the early one that may be declined; with what an accused
        player's card can show in this game (the Coordinator only when the game has one)."""
        if game.phase != ACCUSATION:
            return None
        key = "accusation_early" if hunter.state(game).early else "accusation"
        return key, {"shows": "|".join(hunter.shown_cards(game))}
