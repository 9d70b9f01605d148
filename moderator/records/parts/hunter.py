"""The Hunter module written out (rules.md §6.1): Chief Fail cards and a result turned over
by a wrong accusation have their columns."""

from moderator.records.notation import MISSION_COLUMNS

MISSION_COLUMNS["hunter"] = ("chief_fail", "turned")
