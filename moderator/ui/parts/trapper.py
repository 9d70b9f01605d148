"""The Trapper module on the setup sheet (rules.md §5.3): why there is one Team token more."""

from __future__ import annotations

from moderator.i18n import t
from moderator.session import Session
from moderator.ui.parts import INDENT, Views


class TrapperViews(Views, module="trapper"):
    place = 10

    def components(self, session: Session, lang: str) -> list[str]:
        """Under the Team tokens line, which counts the extra member (rules.md §5.3)."""
        return [INDENT + t(lang, "setup.component.trapper")]
