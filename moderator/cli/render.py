"""What the commands print: the setup sheet, and each action's result with what comes now."""

from __future__ import annotations

from moderator import public
from moderator.cli.common import Out
from moderator.session import Session


def setup(out: Out, session: Session) -> None:
    """The setup sheet: the deck to shuffle, the first leader, the reveal to read."""
    from moderator import scripts
    from moderator.ui import views

    game, names = session.game, session.names
    out.say("setup.created", game=session.game_id, count=game.players,
            language=out.t(f"language.{session.lang}"))
    for variant in sorted(game.variants):
        out.say("setup.variant", name=out.t(f"variant.{variant}"),
                summary=out.t(f"variant_summary.{variant}"))
    for module in sorted(game.modules):
        out.say("setup.module", name=out.t(f"module.{module}"))
        out.say(f"setup.module_note.{module}")
    cards = public.setup_deck(game)
    out.say("setup.deck", count=sum(cards.values()))
    for card, count in cards.items():
        out.say("setup.card", count=count, card=out.t(f"card.{card}"))
    leader = names[game.first_leader]
    how = "setup.leader_chosen" if session.history.setup["leader_chosen"] else "setup.leader_random"
    out.say(how, leader=leader, seat=game.first_leader + 1)
    out.say("setup.reveal_heading")
    for number, step in enumerate(scripts.for_game(game), start=1):
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
    game = session.game
    for card in game.usable():
        if card not in game.plot.pending:
            out.say(f"plot_now.{card.card}", holder=session.names[card.holder])
