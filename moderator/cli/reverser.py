"""The Reverser module's part of the command line: the revealed Reverse cards are counted
with the mission, `mission --reverse N` (rules.md §6.2)."""

from moderator.cli.options import field_options

#: The Reverser module's option of `mission`, by the field of the action it gives.
field_options(reverse=("--reverse", "reverse"))
