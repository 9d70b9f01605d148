"""The Plot Thickens on the table display (rules.md §3): the cards drawn, held and in effect.
(The approvals No Confidence cancelled are its public outcome mark, `public/plot.py`.)"""

from __future__ import annotations

from html import escape

from moderator import codec
from moderator.display.parts import Display, Status
from moderator.i18n import t
from moderator.narration.plot import card_name


class PlotDisplay(Display, module="plot"):
    def section(self, status: Status, names: list[str], lang: str) -> str:
        plot = status["plot"]

        def cards(held: list[Status]) -> str:
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
