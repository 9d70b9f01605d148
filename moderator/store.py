"""Games on disk: one append-only JSON Lines file per game (design.md §3).

The first line is the setup, every further line one entry: an action, an ``undo`` or a
``redo``. The game is the replay of its log, so nothing can disagree with it.

A new game is written whole into a draft file in the games folder, fsynced, and only then
linked to its id, so a kill at any moment leaves no game or the whole game, and no reader
ever sees half of one. Every append is one ``write`` of one whole line, flushed and fsynced
under an exclusive lock, so a kill leaves either the old log or the old log plus one line, or
at worst a torn last line, which the next load reports and sets aside next to the game (never
silently dropped). A torn line that cannot be set aside (a read-only folder, a full disk) is
never written after: every write is refused until it is gone. A file with a bad line anywhere
else, a line longer than `LONGEST_LINE`, or a game that is not a plain file is refused and
never written to.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import signal
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SCHEMA = 1
SUFFIX = ".jsonl"
#: No line of a real game comes near this (a setup line with long names is a few kilobytes):
#: a longer one is damage, refused without reading the file any further.
LONGEST_LINE = 1_000_000
#: A game being created: never a game id (it does not end in SUFFIX).
DRAFT_PREFIX, DRAFT_SUFFIX = ".draft-", ".tmp"
#: The setup key that marks an imported game: it never becomes the current game by itself.
IMPORTED = "imported"
#: Where `night --new` notes that the next game begins a new night, next to the games.
NIGHT_FILE = "night.json"

#: The game this process has written to (created or appended), if any: a command stopped by
#: Ctrl-C after that must say that its action was recorded, not that nothing was.
recorded: str | None = None
#: The game this process has opened, if any: Ctrl-C before that concerns no game at all.
opened: str | None = None


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
    lines: int = 0  # whole lines in the file, the setup's included
    set_aside: Path | None = None  # where a torn last line was put on this load
    cut_off: bool = False  # a torn last line is still in the file: it could not be set aside
    unterminated: bool = False  # the last line is whole but lacks its newline (a hand edit)


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
    try:
        if not folder.is_dir():
            return []
        return sorted((p.stem for p in folder.glob(f"*{SUFFIX}")), key=_id_order)
    except OSError as error:  # a folder that belongs to someone else
        raise StoreError("errors.home_unreadable", path=str(folder), why=error.strerror) from None


def _id_order(game_id: str) -> tuple:
    day, _, number = game_id.rpartition("-")
    return (day, int(number)) if number.isdigit() else (game_id, 0)


def current(ids: list[str] | None = None) -> str | None:
    """The game that commands without --game act on: the newest one not imported. An imported
    game may be newer than the one at the table, and importing must not switch games."""
    for game_id in reversed(game_ids() if ids is None else ids):
        setup = peek_setup(game_id)
        if not (setup and setup.get(IMPORTED)):
            return game_id
    return None


def resolve(game_id: str | None) -> str:
    """The id asked for, or the current game; an unknown id is refused."""
    ids = game_ids()
    if game_id:
        if game_id not in ids:
            raise StoreError("errors.game_unknown", game=game_id)
        return game_id
    if not ids:
        raise StoreError("errors.no_games")
    chosen = current(ids)
    if chosen is None:
        raise StoreError("errors.only_imported", game=ids[-1])
    return chosen


def path_of(game_id: str) -> Path:
    return games_dir() / f"{game_id}{SUFFIX}"


def create(setup: dict, today: date, actions: Iterable[dict] = (), imported: bool = False,
           saved_as: Callable[[], str | None] | None = None) -> str:
    """Write a new game file, its setup line and then `actions` (an imported game's), whole or
    not at all; return the new game's id. `saved_as` runs under the creators' lock: when it
    names a game already saved (an import of the same game), nothing is written and that
    game's id is returned.

    The game is written to a draft, fsynced, and linked to the first free id (a link never
    replaces a file), then the draft is removed and the folder fsynced. Creators take turns
    on a lock of the folder, so a draft found while holding it was left by a killed process
    and is removed."""
    global recorded
    folder = games_dir()
    data = b"".join(map(_encode, actions))
    with _writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        with folder_lock(folder), _uninterrupted():
            existing = saved_as() if saved_as is not None else None
            if existing is not None:
                return existing
            _remove_drafts(folder)
            draft = folder / f"{DRAFT_PREFIX}{os.getpid()}-{os.urandom(4).hex()}{DRAFT_SUFFIX}"
            try:
                with open(draft, "xb", buffering=0) as handle:
                    game_id = _link_first_free(handle, draft, today, setup, data, imported)
            finally:
                with contextlib.suppress(OSError):
                    draft.unlink()
            recorded = game_id
            _fsync_dir(folder)
    return game_id


def _link_first_free(handle, draft: Path, today: date, setup: dict, actions: bytes,
                     imported: bool) -> str:
    """Write the draft for the first free id of the day and link it there; the id."""
    number = 1
    while True:
        game_id = f"{today.isoformat()}-{number}"
        number += 1
        if path_of(game_id).exists():
            continue
        line = {**setup, "type": "setup", "schema": SCHEMA, "game": game_id}
        if imported:
            line[IMPORTED] = True
        handle.seek(0)
        handle.truncate()
        _write_all(handle.fileno(), _encode(line) + actions)
        os.fsync(handle.fileno())
        try:
            os.link(draft, path_of(game_id))
        except FileExistsError:  # made just now by something that does not take turns
            continue
        return game_id


def load(game_id: str) -> History:
    """Read and replay a game's log (setting a torn last line aside)."""
    with _locked(game_id) as (_, history):
        return history


def append(game_id: str, make_entry: Callable[[History], dict]) -> History:
    """Append the entry `make_entry` builds from the current history, under the lock.

    `make_entry` sees the log as it is on disk at that moment (so two processes never
    interleave) and raises to refuse, in which case nothing is written.
    """
    global recorded
    with _locked(game_id) as (handle, history):
        if history.cut_off:  # a line written now would be glued to the torn one
            raise StoreError("errors.torn_stuck", game=game_id, path=str(history.path))
        entry = make_entry(history)
        if not handle.writable():
            raise StoreError("errors.read_only", path=str(history.path))
        with _writing(history.path), _uninterrupted():
            size = handle.seek(0, os.SEEK_END)
            line = (b"\n" if history.unterminated else b"") + _encode(entry)
            try:
                _write_all(handle.fileno(), line)
                os.fsync(handle.fileno())
            except OSError:
                _cut_back(handle, size)  # a refused write must not leave half a line
                raise
            recorded = game_id
        history.lines += 1
        history.unterminated = False
        _advance(history, Entry(history.lines, entry))
        return history


def peek_setup(game_id: str) -> dict | None:
    """The setup line of a game, read without a lock or a replay; None if unreadable."""
    try:
        with _open_game(path_of(game_id), writable=False) as raw, open(raw.fileno(), "rb",
                                                                        closefd=False) as handle:
            setup = _parsed(handle.readline(LONGEST_LINE + 1))
    except (OSError, ValueError, StoreError):
        return None
    return setup if isinstance(setup, dict) else None


def mark_new_night(at: str) -> None:
    """`night --new`: the next game created begins a new night. Noted in a small file next to
    the games, with the game that was the newest then, so that the note is spent (and
    harmless) as soon as another game is created, which keeps it in its setup line; written
    whole to a draft, fsynced and renamed, under the creators' lock."""
    folder = games_dir()
    with _writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        with folder_lock(folder), _uninterrupted():
            note = {"new_night": at, "after": current()}
            draft = folder / f"{DRAFT_PREFIX}{os.getpid()}-{os.urandom(4).hex()}{DRAFT_SUFFIX}"
            try:
                with open(draft, "xb", buffering=0) as handle:
                    _write_all(handle.fileno(), _encode(note))
                    os.fsync(handle.fileno())
                os.replace(draft, folder / NIGHT_FILE)
            finally:
                with contextlib.suppress(OSError):
                    draft.unlink()
            _fsync_dir(folder)


def new_night_pending() -> str | None:
    """When `night --new` was said, if no game has been created since (else None, as for a
    note that cannot be read: it only groups games into nights)."""
    try:
        with open(games_dir() / NIGHT_FILE, "rb") as handle:
            note = json.loads(handle.read(LONGEST_LINE).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(note, dict) or not isinstance(note.get("new_night"), str):
        return None
    return note["new_night"] if note.get("after") == current() else None


# -- reading --------------------------------------------------------------------------------


def _open_game(path: Path, writable: bool):
    """The game file, opened unbuffered (one write() per line), if it is a plain file: a FIFO
    or a device would block or never end. Opening never waits (O_NONBLOCK)."""
    flags = (os.O_RDWR if writable else os.O_RDONLY) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreError("errors.game_not_file", game=path.stem, path=str(path))
        return open(fd, "r+b" if writable else "rb", buffering=0)
    except BaseException:
        os.close(fd)
        raise


@contextlib.contextmanager
def _locked(game_id: str) -> Iterator[tuple]:
    global opened
    path = path_of(game_id)
    opened = game_id
    try:
        handle = _open_game(path, writable=True)
    except FileNotFoundError:
        raise StoreError("errors.game_unknown", game=game_id) from None
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise StoreError("errors.game_unreadable", game=game_id, why=error.strerror) from None
        try:  # a read-only file, folder or disk still lets a game be looked at
            handle = _open_game(path, writable=False)
        except OSError as error:
            raise StoreError("errors.game_unreadable", game=game_id, why=error.strerror) from None
    with handle:
        _lock(handle)
        try:
            yield handle, _replay(game_id, path, handle)
        finally:
            _unlock(handle)


def _read_lines(game_id: str, handle) -> tuple[list[bytes], bytes]:
    """The file's complete lines and what follows the last newline, read in blocks so that a
    line longer than LONGEST_LINE is refused before the rest is read."""
    lines: list[bytes] = []
    tail = b""
    handle.seek(0)
    while True:
        block = handle.read(1 << 16)
        if not block:
            return lines, tail
        *whole, rest = (tail + block).split(b"\n")
        for text in whole:
            if len(text) > LONGEST_LINE:
                break
            lines.append(text)
        else:
            tail = rest
            if len(tail) <= LONGEST_LINE:
                continue
        raise StoreError("errors.game_corrupt", game=game_id, line=len(lines) + 1)


def _replay(game_id: str, path: Path, handle) -> History:
    lines, tail = _read_lines(game_id, handle)
    whole_tail = tail and _complete(tail)
    if whole_tail:
        lines.append(tail)
    if not lines:
        raise StoreError("errors.game_corrupt", game=game_id, line=1)
    entries = [_decode(game_id, number, text) for number, text in enumerate(lines, start=1)]
    setup = entries[0]
    if setup.get("type") != "setup" or setup.get("schema") != SCHEMA:
        raise StoreError("errors.game_corrupt", game=game_id, line=1)
    history = History(game_id, path, setup, lines=len(lines), unterminated=bool(whole_tail))
    for number, data in enumerate(entries[1:], start=2):
        if not _advance(history, Entry(number, data)):
            raise StoreError("errors.game_corrupt", game=game_id, line=number)
    if tail and not whole_tail:
        keep = sum(len(text) + 1 for text in lines)
        history.set_aside = _set_aside(path, handle, keep, tail)
        history.cut_off = history.set_aside is None
    return history


def _complete(text: bytes) -> bool:
    """A last line that only lacks its newline (edited by hand) is a whole entry, not torn:
    a write cut short is never a whole JSON object."""
    try:
        return isinstance(_parsed(text), dict)
    except ValueError:
        return False


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
        data = _parsed(text)
    except ValueError:
        raise StoreError("errors.game_corrupt", game=game_id, line=number) from None
    if not isinstance(data, dict):
        raise StoreError("errors.game_corrupt", game=game_id, line=number)
    return data


def _parsed(text: bytes) -> object:
    """One line's JSON; ValueError for anything that is not (bad UTF-8 included, and JSON
    nested deeper than Python's parser goes, which no game writes)."""
    try:
        return json.loads(text.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deep") from None


def _set_aside(path: Path, handle, keep: int, torn: bytes) -> Path | None:
    """Move a torn last line into a file of its own, then cut it off the log; None, and
    nothing left behind, where that cannot be done (a read-only file or folder, a full
    disk): the torn line then stays, is reported, and blocks every write."""
    if not handle.writable():
        return None
    for number in range(1, 100):
        aside = path.with_name(f"{path.stem}.torn-{len(torn)}-{os.getpid()}-{number}.txt")
        try:
            with open(aside, "xb", buffering=0) as out:
                try:
                    _write_all(out.fileno(), torn)
                    os.fsync(out.fileno())
                    handle.truncate(keep)
                    os.fsync(handle.fileno())
                except OSError:
                    aside.unlink()
                    raise
        except FileExistsError:
            continue
        except OSError:
            return None
        return aside
    return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _cut_back(handle, size: int) -> None:
    with contextlib.suppress(OSError, ValueError):
        handle.truncate(size)
        handle.flush()
        os.fsync(handle.fileno())


# -- writing --------------------------------------------------------------------------------


def fits(entry: dict) -> bool:
    """Whether `entry` makes a line the store reads back (LONGEST_LINE), with room to spare
    for what the store adds to a setup line."""
    return len(_encode(entry)) <= LONGEST_LINE - 100


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


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Hold back Ctrl-C while a write becomes whole and durable, and raise it right after:
    the command then knows, and says, that its action was recorded. (Only the main thread
    can set a signal handler; Python runs handlers there anyway.)"""
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _remove_drafts(folder: Path) -> None:
    """Drafts of games whose creator was killed (called under the folder lock)."""
    for draft in folder.glob(f"{DRAFT_PREFIX}*{DRAFT_SUFFIX}"):
        with contextlib.suppress(OSError):
            draft.unlink()


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


if sys.platform != "win32":
    import fcntl

    def _lock(handle) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)

    def _unlock(handle) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    @contextlib.contextmanager
    def folder_lock(folder: Path) -> Iterator[None]:
        """Creators take turns on a lock of the games folder itself (no lock file to leave);
        so do the writers of the live files beside the games (`moderator.live`)."""
        fd = os.open(folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

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

    @contextlib.contextmanager
    def folder_lock(folder: Path) -> Iterator[None]:
        """A folder cannot be locked here: a draft still open cannot be removed either."""
        yield
