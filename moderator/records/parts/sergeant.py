"""The Sergeant module written out (rules.md §8): the switch shows on the mission's line
(`⇄Carl`), not as an event; the Sergeant and the switch have their columns."""

from moderator.records.notation import MISSION_COLUMNS, PROPOSAL_COLUMNS, SHOWN_IN_LINES
from moderator.rules.modules.sergeant import SwitchCard

SHOWN_IN_LINES.add(SwitchCard.kind)
PROPOSAL_COLUMNS["sergeant"] = ("sergeant",)
MISSION_COLUMNS["sergeant"] = ("switched",)
