"""Playing an mp3 or wav file through what the computer already has, and knowing whether it
was heard.

macOS has `afplay` and Windows the MCI player of winmm (through ctypes); on Linux and the
other Unixes the first player that works of ffplay, mpv, gst-play-1.0, mpg123, sox's `play`,
paplay and aplay. No Python audio library is needed: the maintained ones either probe players
at import time and ignore their exit status (playsound3) or lack wheels for a Raspberry Pi
(miniaudio); the rest are unmaintained (README, "Voice").

Players fail in three ways: they exit at once with an error when there is no sound device;
like mpg123 with a default output module, they spin forever; or, like ffplay with no device
("audio open failed") or any player on ALSA's null device, they exit 0 long before the file
could have played. So every player runs with a timeout sized from the file's length, in its
own process group, and is killed hard on expiry or Ctrl-C; and a playback that ends in less
than half the file's length, or prints a device error, has failed whatever its exit status.
An mp3 that no player here takes is converted to wav by sox or ffmpeg where present.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
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
#: Programs that turn an mp3 into a wav: (program, arguments around source and target).
CONVERTERS = (
    ("sox", lambda source, target: [source, target]),
    ("ffmpeg", lambda source, target: ["-loglevel", "error", "-y", "-i", source, target]),
)
#: What players print when they found no sound device, even when they then exit 0:
#: ffplay (SDL) "audio open failed", mpv "Could not open/initialize audio device -> no sound".
DEVICE_ERRORS = ("audio open failed", "audio device", "no sound")
#: Seconds of silence played once per kind of file before the first line: is it heard?
PROBE = 0.5
#: One frame of MPEG-2 Layer III silence (24 ms at 32 kbit/s, 24 kHz, mono).
SILENT_FRAME = b"\xff\xf3\x44\xc4" + bytes(92)


def seconds(path: Path) -> float:
    """How long the file plays: from a wav's header, or by counting an mp3's frames. A wav
    header that cannot be right (no frame rate, more frames than the file holds) is a
    wave.Error, as a header wave cannot read is."""
    if path.suffix == ".wav":
        with wave.open(str(path)) as audio:
            rate, frames = audio.getframerate(), audio.getnframes()
            size = frames * audio.getnchannels() * audio.getsampwidth()
        if rate <= 0 or size > path.stat().st_size:
            raise wave.Error(f"a damaged header: {rate} frames a second, {size} bytes")
        return frames / rate
    return _mp3_seconds(path.read_bytes())


def whole(path: Path) -> bool:
    """Whether `path` is a sound file that plays for some time: a damaged one (cut off, or
    its header changed) is not."""
    try:
        return seconds(path) > 0
    except (OSError, EOFError, ValueError, wave.Error):
        return False


#: MPEG Layer III bit rates in kbit/s by header index: MPEG-1, and MPEG-2/2.5.
_BITRATES = {1: (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320),
             2: (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)}
#: Sample rates by version bits (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5) and header index.
_RATES = {3: (44100, 48000, 32000), 2: (22050, 24000, 16000), 0: (11025, 12000, 8000)}


def _mp3_seconds(data: bytes) -> float:
    """Sum the frames of an mp3 (after any ID3v2 tag); bytes that are not a frame header are
    stepped over, as a decoder resynchronises."""
    at = 0
    if data[:3] == b"ID3" and len(data) >= 10:
        at = 10 + ((data[6] & 0x7F) << 21 | (data[7] & 0x7F) << 14 | (data[8] & 0x7F) << 7
                   | data[9] & 0x7F)
    total = 0.0
    while at + 4 <= len(data):
        b1, b2 = data[at + 1], data[at + 2]
        version, layer = (b1 >> 3) & 3, (b1 >> 1) & 3
        rate_index, bit_index = (b2 >> 2) & 3, b2 >> 4
        if data[at] != 0xFF or b1 & 0xE0 != 0xE0 or version == 1 or layer != 1 \
                or rate_index == 3 or bit_index in (0, 15):
            at += 1
            continue
        rate = _RATES[version][rate_index]
        bitrate = _BITRATES[1 if version == 3 else 2][bit_index] * 1000
        samples = 1152 if version == 3 else 576
        total += samples / rate
        at += samples // 8 * bitrate // rate + ((b2 >> 1) & 1)
    return total


def timeout_for(length: float) -> float:
    return 5 + 2 * length


class Player:
    """Plays files for one session, remembering which program worked, which failed, and
    which kinds of file nothing here can play."""

    def __init__(self) -> None:
        self.failed: set[str] = set()
        self.working: str | None = None
        self.unplayable: set[str] = set()  # suffixes: tried, and nothing could play them
        self.heard: set[str] = set()  # suffixes a moment of silence was played in
        self._folder: Path | None = None

    def play(self, path: Path) -> bool:
        """Play `path` to the end; False when nothing on this computer could play it (and
        then that kind of file is not tried again)."""
        if path.suffix in self.unplayable:
            return False
        length = seconds(path)
        if sys.platform == "win32":
            played = _play_mci(path, timeout_for(length))
        else:
            played = self._direct(path, length)
            if not played and path.suffix != ".wav":
                converted = self._convert(path)
                played = converted is not None and self._direct(converted, length)
        if not played:
            self.unplayable.add(path.suffix)
        return played

    def works(self, suffix: str) -> bool:
        """Whether a file of this kind can be heard here: a moment of silence is played, once,
        so that the host learns before the first line if no sound will come."""
        if suffix in self.heard:
            return True
        if self.play(self._silence(suffix)):
            self.heard.add(suffix)
            return True
        return False

    def _direct(self, path: Path, length: float) -> bool:
        players = MAC_PLAYERS if sys.platform == "darwin" else UNIX_PLAYERS
        ranked = sorted(players, key=lambda p: p[0] != self.working)
        for program, arguments, kinds in ranked:
            if program in self.failed or path.suffix not in kinds:
                continue
            found = shutil.which(program)
            if found and run([found, *arguments, str(path)], timeout_for(length), length / 2):
                self.working = program
                return True
            self.failed.add(program)
        return False

    def _convert(self, path: Path) -> Path | None:
        """A wav of `path`, by the first converter here that makes one."""
        target = self._scratch() / f"{path.stem}.wav"
        for program, arguments in CONVERTERS:
            found = shutil.which(program)
            if found is None:
                continue
            try:
                subprocess.run([found, *arguments(str(path), str(target))], timeout=30,
                               stdin=subprocess.DEVNULL, capture_output=True, check=False)
                with wave.open(str(target)) as audio:
                    if audio.getnframes():
                        return target
            except (OSError, EOFError, wave.Error, subprocess.TimeoutExpired):
                continue
        return None

    def _silence(self, suffix: str) -> Path:
        target = self._scratch() / f"silence{suffix}"
        if target.exists():
            return target
        if suffix == ".wav":
            with wave.open(str(target), "wb") as audio:
                audio.setnchannels(1)
                audio.setsampwidth(2)
                audio.setframerate(22050)
                audio.writeframes(bytes(2 * int(22050 * PROBE)))
        else:
            target.write_bytes(SILENT_FRAME * round(PROBE / 0.024))
        return target

    def _scratch(self) -> Path:
        if self._folder is None:
            import atexit

            self._folder = Path(tempfile.mkdtemp(prefix="moderator-sound-"))
            atexit.register(shutil.rmtree, self._folder, ignore_errors=True)
        return self._folder


def run(command: list[str], timeout: float, at_least: float = 0.0) -> bool:
    """Run a player to its end; True only if it ended well, printed no device error and took
    `at_least` seconds. A hang or Ctrl-C kills it and everything it started."""
    with tempfile.TemporaryFile() as errors:
        started = time.monotonic()
        interrupted: list[object] = []
        try:  # a Ctrl-C while the player starts would leave it playing: it waits till then
            held = signal.signal(signal.SIGINT, lambda *_: interrupted.append(True))
        except ValueError:  # not the main thread, where no Ctrl-C arrives anyway
            held = None
        try:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=errors,
                                       start_new_session=True)
        except OSError:
            process = None
        finally:
            if held is not None:
                signal.signal(signal.SIGINT, held)
        if process is None:
            if interrupted:
                raise KeyboardInterrupt
            return False
        try:
            if interrupted:
                raise KeyboardInterrupt
            status = process.wait(timeout)
        except subprocess.TimeoutExpired:
            _kill(process)
            return False
        except BaseException:  # Ctrl-C: no sound may go on after the reading has stopped
            _kill(process)
            raise
        took = time.monotonic() - started
        errors.seek(0)
        said = errors.read(20000).decode(errors="replace").lower()
    return status == 0 and took >= at_least and not any(e in said for e in DEVICE_ERRORS)


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
