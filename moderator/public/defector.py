"""The Defector in `status --json` (rules.md §5.2): the Loyalty cards revealed."""

from __future__ import annotations

from typing import Any

from moderator.public import TABLE
from moderator.rules.modules import defector, part


@part(TABLE, "defector")
def _table(game: Any) -> dict[str, Any]:
    return {"loyalty": {"revealed": list(game.loyalty), "left": len(defector.left(game.loyalty)),
                        "switched": game.defectors_switched}}
