"""A group's records: games out of the log and back in, the season's statistics, and random
games as a balance check.

Everything here reads games through `moderator.session` and `moderator.store` and the
engine's public state, never the log's layout, so a new kind of action (a module's) is
exported as what it is instead of breaking the export.
"""
