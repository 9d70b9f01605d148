"""The Sergeant module on the table (rules.md §8): its token on the setup sheet, the
Sergeant's mark in the vote history, and the team's command that names the Sergeant."""

from __future__ import annotations

from moderator.i18n import t
from moderator.session import Session
from moderator.ui.parts import BOX, COMPONENTS, MARKS, TEAM_COMMAND, Mark, placed


@placed(COMPONENTS, "sergeant", 30)
def _token(session: Session, lang: str) -> list[str]:
    return [BOX + t(lang, "setup.component.sergeant")]


placed(MARKS, "sergeant", 10)(Mark("sergeant", leader=False,
                                   marked=lambda session: lambda index, p: p.sergeant))
# The leader names the Sergeant with the team where the engine asks for one.
TEAM_COMMAND["sergeant"] = lambda game: \
    "_sergeant" if any(i.name == "sergeant" for i in game.inputs()) else ""
