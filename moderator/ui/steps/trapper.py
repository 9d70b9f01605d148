"""The Trapper module in guided play (rules.md §5.3): the trap, asked in the mission step."""

from __future__ import annotations

from moderator.ui.steps import QUESTIONS

QUESTIONS["trapped"] = "play.trap_question"
