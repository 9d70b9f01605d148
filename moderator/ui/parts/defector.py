"""The Defector module on the table (rules.md §5.2): its Loyalty deck on the setup sheet, and
the Loyalty cards revealed so far under the vote track."""

from __future__ import annotations

from moderator.i18n import t
from moderator.rules.modules import defector
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class DefectorViews(Views, module="defector"):
    place, track_place = 60, 20

    def components(self, session: Session, lang: str) -> list[str]:
        return [BOX + t(lang, "setup.component.defector")]

    def track(self, session: Session, lang: str) -> list[str]:
        """The Loyalty cards turned over so far, and how many are left."""
        loyalty = session.game.loyalty
        cards = ", ".join(t(lang, f"loyalty_card.{card}") for card in loyalty)
        return [t(lang, "status.loyalty", count=len(loyalty), cards=cards,
                  left=len(defector.left(loyalty)))]
