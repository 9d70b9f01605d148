"""The Trapper module written out (rules.md §5.3): whose card was trapped has its column."""

from moderator.records.notation import MISSION_COLUMNS

MISSION_COLUMNS["trapper"] = ("trapped",)
