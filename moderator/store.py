"""Games on disk: one append-only JSON Lines file per game (design.md §3).

The first line is the setup, every further line one entry: an action, an ``undo`` or a
``redo``. The game is the replay of its log, so nothing can disagree with it. Every append is
one ``write`` of one whole line, flushed and fsynced under an exclusive lock, so a kill at any
moment leaves either the old log or the old log plus one line, or at worst a torn last line,
which the next load reports and sets aside next to the game (never silently dropped). A file
with a bad line anywhere else is refused with the line number and never written to.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SCHEMA = 1
SUFFIX = ".jsonl"


class StoreError(Exception):
    """A game file that cannot be read or written; carries an i18n key like RuleError."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Entry:
    line: int  # 1-based line number in the file, for messages about a bad log
    data: dict


@dataclass
class History:
    """A game's log, replayed over its undo cursor."""

    game_id: str
    path: Path
    setup: dict
    done: list[Entry] = field(default_factory=list)  # actions in effect, oldest first
    undone: list[Entry] = field(default_factory=list)  # what `redo` brings back, next last
    set_aside: Path | None = None  # where a torn last line was put on this load


def home() -> Path:
    """Where games are kept: $MODERATOR_HOME, else the user data dir."""
    configured = os.environ.get("MODERATOR_HOME")
    if configured:
        return Path(configured)
    from platformdirs import user_data_path

    return user_data_path("moderator", appauthor=False)


def games_dir() -> Path:
    return home() / "games"


def game_ids() -> list[str]:
    """Every saved game, oldest first (ids sort by date, then by number)."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted((p.stem for p in folder.glob(f"*{SUFFIX}")), key=_id_order)


def _id_order(game_id: str) -> tuple:
    day, _, number = game_id.rpartition("-")
    return (day, int(number)) if number.isdigit() else (game_id, 0)


def resolve(game_id: str | None) -> str:
    """The id asked for, or the newest game; an unknown id is refused."""
    ids = game_ids()
    if game_id:
        if game_id not in ids:
            raise StoreError("errors.game_unknown", game=game_id)
        return game_id
    if not ids:
        raise StoreError("errors.no_games")
    return ids[-1]


def path_of(game_id: str) -> Path:
    return games_dir() / f"{game_id}{SUFFIX}"


def create(setup: dict, today: date, actions: Iterable[dict] = ()) -> str:
    """Write a new game file: its setup line and then `actions` (an imported game's), in one
    buffer; return the new game's id."""
    folder = games_dir()
    with _writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        number = 1
        while True:
            game_id = f"{today.isoformat()}-{number}"
            try:
                fd = os.open(path_of(game_id), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                number += 1
                continue
            break
        try:
            line = _encode({**setup, "type": "setup", "schema": SCHEMA, "game": game_id})
            _write_all(fd, line + b"".join(_encode(action) for action in actions))
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(path_of(game_id))
            raise
        os.close(fd)
        _fsync_dir(folder)
    return game_id


def load(game_id: str) -> History:
    """Read and replay a game's log (setting a torn last line aside)."""
    with _locked(game_id) as (handle, history):
        return history


def append(game_id: str, make_entry: Callable[[History], dict]) -> History:
    """Append the entry `make_entry` builds from the current history, under the lock.

    `make_entry` sees the log as it is on disk at that moment (so two processes never
    interleave) and raises to refuse, in which case nothing is written.
    """
    with _locked(game_id) as (handle, history):
        entry = make_entry(history)
        if not handle.writable():
            raise StoreError("errors.read_only", path=str(history.path))
        with _writing(history.path):
            size = handle.seek(0, os.SEEK_END)
            line_number = _count_lines(handle) + 1
            try:
                _write_all(handle.fileno(), _encode(entry))
                os.fsync(handle.fileno())
            except OSError:
                _cut_back(handle, size)  # a refused write must not leave half a line
                raise
        _advance(history, Entry(line_number, entry))
        return history


def peek_setup(game_id: str) -> dict | None:
    """The setup line of a game, read without a lock or a replay; None if unreadable."""
    try:
        with open(path_of(game_id), "rb") as handle:
            setup = json.loads(handle.readline().decode("utf-8"))
    except (OSError, ValueError):
        return None
    return setup if isinstance(setup, dict) else None


# -- reading --------------------------------------------------------------------------------


@contextlib.contextmanager
def _locked(game_id: str) -> Iterator[tuple]:
    path = path_of(game_id)
    try:
        handle = open(path, "r+b", buffering=0)  # one write() per line, no buffer
    except FileNotFoundError:
        raise StoreError("errors.game_unknown", game=game_id) from None
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise StoreError("errors.game_unreadable", game=game_id, why=error.strerror) from None
        try:  # a read-only file, folder or disk still lets a game be looked at
            handle = open(path, "rb", buffering=0)
        except OSError as error:
            raise StoreError("errors.game_unreadable", game=game_id, why=error.strerror) from None
    with handle:
        _lock(handle)
        try:
            yield handle, _replay(game_id, path, handle)
        finally:
            _unlock(handle)


def _replay(game_id: str, path: Path, handle) -> History:
    handle.seek(0)
    raw = handle.read()
    body, torn = raw, b""
    if raw and not raw.endswith(b"\n"):
        cut = raw.rfind(b"\n") + 1
        body, torn = raw[:cut], raw[cut:]
    lines = body.split(b"\n")[:-1] if body else []
    if not lines:
        raise StoreError("errors.game_corrupt", game=game_id, line=1)
    entries = [_decode(game_id, number, text) for number, text in enumerate(lines, start=1)]
    setup = entries[0]
    if setup.get("type") != "setup" or setup.get("schema") != SCHEMA:
        raise StoreError("errors.game_corrupt", game=game_id, line=1)
    history = History(game_id, path, setup)
    for number, data in enumerate(entries[1:], start=2):
        if not _advance(history, Entry(number, data)):
            raise StoreError("errors.game_corrupt", game=game_id, line=number)
    if torn:
        history.set_aside = _set_aside(path, handle, len(body), torn)
    return history


def _advance(history: History, entry: Entry) -> bool:
    """Move the undo cursor for one entry; False if the entry makes no sense here."""
    kind = entry.data.get("type")
    if kind == "undo":
        if not history.done:
            return False
        history.undone.append(history.done.pop())
    elif kind == "redo":
        if not history.undone:
            return False
        history.done.append(history.undone.pop())
    elif isinstance(kind, str) and kind != "setup":
        history.done.append(entry)
        history.undone.clear()  # a new action replaces what was undone
    else:
        return False
    return True


def _decode(game_id: str, number: int, text: bytes) -> dict:
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise StoreError("errors.game_corrupt", game=game_id, line=number) from None
    if not isinstance(data, dict):
        raise StoreError("errors.game_corrupt", game=game_id, line=number)
    return data


def _set_aside(path: Path, handle, keep: int, torn: bytes) -> Path | None:
    """Move a torn last line into a file of its own, then cut it off the log."""
    aside = path.with_name(f"{path.stem}.torn-{len(torn)}-{os.getpid()}.txt")
    try:
        with open(aside, "wb") as out:
            out.write(torn)
            out.flush()
            os.fsync(out.fileno())
        handle.truncate(keep)
        handle.flush()
        os.fsync(handle.fileno())
    except (OSError, ValueError):
        return None  # read-only: the fragment stays; it is still ignored and reported
    return aside


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _cut_back(handle, size: int) -> None:
    with contextlib.suppress(OSError, ValueError):
        handle.truncate(size)
        handle.flush()
        os.fsync(handle.fileno())


def _count_lines(handle) -> int:
    handle.seek(0)
    count = handle.read().count(b"\n")
    handle.seek(0, os.SEEK_END)
    return count


# -- writing --------------------------------------------------------------------------------


def _encode(entry: dict) -> bytes:
    return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


@contextlib.contextmanager
def _writing(where: Path) -> Iterator[None]:
    """Turn the operating system's refusals into messages a host can act on."""
    try:
        yield
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StoreError("errors.disk_full", path=str(where)) from None
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.EBADF):
            raise StoreError("errors.read_only", path=str(where)) from None
        raise StoreError("errors.write_failed", path=str(where), why=error.strerror) from None


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


if os.name == "posix":
    import fcntl

    def _lock(handle) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)

    def _unlock(handle) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

else:  # pragma: no cover - Windows
    import msvcrt
    import time

    def _lock(handle) -> None:
        handle.seek(0)
        while True:
            try:
                msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                return
            except OSError:
                time.sleep(0.05)

    def _unlock(handle) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
