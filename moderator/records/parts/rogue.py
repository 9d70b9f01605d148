"""The Rogue module written out (rules.md §7): the Watch token shows on the mission's line
(`W=Dora`), not as an event; Rogue Success cards and the Watch token have their columns."""

from moderator.records.notation import MISSION_COLUMNS, SHOWN_IN_LINES
from moderator.rules.modules.rogue import GiveWatch

SHOWN_IN_LINES.add(GiveWatch.kind)
MISSION_COLUMNS["rogue"] = ("rogue_success", "watch")
