"""The Inquisitor module on the table (rules.md §2.3): its token and Loyalty cards on the
setup sheet, and who holds the token under the vote track."""

from __future__ import annotations

from moderator import codec
from moderator.i18n import t
from moderator.rules import Game
from moderator.rules.modules import inquisitor
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class InquisitorViews(Views, module="inquisitor"):
    place, track_place = 70, 10

    def components(self, session: Session, lang: str) -> list[str]:
        holder = session.game.inquisitors[-1]
        return [BOX + t(lang, "setup.component.inquisitor", holder=session.names[holder],
                        seat=codec.number(holder))]

    def loyalty_cards(self, game: Game) -> bool:
        """An examined player hands over a Loyalty card, not the Character card, where a
        special character must stay hidden."""
        return inquisitor.card_shown(game) == inquisitor.LOYALTY_CARD

    def track(self, session: Session, lang: str) -> list[str]:
        """Who holds the token now, and who held it so far."""
        game, names = session.game, session.names
        if game.inquisitor is None:
            return []
        return [t(lang, "status.inquisitor", holder=names[game.inquisitor],
                  held=", ".join(names[s] for s in game.inquisitors))]
