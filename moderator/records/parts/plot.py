"""The Plot Thickens written out (rules.md §3.4): a team approved, then cancelled with No
Confidence, and by whom."""

from moderator.records.notation import Columns


class PlotColumns(Columns, module="plot"):
    after_vote = {"cancelled_by": "records.line.cancelled"}
    proposal_columns = ("cancelled_by",)
