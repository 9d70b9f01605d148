"""Spoken lines on disk, one file per (text, language, voice), so a prepared game needs no
network (a file found damaged is made again). The folder is the user cache dir (not
MODERATOR_HOME: audio can always be made again, games cannot), or MODERATOR_CACHE when set. It
also remembers when a service last failed to answer, so that the next command does not wait
for it again."""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from pathlib import Path


def root() -> Path:
    from moderator.kept import cache_folder

    return Path(cache_folder())


def path(text: str, lang: str, voice: str, suffix: str) -> Path:
    """Where the audio of `text` spoken by `voice` in `lang` is kept."""
    key = hashlib.sha256(f"{voice}\n{lang}\n{text}".encode()).hexdigest()
    return root() / "voice" / lang / f"{key}{suffix}"


def kept(target: Path) -> bool:
    """Whether `target` is kept and whole. A damaged file (cut off, a header that claims no
    frame rate or hours of sound) is removed, so that the line is made again."""
    from moderator.voice.playback import whole

    if not target.exists():
        return False
    if whole(target):
        return True
    target.unlink(missing_ok=True)
    return False


def store(target: Path, audio: bytes) -> None:
    """Write a whole file or nothing: a line cut off by Ctrl-C must not be played later."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(audio)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _failure_note(service: str) -> Path:
    return root() / "voice" / f"{service}-unreachable"


def failed_lately(service: str, within: float) -> bool:
    """Whether `service` failed to answer in the last `within` seconds."""
    try:
        return time.time() - _failure_note(service).stat().st_mtime < within
    except OSError:
        return False


def note_failure(service: str) -> None:
    """Remember that `service` did not answer (its file's time is when); a cache that cannot
    be written only means the next command asks again."""
    note = _failure_note(service)
    try:
        note.parent.mkdir(parents=True, exist_ok=True)
        note.touch()
        os.utime(note)
    except OSError:
        pass


def forget_failure(service: str) -> None:
    try:
        _failure_note(service).unlink(missing_ok=True)
    except OSError:
        pass
