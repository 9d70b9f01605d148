"""The Trapper module's part of the command line: whose card the leader trapped is given with
the mission, `mission --trap PLAYER` (rules.md §5.3)."""

from moderator.cli.options import Part


class Trapper(Part):
    """No command of its own: its option of `mission`."""

    id = "trapper"
    options = {"trapped": ("--trap", "trap")}
