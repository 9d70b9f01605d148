"""The Reverser module's part of the command line: the revealed Reverse cards are counted
with the mission, `mission --reverse N` (rules.md §6.2)."""

from moderator.cli.options import Part


class Reverser(Part):
    """No command of its own: its option of `mission`."""

    id = "reverser"
    options = {"reverse": ("--reverse", "reverse")}
