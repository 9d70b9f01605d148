"""The Reverser in `status --json` (rules.md §6.2): Reverse cards."""

from __future__ import annotations

from moderator.public import Keys
from moderator.rules import Mission


class ReverserKeys(Keys, module="reverser"):
    def mission(self, mission: Mission) -> dict[str, object]:
        return {"reverse": mission.reverse}
