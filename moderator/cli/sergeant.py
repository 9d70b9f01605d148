"""The Sergeant module's switch, recorded on its own before the reveal (rules.md §8)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps, maybe_seat_of
from moderator.cli.options import bad_usage, game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class SergeantCommands(Commands, module="sergeant"):
    """The Sergeant's switch, a part of the mission recorded on its own before the reveal,
    and its options of `propose` (the Sergeant) and `mission` (whom the Sergeant made
    switch)."""

    commands = ("switch",)
    part_of = "mission"
    options = {"sergeant": ("--sergeant", "sergeant"), "switched": ("--switch", "switch")}

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("switch", help=h("switch_command"))
        @handled
        def switch(
            out: Out,
            switched: Optional[str] = typer.Argument(None, help=h("switched"), show_default=False),
            nobody: bool = typer.Option(False, "--nobody", help=h("switch_nobody")),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            if (switched is None) == (not nobody):
                bad_usage(out, game, "errors.switch_usage")
            current = open_game(out, game)
            from moderator.rules.modules.sergeant import SwitchCard

            record(out, current, SwitchCard(maybe_seat_of(switched, current.names)))
