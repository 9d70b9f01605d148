"""The Trapper module written out (rules.md §5.3): whose card was trapped has its column."""

from moderator.records.notation import Columns


class TrapperColumns(Columns, module="trapper"):
    mission_columns = ("trapped",)
