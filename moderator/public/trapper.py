"""The Trapper in `status --json` (rules.md §5.3): the trapped card."""

from __future__ import annotations

from moderator.codec import maybe_number
from moderator.public import Keys
from moderator.rules import Mission


class TrapperKeys(Keys, module="trapper"):
    def mission(self, mission: Mission) -> dict[str, object]:
        return {"trapped": maybe_number(mission.trapped)}
