"""The page's data: everything the table display shows, as plain JSON-ready values.

It is made only of what the whole table sees: the public view (`public.status`, the keys of
`status --json`), the sentences of `narration`, the board's sizes from the rules' tables, and
the live signals (`live`: the reveal, the discussion timer), and after the game its review
and tonight's tally (`after`). The game's setup line, with its seed, never reaches it; nor do
the sides entered after a game (`moderator roles`) while a newer game exists. The page
(`page.render`) is drawn from this data alone, so what this holds is all a screen can ever
show (the few keys for the server alone are taken out before it is sent).
"""

from __future__ import annotations

import time

from moderator import i18n, live, narration, public, store
from moderator.display import after
from moderator.i18n import speaking
from moderator.rules import GAME_OVER, tables
from moderator.rules.actions import Sides, Vote
from moderator.session import Session, open_game

#: Result styles of `narration.result_lines`, as the page's colour classes.
TONES = {"blue": "resistance", "red": "spies", "yellow": "warning"}


def of_game(game_id: str | None, lang: str | None, show_votes: bool | None,
            theme: str | None = None) -> dict:
    """The page for `game_id` (None: the newest game), or the translated reason it cannot be
    shown (no game yet, a damaged or missing file), in `theme`'s words or the game's."""
    try:
        wanted = store.resolve(game_id)
        current = open_game(wanted)
    except store.StoreError as error:
        return failure(lang, error.code, error.params)
    newest = store.game_ids()[-1:] == [wanted]
    with speaking(theme or current.theme):
        data = snapshot(current, lang or current.lang, show_votes, live.read(wanted), newest)
    aside = current.history.set_aside
    # for the server: a torn line set aside on this load, and how many lines the log has now
    data["set_aside"], data["actions"] = (str(aside) if aside else None), current.history.lines
    return data


def snapshot(current: Session, lang: str, show_votes: bool | None, signals: dict,
             newest: bool) -> dict:
    """The page's data for a loaded game. `show_votes` None follows the game's setting;
    `signals` is `live.read`; `newest` says that no later game has been started."""
    if show_votes is None:
        show_votes = current.history.setup.get("table", {}).get("vote_history", True)
    status = public.status(current)
    if not show_votes:  # the group plays from memory: no one's vote stays on the screen
        status["proposals"] = [{k: v for k, v in p.items() if k not in ("approve", "reject")}
                               for p in status["proposals"]]
    over = current.game.phase == GAME_OVER
    games = after.tonight_games() if over and newest else []  # no game is running
    return {
        "kind": "game",
        "lang": lang,
        "theme": i18n.theme(),  # the words it is made in: the page is drawn in them too
        "game": current.game_id,
        "status": status,
        "show_votes": show_votes,
        "board": board(current),
        "warnings": list(current.game.warnings()),  # the engine's: `fifth_proposal`, …
        "banner": narration.describe_now(current, lang),
        "last": [] if over else last_action(current, lang, show_votes),
        "spies_were": spies_were(current) if over and newest else None,
        "resistance_were": resistance_were(current) if over and newest else None,
        "dark": signals.get(live.REVEAL, False),
        "timer": None if over else timer(signals.get(live.TIMER), len(status["proposals"])),
        # after the game: its review and tonight's tally, a step at a time
        "after": after.steps(current, lang, show_votes, newest, games) if over else [],
        # for the server, never sent: the other games whose files the tally depends on
        "also": [game.game_id for game in games],
    }


def failure(lang: str | None, code: str, params: dict) -> dict:
    """A page that says why there is nothing to show; the server keeps watching."""
    from moderator.narration.refusals import said

    lang = lang or _language_of(params.get("game"))
    return {"kind": "error", "lang": lang, "banner": said(code, params, [], lang),
            "dark": False, "timer": None, "theme": None}


def _language_of(game_id: object) -> str:
    """A damaged game is still reported in its own language if its first line is whole."""
    setup = store.peek_setup(str(game_id)) if game_id else None
    lang = setup.get("lang") if setup else None
    return lang if lang in i18n.LANGUAGES else i18n.choose()


def board(current: Session) -> list[dict]:
    """The five mission spaces: team size, whether two Fail cards are needed, and the result."""
    game = current.game
    done = {m.mission: m for m in game.missions}
    spaces = []
    for number in range(1, tables.MISSIONS + 1):
        mission = done.get(number)
        spaces.append({
            "mission": number,
            "size": game.team_size_for(number),
            "two_fails": tables.fails_needed(game.players, number) == 2,
            "result": None if mission is None else ("success" if mission.succeeded else "fail"),
            "fails": None if mission is None else mission.fails + mission.chief_fail,
            "current": number == game.mission,
        })
    return spaces


def last_action(current: Session, lang: str, show_votes: bool) -> list[dict]:
    """What the newest action in effect did, line by line, with its tone; a vote's lines that
    name the voters are marked (`voters`): the vote grid shows them too."""
    if not current.actions:
        return []
    lines = narration.result_lines(current, lang)
    vote = isinstance(current.last_action, Vote)
    if vote and not show_votes:
        lines = lines[:1]  # the verdict and its count; the next lines name the voters
    return [{"text": text, "tone": next((tone for word, tone in TONES.items()
                                         if word in (style or "")), None),
             "voters": vote and number > 0}
            for number, (text, style) in enumerate(lines)]


def spies_were(current: Session) -> list[str] | None:
    """Who the spies were, once the game is over and the sides were entered (`roles`)."""
    sides = [action for action in current.actions if isinstance(action, Sides)]
    if not sides:
        return None
    return [current.names[seat] for seat in sides[-1].spies]


def resistance_were(current: Session) -> list[str] | None:
    """The other side, once the sides were entered."""
    spies = spies_were(current)
    return None if spies is None else [n for n in current.names if n not in spies]


def timer(signal: dict | None, voted: int) -> dict | None:
    """Guided play's discussion timer, while the proposal it runs for is being discussed: it
    belongs to the proposal after `proposal` voted ones, so a vote ends it, an undo of the vote
    brings it back."""
    if signal is None or signal["proposal"] != voted:
        return None
    return {"seconds": signal["seconds"], "warning": signal["warning"],
            "ends": signal["started"] + signal["seconds"]}


def seconds_left(shown: dict, now: float | None = None) -> float:
    """What the page's countdown starts from: screens count from when they receive it, so
    their clocks need not agree with the host's."""
    return shown["ends"] - (time.time() if now is None else now)
