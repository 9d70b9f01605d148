"""The Sergeant on the table display (rules.md §8): the Sergeant's mark in the vote grid."""

from __future__ import annotations

from moderator.display.parts import MARKS, Mark
from moderator.i18n import t


def _mark(proposal: dict, seat: int, lang: str) -> str | None:
    return t(lang, "display.mark_sergeant") if proposal.get("sergeant") == seat else None


def _legend(proposals: list[dict], lang: str) -> str | None:
    if not any("sergeant" in p for p in proposals):
        return None
    return t(lang, "display.legend_sergeant", mark=t(lang, "display.mark_sergeant"))


MARKS["sergeant"] = Mark(_mark, _legend)
