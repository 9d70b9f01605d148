"""The Commander on the table display (rules.md §5.1): at the end, whom the Assassin named."""

from __future__ import annotations

from html import escape

from moderator import codec
from moderator.display.parts import OVER
from moderator.i18n import t
from moderator.rules.modules import part


@part(OVER, "commander")
def _named(status: dict, names: list[str], lang: str) -> str:
    shot = status["assassination"]
    if not (shot and shot.get("target")):
        return ""
    named = t(lang, "display.assassin_named", name=names[codec.seat(shot["target"])])
    return f'<p class="named" id="assassin-named">{escape(named)}</p>'
