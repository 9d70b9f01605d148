"""The Plot Thickens on the table display (rules.md §3): the cards drawn, held and in effect,
and the approvals No Confidence cancelled (§3.4), marked in the vote grid's outcome row."""

from __future__ import annotations

from html import escape

from moderator import codec
from moderator.display.page import FAIL
from moderator.display.parts import OUTCOMES, SECTIONS, Outcome
from moderator.i18n import t
from moderator.narration.plot import card_name
from moderator.rules.modules import part


@part(SECTIONS, "plot")
def _section(status: dict, names: list[str], lang: str) -> str:
    plot = status["plot"]

    def cards(held: list[dict]) -> str:
        return "".join(f'<li><b>{escape(card_name(lang, c["card"]))}</b> — '
                       f'{escape(names[codec.seat(c["holder"])])}</li>' for c in held)

    rows = [f'<p>{escape(t(lang, "plot.heading", count=plot["deck"]))}</p>']
    if plot["drawn"]:
        drawn = ", ".join(card_name(lang, c) for c in plot["drawn"])
        rows.append(f'<p>{escape(t(lang, "display.plot_drawn", cards=drawn))}</p>')
    for key, held in (("display.plot_pending", plot["pending"]),
                      ("display.plot_held", plot["held"]),
                      ("display.plot_in_effect", plot["in_effect"])):
        if held:
            rows.append(f'<h3>{escape(t(lang, key))}</h3><ul>{cards(held)}</ul>')
    title = escape(t(lang, "display.plot"))
    return f'<section class="plot" id="plot"><h2>{title}</h2>{"".join(rows)}</section>'


def _cancelled(proposal: dict, names: list[str], lang: str, column: int) -> str | None:
    if not proposal.get("cancelled_by"):
        return None
    label = t(lang, "display.no_confidence", name=names[codec.seat(proposal["cancelled_by"])])
    mark = t(lang, "display.mark_no_confidence")
    return (f'<td class="no cancelled" title="{escape(label)}" data-col="{column}">{FAIL}'
            f'<span class="mark">{escape(mark)}</span></td>')


def _legend(proposals: list[dict], lang: str) -> str | None:
    if not any(p.get("cancelled_by") for p in proposals):
        return None
    return t(lang, "display.legend_no_confidence", mark=t(lang, "display.mark_no_confidence"))


OUTCOMES["plot"] = Outcome(_cancelled, _legend)
