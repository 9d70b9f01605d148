"""The Hunter module's pure rules (rules.md §6.1): Chief Fail cards, who investigates, which
Hunter Loyalty cards are in use, and what an accusation decides."""

from __future__ import annotations

#: From this many players on: Chief Fail cards and three kinds of Hunter Loyalty card.
CHIEF_FAIL_PLAYERS = 7

#: What the accused player's card shows when a Hunter accuses them.
CHIEF, NOT_CHIEF, COORDINATOR = "chief", "not-chief", "coordinator"


def spy_chiefs(players: int) -> int:
    """How many spy Chiefs: two at 10 players, else one (rules.md §6.1)."""
    return 2 if players >= 10 else 1


def chief_fail_cards(players: int) -> bool:
    """At 7+ each spy Chief plays Chief Fail instead of an ordinary Fail."""
    return players >= CHIEF_FAIL_PLAYERS


def loyalty_cards(players: int) -> str:
    """The Hunter Loyalty cards in use: `two` (Chief, Not a Chief) at 5-6 players, `three`
    (spy Chief, resistance Chief, Not a Chief) at 7+."""
    return "three" if players >= CHIEF_FAIL_PLAYERS else "two"


def verdict(accuser: str, shown: str, coordinator: bool) -> str | None:
    """What an accusation decides: "found" (the accuser's side wins), "wrong" (the mission
    turns over), or None if `shown` cannot answer this accusation (an i18n key is chosen by
    the caller). Only the spy Hunter can hit the Coordinator, which wins for the spies."""
    if shown == CHIEF:
        return "found"
    if shown == NOT_CHIEF:
        return "wrong"
    if shown == COORDINATOR and accuser == "spies" and coordinator:
        return "coordinator"
    return None
