"""The Defector on the table display (rules.md §5.2): the Loyalty cards revealed."""

from __future__ import annotations

from moderator.display.parts import SHOWN
from moderator.i18n import t
from moderator.rules.modules import part


@part(SHOWN, "defector")
def _loyalty(status: dict, names: list[str], lang: str) -> str:
    loyalty = status["loyalty"]
    shown = ", ".join(t(lang, f"loyalty_card.{c}") for c in loyalty["revealed"])
    return t(lang, "status.loyalty", count=len(loyalty["revealed"]), cards=shown,
             left=loyalty["left"])
