"""Playing an mp3 or wav file through what the computer already has.

macOS has `afplay` and Windows the MCI player of winmm (through ctypes); on Linux and the
other Unixes the first player that works of ffplay, mpv, gst-play-1.0, mpg123, sox's `play`,
paplay and aplay. No Python audio library is needed: the maintained ones either probe players
at import time and ignore their exit status (playsound3) or lack wheels for a Raspberry Pi
(miniaudio); the rest are unmaintained (README, "Voice").

Players fail in two ways: they exit at once with an error when there is no sound device, or,
like mpg123 with a default output module, spin forever. So every player runs with a timeout
sized from the file's length, in its own process group, and is killed hard on expiry or Ctrl-C.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from pathlib import Path

#: (program, arguments before the file, file types it plays), in order of preference.
UNIX_PLAYERS = (
    ("ffplay", ("-nodisp", "-autoexit", "-loglevel", "error"), (".mp3", ".wav")),
    ("mpv", ("--no-video", "--really-quiet"), (".mp3", ".wav")),
    ("gst-play-1.0", ("--no-interactive", "--quiet"), (".mp3", ".wav")),
    ("mpg123", ("-q", "-o", "pulse,alsa"), (".mp3",)),  # never its default output: it spins
    ("play", ("-q",), (".wav",)),
    ("paplay", (), (".wav",)),
    ("aplay", ("-q",), (".wav",)),
)
MAC_PLAYERS = (("afplay", (), (".mp3", ".wav")),)


def seconds(path: Path) -> float:
    """How long the file plays, or an upper bound: gTTS writes mp3 at 32 kbit/s or more, so
    4000 bytes are at most a second."""
    if path.suffix == ".wav":
        with wave.open(str(path)) as audio:
            return audio.getnframes() / audio.getframerate()
    return path.stat().st_size / 4000


def timeout_for(path: Path) -> float:
    return 5 + 2 * seconds(path)


class Player:
    """Plays files for one session, remembering which program worked."""

    def __init__(self) -> None:
        self.failed: set[str] = set()
        self.working: str | None = None

    def play(self, path: Path) -> bool:
        """Play `path` to the end; False when nothing on this computer could play it."""
        if sys.platform == "win32":
            return _play_mci(path, timeout_for(path))
        players = MAC_PLAYERS if sys.platform == "darwin" else UNIX_PLAYERS
        ranked = sorted(players, key=lambda p: p[0] != self.working)
        for program, arguments, kinds in ranked:
            if program in self.failed or path.suffix not in kinds:
                continue
            found = shutil.which(program)
            if found and run([found, *arguments, str(path)], timeout_for(path)):
                self.working = program
                return True
            self.failed.add(program)
        return False


def run(command: list[str], timeout: float) -> bool:
    """Run a player to its end; a hang or Ctrl-C kills it and everything it started."""
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return False
    try:
        return process.wait(timeout) == 0
    except subprocess.TimeoutExpired:
        _kill(process)
        return False
    except BaseException:  # Ctrl-C: no sound may go on after the reading has stopped
        _kill(process)
        raise


def _kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (OSError, AttributeError):  # gone already, or no process groups (Windows)
        process.kill()
    process.wait()


def _play_mci(path: Path, timeout: float) -> bool:
    """Windows: winmm's MCI plays mp3 and wav with no extra program."""
    import ctypes

    def mci(command: str, check: bool = True) -> str:
        answer = ctypes.create_unicode_buffer(64)
        winmm = ctypes.windll.winmm  # type: ignore[attr-defined]
        failed = winmm.mciSendStringW(command, answer, 64, None)
        if failed and check:
            raise OSError(command)
        return answer.value

    try:
        mci(f'open "{path}" type mpegvideo alias moderator')
    except OSError:
        return False
    try:
        mci("play moderator")
        deadline = time.monotonic() + timeout
        while mci("status moderator mode") == "playing":
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True
    except OSError:
        return False
    finally:
        mci("close moderator", check=False)
