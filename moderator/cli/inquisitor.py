"""The Inquisitor module's examination between missions (rules.md §2.3)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps, seat_of
from moderator.cli.options import game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class InquisitorCommands(Commands, module="inquisitor"):
    """`examine`: the holder of the Inquisitor token examines a player."""

    commands = ("examine",)

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("examine", help=h("examine"))
        @handled
        def examine(
            out: Out,
            player: str = typer.Argument(..., help=h("examined"), show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.inquisitor import Examine

            record(out, current, Examine(seat_of(player, current.names)))
