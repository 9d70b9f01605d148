"""Commands over a game's history: undo, redo, the log, and the list of games."""

from typing import Any, Optional

import typer

from moderator import i18n
from moderator.cli.common import Out, handled, helps, shown
from moderator.cli.options import game_option, lang_option, open_game


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang)

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
        for number, action in enumerate(current.actions, start=1):
            out.say("log.line", number=number,
                    where=narration.where(out.lang, current.names, step, action),
                    text=narration.logged(out.lang, current.names, action, step))
            step = session.taken(step, action)
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
                from moderator.narration import refusals

                rows.append({"game": game_id, "error": refusals.said(
                    error.code, error.params, [], out.lang)})
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
            # each game in its own language (unless --lang) and its own words
            said = out.lang if out.explicit else row["lang"]
            with i18n.speaking(out.theme or row["theme"]):
                state = (
                    i18n.t(said, "games.won", winner=", ".join(
                        i18n.t(said, f"winners.{w['victory']}.{w['winner']}")
                        for w in row["winners"]))
                    if row["winners"] else i18n.t(said, f"phase.{row['phase']}")
                )
            key = "games.current" if row["current"] else "games.row"
            out.console.print(shown(i18n.t(said, key, game=row["game"], count=row["players"],
                                           state=state)), markup=False)


def _move(out: Out, kind: str, game: Optional[str]) -> None:
    from moderator import session
    from moderator.ui import views

    current = open_game(out, game)
    if kind == "undo":
        last = _asked_after_refusal(out, current)
        if last is False:
            return
        moved, action = session.undo(current.game_id, last)
        before = moved.game  # the game as the action taken back found it
    else:
        moved, action = session.redo(current.game_id)
        before = current.game
    out.say(f"history.{kind}", text=describe(out, moved.names, action, before))
    out.print(views.now(moved, out.lang))


def _asked_after_refusal(out: Out, current: Any) -> int | bool | None:
    """`undo` typed at a terminal right after a refused command (which changed nothing) would
    take back the accepted action before it: it names that action and asks first. The line
    of the action the host agreed to take back, None where nothing was asked, False when the
    host keeps it."""
    from moderator.cli import refused

    if not (refused.at_terminal() and current.history.done):
        return None
    command = refused.right_after(current.game_id)
    if command is None:
        return None
    from moderator.ui.prompts import Choice, QuestionaryPrompter

    last = current.history.done[-1]
    out.say("history.after_refusal", command=" ".join(["moderator", *command]),
            text=describe(out, current.names, last.data))
    choices = [Choice(out.t("history.keep"), False), Choice(out.t("history.take_back"), True)]
    if QuestionaryPrompter().select(out.t("history.take_back_question"), choices,
                                    hint=out.t("play.hint_select")):
        return last.line
    out.say("history.kept")
    return False


def describe(out: Out, names: list, action: dict, before: Any = None) -> str:
    """One logged action in words; `before`, the game as the action found it, lets it name
    who acted."""
    from moderator import narration

    return narration.describe_line(out.lang, names, action, before)
