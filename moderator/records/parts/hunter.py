"""The Hunter module written out (rules.md §6.1): Chief Fail cards and a result turned over
by a wrong accusation have their columns."""

from moderator.records.notation import Columns


class HunterColumns(Columns, module="hunter"):
    mission_columns = ("chief_fail", "turned")
