"""The Rogue module's steps: the Watch token and a spy Rogue's claim (rules.md §7)."""

from typing import Optional

import typer

from moderator.cli.common import Out, handled, helps, maybe_seat_of, seat_of
from moderator.cli.options import bad_usage, game_option, lang_option, open_game, record
from moderator.cli.part import Commands


class RogueCommands(Commands, module="rogue"):
    """The Rogue's commands, and its option of `mission` (the Rogue Success cards)."""

    commands = ("watch", "rogue-claim")
    options = {"rogue_success": ("--rogue-success", "rogue_success")}

    def register(self, app: typer.Typer, lang: str) -> None:
        h = helps(lang)

        @app.command("watch", help=h("watch"))
        @handled
        def watch(
            out: Out,
            holder: str = typer.Argument(..., help=h("holder"), show_default=False),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            current = open_game(out, game)
            from moderator.rules.modules.rogue import GiveWatch

            record(out, current, GiveWatch(seat_of(holder, current.names)))

        @app.command("rogue-claim", help=h("rogue_claim"))
        @handled
        def rogue_claim(
            out: Out,
            claimant: Optional[str] = typer.Argument(None, help=h("claimant"), show_default=False),
            nobody: bool = typer.Option(False, "--nobody", help=h("nobody")),
            game: Optional[str] = game_option(lang),
            lang: Optional[str] = lang_option(lang),
        ) -> None:
            if (claimant is None) == (not nobody):
                bad_usage(out, game, "errors.claim_usage")
            current = open_game(out, game)
            from moderator.rules.modules.rogue import ClaimRogue

            record(out, current, ClaimRogue(maybe_seat_of(claimant, current.names)))
