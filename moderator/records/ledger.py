"""The saved games as the season reads them.

Each game's file is read once, and what the season needs of a finished game (its `Played`
facts) is kept between runs by `moderator.kept`, keyed by the file's size, modification time
and inode: a game that has not changed since is not replayed again, so `stats` stays fast over
a long season. A finished game changes only by a new line (`roles`, `undo`), which changes its
size. The facts also depend on the rules, the catalogues' numbered names and this code, so
the whole summary is dropped when any of those changes. Games still running are replayed
every time: they are few, and any of them may move on.
"""

from __future__ import annotations

import contextlib
import os

from moderator import codec, i18n
from moderator.records.season import Played


def saved_games() -> tuple[list[Played], list[str]]:
    """Every saved game as the season sees it, oldest first, and the ids of those that cannot
    be read."""
    from moderator import kept, store

    path = os.path.join(kept.cache_folder(), "kept",
                        f"season-{kept.digest(os.fsencode(store.games_dir()))}.marshal")
    code = _code()
    stored = kept.read(path)
    known = stored.get("games", {}) if isinstance(stored, dict) and stored.get("code") == code \
        else {}
    played, unreadable, finished = [], [], {}
    folder = os.fspath(store.games_dir())  # once: store.path_of builds it anew per game
    for game_id in store.game_ids():
        # the key before the file is read: a change made meanwhile shows next time
        key = _file_key(os.path.join(folder, f"{game_id}{store.SUFFIX}"))
        facts = _known(known.get(game_id), key)
        if facts is None:
            try:
                facts = read(game_id)
            except store.StoreError:
                unreadable.append(game_id)
                continue
        played.append(facts)
        if facts.over and key is not None:
            finished[game_id] = (key, facts.facts())
    if finished != known:
        kept.write(path, {"code": code, "games": finished})
    return played, unreadable


def read(game_id: str) -> Played:
    """One saved game, read and replayed."""
    from moderator import session, store

    from moderator.rules.actions import Sides

    history = store.load(game_id)
    game, actions, _ = session.replayed(history)
    sides = [action for action in actions if isinstance(action, Sides)]
    played = [entry.data.get("at") for entry, action in zip(history.done, actions, strict=True)
              if not isinstance(action, Sides)]  # when each was recorded: the lines' times
    setup = history.setup
    names = setup["names"]
    return Played.of(
        game_id, setup.get("created", ""), game,
        tuple(None if numbered(name, seat) else name for seat, name in enumerate(names)),
        frozenset(sides[-1].spies) if sides else None,
        setup.get("theme", session.UNTHEMED),
        characters=sides[-1].characters if sides else (),
        last=max((at for at in played if isinstance(at, str)), default=""),
        new_night=setup.get("night") == session.NEW_NIGHT,
        imported=bool(setup.get(store.IMPORTED)),
        lang=str(setup.get("lang", "")),
    )


def numbered(name: str, seat: int) -> bool:
    """A name the game gave by itself ("Player 3", "Spieler 3"): nobody in particular. Every
    such name holds its seat's number, so other names need no catalogue."""
    number = codec.number(seat)
    return str(number) in name and any(
        name == i18n.t(lang, "setup.default_name", seat=number) for lang in i18n.LANGUAGES)


def _file_key(path: str) -> tuple[int, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns, found.st_ino


def _known(entry: object, key: tuple | None) -> Played | None:
    """The kept facts of a game whose file is as it was when they were kept."""
    if key is None or not isinstance(entry, tuple) or len(entry) != 2 or entry[0] != key:
        return None
    with contextlib.suppress(TypeError, ValueError):
        return Played(*entry[1])
    return None


def _code() -> str:
    """What the kept facts are made by: the rules and the code that reads a game, and the
    catalogues (for the numbered names)."""
    from moderator import kept, resources

    parts = [i18n.sources(lang)[0] for lang in i18n.LANGUAGES]
    parts.append(resources.code("moderator.session", "moderator.store", "moderator.rules",
                                "moderator.records"))
    return kept.digest(*parts)
