"""The Reverser module in words (rules.md §6.2): Reverse cards."""

from __future__ import annotations

from moderator.i18n import t
from moderator.narration import Sentences
from moderator.rules.actions import Action


class ReverserSentences(Sentences[Action], module="reverser"):
    mission_now = {"reverse": "now.reverse"}

    def field(self, name: str, value: int, names: list[str], lang: str) -> str:
        return t(lang, "log.reverse", count=value)
