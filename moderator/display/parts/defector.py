"""The Defector on the table display (rules.md §5.2): the Loyalty cards revealed."""

from __future__ import annotations

from moderator.display.parts import Display, Status
from moderator.i18n import t


class DefectorDisplay(Display, module="defector"):
    def shown(self, status: Status, names: list[str], lang: str) -> str:
        loyalty = status["loyalty"]
        shown = ", ".join(t(lang, f"loyalty_card.{c}") for c in loyalty["revealed"])
        return t(lang, "status.loyalty", count=len(loyalty["revealed"]), cards=shown,
                 left=loyalty["left"])
