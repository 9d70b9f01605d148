"""The Inquisitor (rules.md §2.3, §5.4): who starts with the token, and when it is used."""

from __future__ import annotations

#: After these missions the token holder examines a player (never after mission 1).
EXAMINED_AFTER = (2, 3, 4)


def first_holder(first_leader: int, players: int) -> int:
    """The player to the first leader's right: the last to lead in a full rotation."""
    return (first_leader - 1) % players


def due(modules: frozenset[str], missions_done: int, last_mission: int, targeting: bool,
        timing: str) -> bool:
    """Is an examination due now that a mission is over and the game goes on? Under Targeting
    the setting `inquisitor-targeting-timing` counts completed missions (default) or the
    tableau space just played (rules.md §2.1, §13)."""
    if "inquisitor" not in modules:
        return False
    if targeting and timing == "mission-spaces":
        return last_mission in EXAMINED_AFTER
    return missions_done in EXAMINED_AFTER
