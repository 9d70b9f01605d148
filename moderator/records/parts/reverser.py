"""The Reverser module written out (rules.md §6.2): the Reverse cards have their column."""

from moderator.records.notation import MISSION_COLUMNS

MISSION_COLUMNS["reverser"] = ("reverse",)
