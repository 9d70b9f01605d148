"""The Commander on the table display (rules.md §5.1): at the end, whom the Assassin named."""

from __future__ import annotations

from html import escape

from moderator import codec
from moderator.display.parts import Display, Status
from moderator.i18n import t


class CommanderDisplay(Display, module="commander"):
    def over(self, status: Status, names: list[str], lang: str) -> str:
        shot = status["assassination"]
        if not (shot and shot.get("target")):
            return ""
        named = t(lang, "display.assassin_named", name=names[codec.seat(shot["target"])])
        return f'<p class="named" id="assassin-named">{escape(named)}</p>'
