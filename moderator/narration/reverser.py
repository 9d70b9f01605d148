"""The Reverser module in words (rules.md §6.2): Reverse cards."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import MISSION_NOW, field_log

MISSION_NOW["reverse"] = "now.reverse"


@field_log("reverse")
def _reverse(lang: str, names: list[str], count: int) -> str:
    return t(lang, "log.reverse", count=count)
