"""What happens at the table outside the game's log, for the table display: the reveal being
read (the page goes dark, eyes closed) and guided play's discussion timer.

Two more live at the level of the games folder, in `display.live.json`, for the reveal heard on
the table's screens: how many screens have their sound on (written by the display) and the
line being read aloud now (written by the command that reads it: its text, its audio file in
the voice cache, its length).

None belongs in the log: they change nothing in the game, and a replay must never depend on
them. Each is a field of a small sidecar file next to the game, `<id>.live.json`, replaced
atomically (a temporary file, then a rename), so a reader sees the old file or the new one;
writers take turns on the games folder's lock, so none writes back a field another has just
replaced.
Each field names the process that wrote it: a field whose process has ended is stale and reads
as absent, so a command killed in the middle of the reveal never leaves the screen dark. A
process removes its own fields when it ends. Nothing secret goes in: a flag, a proposal number,
a length and a start time. Every other command ignores the file (games are `*.jsonl`).

The reader, `new` and guided play call this without importing the display, so it needs only the
standard library and `store` (for the folder). A failure to write is swallowed: the display is
a nicety, and the reveal or the game must go on without it.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import math
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from moderator import store

SUFFIX = ".live.json"
REVEAL, TIMER = "reveal", "timer"
SCREENS, SPEECH = "screens", "speech"
DISPLAY_FILE = "display.live.json"
#: Bytes: a live file holds a few short fields; a larger one is damage, read as none.
LARGEST = 1 << 16

#: The sidecars this process wrote to, cleaned when it ends.
_touched: set[Path] = set()


def path_of(game_id: str) -> Path:
    return store.games_dir() / f"{game_id}{SUFFIX}"


def display_path() -> Path:
    return store.games_dir() / DISPLAY_FILE


@contextlib.contextmanager
def eyes_closed(game_id: str | None) -> Iterator[None]:
    """The reveal is being read for `game_id` (nothing to say without a game)."""
    reveal_started(game_id)
    try:
        yield
    finally:
        reveal_ended(game_id)


def reveal_started(game_id: str | None) -> None:
    if game_id:
        _update(game_id, REVEAL, {"since": time.time()})


def reveal_ended(game_id: str | None) -> None:
    if game_id:
        _update(game_id, REVEAL, None)


def timer(game_id: str | None, proposal: int, seconds: float, elapsed: float,
          warning: float) -> None:
    """The discussion of the proposal that follows `proposal` voted ones has run for `elapsed`
    of its `seconds`, with a warning from `warning` seconds left. Written again each time a
    prompt shows the timer; the start stays."""
    if game_id and seconds:
        _update(game_id, TIMER, {"proposal": proposal, "seconds": seconds, "warning": warning,
                                 "started": round(time.time() - elapsed, 3)})


def screens_listening(count: int) -> None:
    """The display says how many screens have their sound on (0 removes the field)."""
    _write(display_path(), SCREENS, {"count": count} if count > 0 else None)


def listening() -> int:
    """How many screens of a running display have their sound on now."""
    field = _fresh(load(display_path())).get(SCREENS) or {}
    count = field.get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) else 0


def speaking(number: int, text: str, lang: str, audio: str | None, seconds: float) -> None:
    """Line `number` of a reading is being said now: its `audio` file (a path inside the voice
    cache) lasts `seconds`. Each call is a new line for the screens, even the same line again."""
    _write(display_path(), SPEECH, {"line": number, "text": text, "lang": lang, "audio": audio,
                                    "seconds": seconds, "said": time.time()})


def silent() -> None:
    """The reading has stopped: screens stop playing at once."""
    _write(display_path(), SPEECH, None)


def speech() -> dict | None:
    """The line being read aloud now, if the process reading it still runs."""
    field = _fresh(load(display_path())).get(SPEECH)
    if field is None or not isinstance(field.get("text"), str):
        return None
    return {key: field.get(key) for key in ("line", "text", "lang", "audio", "seconds", "said")}


def read(game_id: str) -> dict:
    """The live fields of a game whose writers are still running: `reveal` (bool) and
    `timer` ({proposal, seconds, warning, started} or None). A missing or damaged file reads
    as none, and so does a timer whose numbers are not finite."""
    fields = _fresh(load(path_of(game_id)))
    shown = fields.get(TIMER)
    if shown is not None:
        shown = {key: shown.get(key) for key in ("proposal", "seconds", "warning", "started")}
        if not (isinstance(shown["proposal"], int) and not isinstance(shown["proposal"], bool)
                and all(_finite(shown[k]) for k in ("seconds", "warning", "started"))):
            shown = None
    return {REVEAL: REVEAL in fields, TIMER: shown}


def _finite(number: object) -> bool:
    """A number a clock can count with: JSON read by Python may hold Infinity, NaN, 1e400
    (infinite too) or an integer too large for a float, and each would stop the countdown."""
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        return False
    try:
        return math.isfinite(number)
    except OverflowError:  # an integer beyond any float
        return False


# -- the file ----------------------------------------------------------------------------


def load(path: Path) -> dict:
    """A small JSON object kept in a file of the games folder, read so that nothing put in its
    place can hang or crash the reader: {} for a missing file, one that is not a plain file or
    too large, not JSON, nested deeper than the parser goes, or not an object."""
    try:
        data = json.loads(_read(path))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _read(path: Path) -> bytes:
    """The file's bytes if it is a plain file of a sensible size: a FIFO put in its place
    would block the reading, a device never end. Opening never waits (O_NONBLOCK)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"not a plain file: {path}")
        data = handle.read(LARGEST + 1)
    if len(data) > LARGEST:
        raise ValueError(f"larger than any live file: {path}")
    return data


def _fresh(fields: dict) -> dict:
    """The fields whose writing process still runs."""
    return {name: value for name, value in fields.items()
            if name in (REVEAL, TIMER, SCREENS, SPEECH) and isinstance(value, dict)
            and _alive(value.get("pid"))}


def _alive(pid: object) -> bool:
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name != "posix":  # pragma: no cover - no cheap check; writers clean up at exit
        return True
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    return True


def _update(game_id: str, name: str, value: dict | None) -> None:
    _write(path_of(game_id), name, value)


def _write(path: Path, name: str, value: dict | None) -> None:
    """Set (or with None remove) this process's field; stale fields go on the way. Writers
    take turns on the games folder's lock: two that read the file at once would each write
    back the other's old field (a screen's sound turned on while a line is read would put
    the previous line back)."""
    with contextlib.suppress(OSError), store.folder_lock(path.parent):
        fields = _fresh(load(path))
        if value is None:
            fields.pop(name, None)
        else:
            fields[name] = {**value, "pid": os.getpid()}
            if not _touched:
                atexit.register(_clean_up)
            _touched.add(path)
        if not fields:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            return
        if not path.parent.is_dir():
            return
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps(fields), encoding="utf-8")
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise


def _clean_up() -> None:
    """At exit: take this process's fields out of every sidecar it wrote."""
    for path in list(_touched):
        fields = load(path)
        mine = [n for n, v in fields.items() if isinstance(v, dict) and v.get("pid") == os.getpid()]
        for name in mine:
            _write(path, name, None)
