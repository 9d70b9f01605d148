"""The Commander module's Assassination after the third success (rules.md §5.1)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps, seat_of
from moderator.cli.options import game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class CommanderCommands(Commands, module="commander"):
    """`assassinate`: the Assassin names the Commander."""

    commands = ("assassinate",)

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("assassinate", help=h("assassinate"))
        @handled
        def assassinate(
            out: Out,
            target: str = typer.Argument(..., help=h("target"), show_default=False),
            commander: str = typer.Option(..., "--commander", "--merlin", help=h("commander"),
                                          show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.commander import Assassinate

            record(out, current, Assassinate(
                seat_of(target, current.names), seat_of(commander, current.names)))
