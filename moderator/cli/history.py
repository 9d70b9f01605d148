"""Commands over a game's history: undo, redo, the log, and the list of games."""

from typing import Any, Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, handled
from moderator.cli.options import game_option, lang_option, open_game


def register(app: typer.Typer, lang: str) -> None:
    h = lambda key: i18n.t(lang, f"help.{key}")  # noqa: E731

    @app.command("undo", help=h("undo"))
    @handled
    def undo(
        out: Out,
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        _move(out, "undo", game)

    @app.command("redo", help=h("redo"))
    @handled
    def redo(
        out: Out,
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        _move(out, "redo", game)

    @app.command("log", help=h("log"))
    @handled
    def log(
        out: Out,
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session

        current = open_game(out, game)
        actions = [entry.data for entry in current.history.done]
        if as_json:
            out.json({
                "game": current.game_id,
                "players": current.names,
                "first_leader": current.history.setup["first_leader"],
                "actions": actions,
                "undone": [e.data for e in reversed(current.history.undone)],
            })
            return
        out.say("log.heading", game=current.game_id, count=len(actions))
        from moderator import narration

        step = session.new_game(current.history.setup)
        for number, action in enumerate(actions, start=1):
            out.say("log.line", number=number,
                    where=narration.where(out.lang, current.names, step, action),
                    text=narration.logged(out.lang, current.names, action))
            step = session.apply(step, action)
        if current.history.undone:
            out.say("log.undone", count=len(current.history.undone))

    @app.command("games", help=h("games"))
    @handled
    def games(
        out: Out,
        as_json: bool = typer.Option(False, "--json", help=h("json")),
        lang: Optional[str] = lang_option(lang),
    ) -> None:
        from moderator import session, store

        ids = store.game_ids()
        chosen = store.current(ids)
        rows: list[dict[str, Any]] = []
        for game_id in ids:
            try:
                current = session.open_game(game_id)
            except store.StoreError as error:
                rows.append({"game": game_id, "error": out.t(error.code, **error.params)})
                continue
            g = current.game
            rows.append({
                "game": game_id,
                "created": current.history.setup.get("created"),
                "players": g.players,
                "lang": current.lang,
                "phase": g.phase,
                "winner": g.winner,
                "reason": g.reason,
                "winners": [{"winner": w, "victory": v} for w, v in g.winners],
                "current": game_id == chosen,
                "theme": current.theme,
            })
        if as_json:
            out.json(rows)
            return
        if not rows:
            out.say("games.none", home=str(store.home()))
            return
        for row in rows:
            if "error" in row:
                out.say("games.broken", game=row["game"], error=row["error"])
                continue
            with i18n.speaking(out.theme or row["theme"]):  # each game in its own words
                state = (
                    out.t("games.won", winner=", ".join(
                        out.t(f"winners.{w['victory']}.{w['winner']}") for w in row["winners"]))
                    if row["winners"] else out.t(f"phase.{row['phase']}")
                )
            key = "games.current" if row["current"] else "games.row"
            out.say(key, game=row["game"], count=row["players"], state=state)


def _move(out: Out, kind: str, game: Optional[str]) -> None:
    from moderator import session
    from moderator.ui import views

    current = open_game(out, game)
    moved, action = (session.undo if kind == "undo" else session.redo)(current.game_id)
    out.say(f"history.{kind}", text=describe(out, moved.names, action))
    out.print(views.now(moved, out.lang))


def describe(out: Out, names: list, action: dict) -> str:
    """One logged action in words (shared with guided play's undo)."""
    from moderator import narration

    return narration.describe_line(out.lang, names, action)
