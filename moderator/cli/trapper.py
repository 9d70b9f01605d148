"""The Trapper module's part of the command line: whose card the leader trapped is given with
the mission, `mission --trap PLAYER` (rules.md §5.3)."""

from moderator.cli.part import Commands


class TrapperCommands(Commands, module="trapper"):
    """No command of its own: its option of `mission`."""

    options = {"trapped": ("--trap", "trap")}
