"""The Reverser in `status --json` (rules.md §6.2): Reverse cards."""

from __future__ import annotations

from typing import Any

from moderator.public import MISSION
from moderator.rules.modules import part


@part(MISSION, "reverser")
def _mission(m: Any) -> dict[str, Any]:
    return {"reverse": m.reverse}
