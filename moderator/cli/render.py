"""What the commands print: the setup sheet, and each action's result with what comes now."""

from __future__ import annotations

from moderator.cli.common import Out, shown
from moderator.session import Session


def setup(out: Out, session: Session) -> None:
    """The setup sheet (the checklist of what goes on the table), the reveal to read, and what
    comes now."""
    from moderator import scripts
    from moderator.ui import views

    out.print(views.setup_sheet(session, out.lang))
    out.say("setup.reveal_heading")
    for number, step in enumerate(scripts.for_game(session.game), start=1):
        out.say("setup.reveal_line", number=number, text=out.t(step.key, **step.params))
    out.print(views.now(session, out.lang))


def after(out: Out, session: Session) -> None:
    """The result of the action just recorded, then what comes now."""
    from rich.text import Text

    from moderator.narration import result_lines
    from moderator.ui import views

    for text, style in result_lines(session, out.lang):
        out.print(Text(text, style=style or ""))
    if session.game.usable():  # cards held whose moment has come: the modules remind of them
        from moderator.reference.context import reminders

        for line in reminders(session.game, session.names, out.lang):
            out.console.print(shown(line), markup=False)
    out.print(views.now(session, out.lang))
