"""The Hunter module's steps: investigations, accusations and the Blame (rules.md §6.1)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps, seat_of
from moderator.cli.options import bad_usage, game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class HunterCommands(Commands, module="hunter"):
    """The Hunter's commands, and its options of `propose` (the Investigator token) and
    `mission` (the Chief Fail cards)."""

    commands = ("investigate", "accuse", "blame")
    options = {"investigator": ("--investigator", "investigator"),
               "chief_fail": ("--chief-fail", "chief_fail")}

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("investigate", help=h("investigate"))
        @handled
        def investigate(
            out: Out,
            player: str = typer.Argument(..., help=h("investigated"), show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.hunter import Investigate

            record(out, current, Investigate(seat_of(player, current.names)))

        @app.command("accuse", help=h("accuse"))
        @handled
        def accuse(
            out: Out,
            accused: Optional[str] = typer.Argument(None, help=h("accused"), show_default=False),
            shows: Optional[str] = typer.Option(None, "--shows", help=h("shows")),
            nobody: bool = typer.Option(False, "--nobody", help=h("no_accusation")),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            if (accused is None) == (not nobody) or (accused is not None and shows is None):
                bad_usage(out, game, "errors.accuse_usage")
            current = open_game(out, game)
            from moderator.rules.modules.hunter import Accuse

            if accused is None:
                record(out, current, Accuse(None))
            else:
                record(out, current, Accuse(seat_of(accused, current.names), shows))

        @app.command("blame", help=h("blame"))
        @handled
        def blame(
            out: Out,
            blamed: str = typer.Argument(..., help=h("blamed"), show_default=False),
            deep_agent: str = typer.Option(..., "--deep-agent", help=h("deep_agent"),
                                           show_default=False),
            pretender: bool = typer.Option(..., "--pretender/--not-pretender", help=h("pretender"),
                                           show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.hunter import Blame

            record(out, current, Blame(seat_of(deep_agent, current.names),
                                       seat_of(blamed, current.names), pretender))
