"""The Reverser module written out (rules.md §6.2): the Reverse cards have their column."""

from moderator.records.notation import Columns


class ReverserColumns(Columns, module="reverser"):
    mission_columns = ("reverse",)
