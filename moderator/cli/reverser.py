"""The Reverser module's part of the command line: the revealed Reverse cards are counted
with the mission, `mission --reverse N` (rules.md §6.2)."""

from moderator.cli.part import Commands


class ReverserCommands(Commands, module="reverser"):
    """No command of its own: its option of `mission`."""

    options = {"reverse": ("--reverse", "reverse")}
