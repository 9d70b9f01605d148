"""The Inquisitor in `status --json` (rules.md §2.3): who holds the token, who held it."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number, numbers
from moderator.public import TABLE
from moderator.rules.modules import part


@part(TABLE, "inquisitor")
def _table(game: Any) -> dict[str, Any]:
    return {"inquisitor": {"holder": maybe_number(game.inquisitor),
                           "held": numbers(game.inquisitors)}}
