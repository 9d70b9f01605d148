"""The Plot Thickens written out (rules.md §3.4): a team approved, then cancelled with No
Confidence, and by whom."""

from moderator.records.notation import AFTER_VOTE, PROPOSAL_COLUMNS

AFTER_VOTE["cancelled_by"] = "records.line.cancelled"
PROPOSAL_COLUMNS["plot"] = ("cancelled_by",)
