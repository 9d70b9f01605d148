"""What the table saw, as records: every proposal with its vote, every mission with its cards.

Both carry the fields of every module's tokens and cards (the Sergeant, the Watch token, Rogue
Success, …), at their defaults when the module is not in play: the records are what the
notation, the exports and `status --json` read, field by field, in this order.

They are named tuples: immutable like the game, and made in a fraction of a frozen
dataclass's time (random games make millions).
"""

from __future__ import annotations

from typing import NamedTuple


class Proposal(NamedTuple):
    """A team put to the vote; `approvals` is None until the vote is in."""

    mission: int
    attempt: int
    leader: int
    team: tuple[int, ...]
    approvals: frozenset[int] | None = None
    approved: bool | None = None
    sergeant: int | None = None  # Sergeant module: the team member the leader named
    cancelled_by: int | None = None  # Plot: who cancelled the approval with No Confidence
    investigator: int | None = None  # Hunter module: who got the Investigator token


class Mission(NamedTuple):
    """A mission that was carried out, with the number of Fail cards revealed."""

    mission: int
    team: tuple[int, ...]
    fails: int
    succeeded: bool
    rogue_success: int = 0  # Rogue module: Rogue Success cards revealed
    sergeant: int | None = None
    switched: int | None = None  # whom the Sergeant ordered to switch cards
    watch: int | None = None  # who held the Watch token
    reverse: int = 0  # Reverser module: Reverse cards revealed
    trapped: int | None = None  # Trapper module: whose card the leader took out
    chief_fail: int = 0  # Hunter module at 7+: Chief Fail cards revealed (each counts as a Fail)
    leader: int | None = None
    investigator: int | None = None  # Hunter module: who held the Investigator token
    turned: int = 0  # Hunter module: how often a wrong accusation turned the result over
