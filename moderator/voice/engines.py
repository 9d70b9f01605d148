"""The two voices: Google's text-to-speech through gTTS, and espeak-ng offline.

Each turns one line into the bytes of an audio file, or raises `Unavailable`. Neither may
hang: gTTS gets a timeout per request and a deadline for the whole line (DNS lookups ignore
requests' timeout), espeak-ng a subprocess timeout. The network costs at most one deadline,
once: the first failure gives up every line still waiting, at once, and is remembered in the
cache folder for a while, so that the next command does not wait for it again.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time


class Unavailable(Exception):
    """This voice cannot speak now (no connection, no program, a failing service).
    `recent`: not even asked, because it failed a few minutes ago."""

    def __init__(self, name: str, recent: bool = False) -> None:
        super().__init__(name)
        self.recent = recent


class Gtts:
    """Google's voice: natural, needs the network; mp3."""

    name = "gtts"
    suffix = ".mp3"
    TIMEOUT = (3.05, 5)  # seconds to connect, and to wait for each answer
    DEADLINE = 8.0  # seconds for a whole line, whatever the network does
    REMEMBER = 600.0  # seconds a failure is remembered (in the cache folder)

    def __init__(self, lang: str, slow: bool = False, remember: bool = True) -> None:
        self.lang, self.slow = lang, slow
        self.remember = remember  # False: asked for by name, so asked again whatever happened
        self.down = threading.Event()  # set by the first failure: nobody waits any longer

    @property
    def identity(self) -> str:
        return "gtts-com-slow" if self.slow else "gtts-com"

    def make(self, text: str) -> bytes:
        from moderator.voice import cache

        if self.down.is_set():
            raise Unavailable(self.name)
        if self.remember and cache.failed_lately(self.name, self.REMEMBER):
            self.down.set()
            raise Unavailable(self.name, recent=True)
        from gtts import gTTS, gTTSError  # ~100 ms of requests: only when a line is made

        speech = gTTS(text, lang=self.lang, tld="com", slow=self.slow, timeout=self.TIMEOUT)
        done, result = threading.Event(), list[bytes | Exception]()

        def fetch() -> None:
            import io

            buffer = io.BytesIO()
            try:
                speech.write_to_fp(buffer)
                result.append(buffer.getvalue())
            except (gTTSError, OSError, ValueError) as error:  # requests' errors are OSErrors
                result.append(error)
            finally:
                done.set()

        # A daemon thread: a request given up on must not hold the program open at exit.
        threading.Thread(target=fetch, name="gtts", daemon=True).start()
        deadline = time.monotonic() + self.DEADLINE
        while not done.wait(0.05):
            if self.down.is_set() or time.monotonic() >= deadline:
                break
        if not done.is_set() or not isinstance(result[0], bytes):
            if not self.down.is_set():
                self.down.set()
                cache.note_failure(self.name)
            raise Unavailable(self.name)
        cache.forget_failure(self.name)
        return result[0]


class Espeak:
    """espeak-ng: robotic but clear, offline, fast; wav."""

    name = "espeak"
    suffix = ".wav"
    VOICES = {"en": "en", "de": "de"}
    RATES = {False: 160, True: 125}  # words per minute: normal, slow
    TIMEOUT = 20.0

    def __init__(self, lang: str, slow: bool = False) -> None:
        self.lang, self.slow = lang, slow

    @staticmethod
    def program() -> str | None:
        return shutil.which("espeak-ng")

    @property
    def identity(self) -> str:
        return f"espeak-ng-{self.VOICES[self.lang]}-{self.RATES[self.slow]}"

    def make(self, text: str) -> bytes:
        program = self.program()
        if program is None:
            raise Unavailable(self.name)
        import tempfile
        from pathlib import Path

        # A file, not --stdout: only then does espeak-ng write the real length into the header.
        with tempfile.TemporaryDirectory(prefix="moderator-") as folder:
            target = Path(folder) / "line.wav"
            command = [program, "-v", self.VOICES[self.lang], "-s", str(self.RATES[self.slow]),
                       "-w", str(target), "--stdin"]
            try:
                done = subprocess.run(command, input=text.encode(), capture_output=True,
                                      timeout=self.TIMEOUT, check=False)
                audio = target.read_bytes() if done.returncode == 0 else b""
            except (OSError, subprocess.TimeoutExpired):
                raise Unavailable(self.name) from None
        if not audio.startswith(b"RIFF"):
            raise Unavailable(self.name)
        return audio
