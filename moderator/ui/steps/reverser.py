"""The Reverser module in guided play (rules.md §6.2): Reverse cards, asked in the mission
step."""

from __future__ import annotations

from moderator.ui.steps import Steps


class ReverserSteps(Steps, module="reverser"):
    questions = {"reverse": "play.reverse_question"}
