"""The Sergeant in `status --json` (rules.md §8): who was named, and whom they switched."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number
from moderator.public import MISSION, PROPOSAL, TABLE
from moderator.rules.modules import part


@part(PROPOSAL, "sergeant")
def _proposal(p: Any) -> dict[str, Any]:
    return {"sergeant": maybe_number(p.sergeant)}


@part(MISSION, "sergeant")
def _mission(m: Any) -> dict[str, Any]:
    return {"sergeant": maybe_number(m.sergeant), "switched": maybe_number(m.switched)}


@part(TABLE, "sergeant")
def _table(game: Any) -> dict[str, Any]:
    return {"sergeant": maybe_number(game.sergeant)}
