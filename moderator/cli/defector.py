"""The Defector module's Loyalty card at the start of rounds 3, 4 and 5 (rules.md §5.2)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps
from moderator.cli.options import game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class DefectorCommands(Commands, module="defector"):
    """`loyalty`: the Loyalty card of the round."""

    commands = ("loyalty",)

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("loyalty", help=h("loyalty"))
        @handled
        def loyalty(
            out: Out,
            card: Optional[str] = typer.Argument(None, help=h("loyalty_card"), show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            from moderator import session

            from moderator.rules.modules.defector import LOYALTY, RevealLoyalty

            current = open_game(out, game)
            if card is None and current.game.phase == LOYALTY:
                card = session.draw(current, LOYALTY)[0]
            record(out, current, RevealLoyalty(card))  # type: ignore[arg-type]  # None: refused
