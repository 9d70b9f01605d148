"""The Trapper module in guided play (rules.md §5.3): the trap, asked in the mission step."""

from __future__ import annotations

from moderator.ui.steps import Steps


class TrapperSteps(Steps, module="trapper"):
    questions = {"trapped": "play.trap_question"}
