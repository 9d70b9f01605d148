"""The Trapper module's part of the command line: whose card the leader trapped is given with
the mission, `mission --trap PLAYER` (rules.md §5.3)."""

from moderator.cli.options import field_options

#: The Trapper module's option of `mission`, by the field of the action it gives.
field_options(trapped=("--trap", "trap"))
