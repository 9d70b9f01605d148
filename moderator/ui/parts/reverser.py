"""The Reverser module on the setup sheet (rules.md §6.2): the Reverse Mission cards."""

from __future__ import annotations

from moderator.i18n import t
from moderator.session import Session
from moderator.ui.parts import BOX, Views


class ReverserViews(Views, module="reverser"):
    place = 40

    def components(self, session: Session, lang: str) -> list[str]:
        return [BOX + t(lang, "setup.component.reverse")]
