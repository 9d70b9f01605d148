"""Rogue Agent module: when a Rogue wins alone (rules.md §7).

Rogue Success cards are visibly different and only the resistance Rogue may play them, so that
Rogue's win is read from the recorded cards. Fail cards all look alike, so for the spy Rogue the
record can only rule a claim out; the rest is the claimant's word, confirmed by the host.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Played(Protocol):
    team: tuple[int, ...]
    fails: int
    succeeded: bool
    rogue_success: int


def resistance_rogue_wins(missions: Sequence[Played], earlier_rule: str) -> bool:
    """Rogue Success on the winning third success and on an earlier mission."""
    *earlier, last = missions
    if not last.rogue_success:
        return False
    if earlier_rule == "same-result":  # house rule: only earlier successes count
        earlier = [m for m in earlier if m.succeeded]
    return any(m.rogue_success for m in earlier)


def spy_claim_refusal(missions: Sequence[Played], seat: int, earlier_rule: str) -> str | None:
    """Why the record rules out a spy Rogue claim by `seat`, as an i18n key; None if it can
    stand (the claimant was on this failed team, which revealed a Fail, and on an earlier team
    that revealed a Fail)."""
    *earlier, last = missions
    if seat not in last.team:
        return "errors.rogue_claim_not_on_team"
    if not last.fails:  # failed without a Fail card (a Reverse card turned it)
        return "errors.rogue_claim_no_fail"
    candidates = [m for m in earlier if seat in m.team and m.fails]
    if earlier_rule == "same-result":
        candidates = [m for m in candidates if not m.succeeded]
    if not candidates:
        return "errors.rogue_claim_no_earlier"
    return None
