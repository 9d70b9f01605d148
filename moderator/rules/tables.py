"""The numbers printed on the rulebook's charts (rules.md §1.1, §1.2, §1.5)."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 5, 10

#: players -> (resistance, spies); rules.md §1.1
SIDES: dict[int, tuple[int, int]] = {
    5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3), 9: (6, 3), 10: (6, 4),
}

#: players -> team size of missions 1..5; rules.md §1.2
TEAM_SIZES: dict[int, tuple[int, int, int, int, int]] = {
    5: (2, 3, 2, 3, 3),
    6: (2, 3, 4, 3, 4),
    7: (2, 3, 3, 4, 4),
    8: (3, 4, 4, 5, 5),
    9: (3, 4, 4, 5, 5),
    10: (3, 4, 4, 5, 5),
}

MISSIONS = 5
WINS_NEEDED = 3  # successes for the resistance, failures for the spies (rules.md §1.6)
MAX_REJECTIONS = 5  # the fifth rejected proposal of a round ends the game (rules.md §1.4)

#: The mission space that needs two Fail cards, and from how many players (rules.md §1.5).
TWO_FAIL_MISSION, TWO_FAIL_MIN_PLAYERS = 4, 7


def fails_needed(players: int, mission: int) -> int:
    """How many Fail cards make this mission space fail."""
    return 2 if mission == TWO_FAIL_MISSION and players >= TWO_FAIL_MIN_PLAYERS else 1


def spies(players: int) -> int:
    return SIDES[players][1]


def team_size(players: int, mission: int) -> int:
    return TEAM_SIZES[players][mission - 1]
