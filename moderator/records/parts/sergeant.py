"""The Sergeant module written out (rules.md §8): the switch shows on the mission's line
(`⇄Carl`), not as an event; the Sergeant and the switch have their columns."""

from moderator.records.notation import Columns
from moderator.rules.modules.sergeant import SwitchCard


class SergeantColumns(Columns, module="sergeant"):
    shown_in_lines = (SwitchCard,)
    proposal_columns = ("sergeant",)
    mission_columns = ("switched",)
