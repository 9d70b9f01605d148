"""The Commander in `status --json` (rules.md §5.1): whom the Assassin named, and where the
Commander sat."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number
from moderator.public import over


@over("assassination", "commander")
def _assassination(game: Any) -> dict[str, Any] | None:
    shot = game.assassination
    if shot is None:
        return None
    return {"target": maybe_number(shot.target), "commander": maybe_number(shot.commander)}
