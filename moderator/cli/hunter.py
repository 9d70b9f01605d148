"""The Hunter module's steps: investigations, accusations and the Blame (rules.md §6.1)."""

import contextlib
from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Out, Refusal, handled, seat_of
from moderator.cli.game import _open, game_option, lang_option
from moderator.rules import RuleError
from moderator.store import StoreError


def register(app: typer.Typer, lang: str) -> None:
    h = lambda key: i18n.t(lang, f"help.{key}")  # noqa: E731

    @app.command("investigate", help=h("investigate"))
    @handled
    def investigate(
        out: Out,
        player: str = typer.Argument(..., help=h("investigated"), show_default=False),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        action = {"type": "investigate", "player": seat_of(player, current.names) + 1}
        render.after(out, session.act(current.game_id, action))

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
        from moderator import session
        from moderator.cli import render

        if (accused is None) == (not nobody) or (accused is not None and shows is None):
            with contextlib.suppress(RuleError, StoreError):  # only to speak the game's language
                _open(out, session, game)
            raise Refusal("errors.accuse_usage", exit_code=USAGE)
        current = _open(out, session, game)
        action = {"type": "accuse", "accused": None}
        if accused is not None:
            action.update(accused=seat_of(accused, current.names) + 1, shown=shows)
        render.after(out, session.act(current.game_id, action))

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
        from moderator import session
        from moderator.cli import render

        current = _open(out, session, game)
        action = {"type": "blame", "deep_agent": seat_of(deep_agent, current.names) + 1,
                  "blamed": seat_of(blamed, current.names) + 1, "pretender": pretender}
        render.after(out, session.act(current.game_id, action))
