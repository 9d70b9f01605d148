"""The Inquisitor on the table display (rules.md §2.3): who holds the token, who held it."""

from __future__ import annotations

from moderator import codec
from moderator.display.parts import Display, Status
from moderator.i18n import t


class InquisitorDisplay(Display, module="inquisitor"):
    def tokens(self, status: Status, names: list[str], lang: str) -> str | None:
        token = status["inquisitor"]
        if not token["holder"]:
            return None
        return t(lang, "status.inquisitor", holder=names[codec.seat(token["holder"])],
                 held=", ".join(names[s] for s in codec.seats(token["held"])))
