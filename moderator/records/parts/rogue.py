"""The Rogue module written out (rules.md §7): the Watch token shows on the mission's line
(`W=Dora`), not as an event; Rogue Success cards and the Watch token have their columns."""

from moderator.records.notation import Columns
from moderator.rules.modules.rogue import GiveWatch


class RogueColumns(Columns, module="rogue"):
    shown_in_lines = (GiveWatch,)
    mission_columns = ("rogue_success", "watch")
