"""The Trapper in `status --json` (rules.md §5.3): the trapped card."""

from __future__ import annotations

from typing import Any

from moderator.codec import maybe_number
from moderator.public import MISSION
from moderator.rules.modules import part


@part(MISSION, "trapper")
def _mission(m: Any) -> dict[str, Any]:
    return {"trapped": maybe_number(m.trapped)}
