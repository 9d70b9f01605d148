"""The file watcher: what the table's screens show, kept current from the game's files.

Every `moderator` command is its own process that appends to the game's log, so the display
watches the files: every 250 ms it looks at the game's size and time, which game is the
newest, and the live signals; on a change it loads the game once, draws the page's data once,
and wakes every stream. An undo is a new state with a higher revision, never a step back, and
a stream that reconnects simply gets the current state first.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path

from moderator import live, store
from moderator.display import page, view

POLL = 0.25  # seconds between looks at the files


class Table:
    """The game the display follows and what the screens show now, shared by every thread."""

    def __init__(self, game_id: str | None, lang: str | None, show_votes: bool | None,
                 on_torn=None) -> None:
        self.game_id, self.lang, self.show_votes = game_id, lang, show_votes
        self.on_torn = on_torn  # called with (game, path) when a torn line is set aside
        self.changed = threading.Condition()
        self.revision = 0
        self.looked = 0  # how often the files were seen to change (the host's page follows)
        self.data: dict | None = None
        self.update: dict | None = None  # the event for `data`, without its timer
        self.stopping = False
        self.torn: dict | None = None  # the torn line set aside, until the next action
        self.listeners = 0  # streams of screens with their sound on
        self._seen: object = None
        self._also: list[str] = []  # other games the page depends on (tonight's, after a game)
        self._turned: tuple[list, float] = ([], 0.0)  # the steps after a game, since when
        self.theme: str | None = None  # --theme: else the game's own

    def watch(self, stop: threading.Event) -> None:
        """Look at the files every `POLL` seconds until `stop` is set (the display's watching
        thread); a look that fails is tried again."""
        while not stop.wait(POLL):
            with contextlib.suppress(Exception):
                self.refresh()

    def refresh(self) -> bool:
        """Look at the files once; True if the screens have something new to show."""
        seen = self._fingerprint()
        if seen == self._seen:
            return False
        try:  # the game's words, in its theme (or --theme's): the page is drawn in them too
            data = view.of_game(self.game_id, self.lang, self.show_votes, self.theme)
        except Exception as error:  # the page says what went wrong; the server goes on
            data = view.failure(self.lang, "errors.internal", {"what": type(error).__name__})
        self._seen = seen
        self._also = data.pop("also", [])
        data = self._with_torn(data)
        data["speech"] = page.heard(json.loads(seen[-1])) if seen[-1] else None
        new = data != self.data
        update = page.event(data, self.revision + 1, None) if new else None
        with self.changed:
            self.looked += 1
            if new:
                if data.get("after") and data["after"] != self._turned[0]:  # the first step
                    self._turned = (data["after"], time.monotonic())
                self.revision += 1
                self.data, self.update = data, update
            self.changed.notify_all()
        return new

    def _with_torn(self, data: dict) -> dict:
        """Keep the news of a torn line set aside on the page until the next action of that
        game is recorded; tell the display's terminal once."""
        aside = data.pop("set_aside", None)
        actions = data.pop("actions", None)
        if aside:
            self.torn = {"game": data["game"], "path": aside, "actions": actions}
            if self.on_torn:
                with contextlib.suppress(Exception):
                    self.on_torn(data["game"], aside)
        elif self.torn and (data.get("game") != self.torn["game"]
                            or actions != self.torn["actions"]):
            self.torn = None
        # the page names the game only: the file's path on this computer is the host's business
        data["torn"] = {"game": self.torn["game"]} if self.torn else None
        return data

    def _fingerprint(self) -> tuple:
        """What the page depends on, cheaply: which game, its file's size and time, whether a
        newer game exists, and the live signals."""
        ids = store.game_ids()
        wanted = self.game_id or (ids[-1] if ids else None)
        stat = _stat(store.path_of(wanted)) if wanted else None
        signals = json.dumps(live.read(wanted), sort_keys=True) if wanted else None
        speech = live.speech()
        return (wanted, ids[-1:], stat, signals, self._others(),
                speech and json.dumps(speech, sort_keys=True))

    def _others(self) -> tuple:
        """After a game: the other games of the night, and the note of `night --new`, whose
        changes change the tally on the page."""
        if not self._also:
            return ()
        paths = [store.path_of(game) for game in self._also]
        return tuple(_stat(path) for path in (*paths, store.games_dir() / store.NIGHT_FILE))

    def language(self) -> str:
        """The language the screens speak: the one asked for, else the game's."""
        from moderator import i18n

        with self.changed:
            data = self.data
        return self.lang or (data or {}).get("lang") or i18n.choose()

    def listening(self, change: int) -> None:
        """A stream with the sound on began (+1) or ended (-1): the commands that read aloud
        learn how many screens listen."""
        with self.changed:  # written under the lock, so the last count written is the last
            self.listeners += change
            live.screens_listening(self.listeners)

    def current(self) -> tuple[int, dict | None]:
        """The revision and its event, with the timer as it stands this moment and how far
        the steps after a game have turned (every screen shows the same step)."""
        with self.changed:
            revision, update, data = self.revision, self.update, self.data
            since = self._turned[1]
        if update is None or data is None:
            return revision, update
        if data.get("after"):
            return revision, {**update, "turned_ms": round((time.monotonic() - since) * 1000)}
        if data["timer"] is None:
            return revision, update
        return revision, {**update, "timer": page.timer(data)}

    def wait(self, after: int, timeout: float) -> None:
        """Until a revision other than `after` is drawn, the display stops, or `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: self.revision != after or self.stopping, timeout)

    def wait_look(self, after: int, timeout: float) -> None:
        """Until the files are seen to change after look `after`, the display stops, or
        `timeout`."""
        with self.changed:
            self.changed.wait_for(lambda: self.looked != after or self.stopping, timeout)

    def stop(self) -> None:
        """Wake every stream for the last time: the display is closing."""
        with self.changed:
            self.stopping = True
            self.changed.notify_all()


def _stat(path: Path) -> tuple | None:
    """A file's size, time and inode: what changes when a line is written to it."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino
