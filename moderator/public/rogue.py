"""The Rogue in `status --json` (rules.md §7): Rogue Success cards and the Watch token."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number
from moderator.public import MISSION, TABLE
from moderator.rules.modules import part


@part(MISSION, "rogue")
def _mission(m: Any) -> dict[str, Any]:
    return {"rogue_success": m.rogue_success, "watch": maybe_number(m.watch)}


@part(TABLE, "rogue")
def _table(game: Any) -> dict[str, Any]:
    return {"watch": maybe_number(game.watch)}
