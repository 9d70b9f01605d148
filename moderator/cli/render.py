"""What the commands print: the setup sheet, and each action's result with what comes now."""

from __future__ import annotations

from moderator.cli.common import Out
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
    if session.game.plot is not None:
        plot_reminders(out, session)
    out.print(views.now(session, out.lang))


def plot_reminders(out: Out, session: Session) -> None:
    """The held Plot cards whose moment has come, in the order players are asked (§3.3)."""
    from moderator.reference.context import reminder_key

    game = session.game
    for card in game.usable():
        if game.plot is not None and card not in game.plot.pending:
            out.say(reminder_key(game, card), holder=session.names[card.holder])
