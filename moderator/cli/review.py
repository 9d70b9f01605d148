"""`moderator review`: after the game, its timeline and what its public record proved
(design.md §4; records/review.py); during the game only with `--now`, which warns that it
shows the table a deduction."""

from typing import List, Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, Refusal, handled, helps, seat_of
from moderator.cli.options import game_option, lang_option, open_game


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang, "review.help")

    @app.command("review", help=h("command"))
    @handled
    def review(
        out: Out,
        now: bool = typer.Option(False, "--now", help=h("now")),
        assume: Optional[List[str]] = typer.Option(None, "--assume", help=h("assume")),
        as_json: bool = typer.Option(False, "--json", help=i18n.t(lang, "help.json")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator.cli.common import shown
        from moderator.records import review as reviewed
        from moderator.rules import GAME_OVER

        current = open_game(out, game)
        if current.game.phase != GAME_OVER:
            if not now:
                raise Refusal("review.errors.running", game=current.game_id)
            out.error(out.t("review.now_warning"))
        claims = [claim(out, entry, current.names) for entry in assume or []]
        done = reviewed.review(current, out.lang, claims)
        if as_json:
            out.json(reviewed.as_json(done))
            return
        for line in reviewed.lines(done, out.lang):
            out.console.print(shown(line), markup=False)


def claim(out: Out, entry: str, names: list[str]) -> tuple[int, bool]:
    """`Dora:resistance` or `Ben:spy` (the words of `moderator roles`, in either language)."""
    words = {"resistance": False, "spy": True}
    for side, spy in list(words.items()):
        words[out.t(f"records.side.{side}").casefold()] = spy
    who, sep, side = entry.rpartition(":")
    if not sep or side.strip().casefold() not in words:
        raise Refusal("records.errors.side_unknown", given=entry,
                      known=out.t("records.side.known"))
    return seat_of(who, names), words[side.strip().casefold()]
