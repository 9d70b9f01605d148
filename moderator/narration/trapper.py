"""The Trapper module in words (rules.md §5.3): the trapped card."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Sentences
from moderator.rules.actions import Action


class TrapperSentences(Sentences[Action], module="trapper"):
    mission_now = {"trapped": "now.trap"}

    def field(self, name: str, value: int, names: list[str], lang: str) -> str:
        return t(lang, "log.trapped", trapped=names[value])
