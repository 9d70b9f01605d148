"""The Trapper module in words (rules.md §5.3): the trapped card."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import MISSION_NOW, field_log

MISSION_NOW["trapped"] = "now.trap"


@field_log("trapped")
def _trapped(lang: str, names: list[str], seat: int) -> str:
    return t(lang, "log.trapped", trapped=names[seat])
