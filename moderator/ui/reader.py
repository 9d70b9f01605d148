"""Reading a script aloud at the table: each line on screen while it is spoken, a countdown
during each pause, a key to hear the last line again, Ctrl-C to stop.

The host has their eyes closed too, so everything is driven by single keys and nothing waits
for an answer. Whatever the voice has to tell (a fallback, no sound at all) is told before the
line it concerns, the first of them before the first line. The command line reads aloud only
at a terminal.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from moderator import live
from moderator.i18n import t

REPEAT = frozenset("rRwW")  # r(epeat), w(iederholen)
GO_ON = frozenset(" \r\n")
ENTER = frozenset("\r\n")


class Keys:
    """Single key presses from the terminal: no Enter needed, no echo. Ctrl-C still
    interrupts. Without a terminal no key ever arrives and waiting is sleeping."""

    def __init__(self, stream=None) -> None:
        self.stream = sys.stdin if stream is None else stream
        self.saved: list[Any] | None = None

    @property
    def interactive(self) -> bool:
        try:
            return self.stream is not None and self.stream.isatty()
        except (AttributeError, ValueError):  # closed, or not a real file
            return False

    def __enter__(self) -> Keys:
        if self.interactive and os.name == "posix":
            import termios
            import tty

            fd = self.stream.fileno()
            self.saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.saved is not None:
            import termios

            termios.tcsetattr(self.stream.fileno(), termios.TCSADRAIN, self.saved)
            self.saved = None

    def get(self, timeout: float) -> str | None:
        """The next key pressed within `timeout` seconds, or None."""
        if not self.interactive:
            time.sleep(timeout)
            return None
        if os.name != "posix":
            return _windows_key(timeout)
        import select

        fd = self.stream.fileno()
        ready, _, _ = select.select([fd], [], [], timeout)
        return os.read(fd, 1).decode(errors="ignore") if ready else None

    def wait_for_enter(self) -> None:
        # Short waits: a Ctrl-C that lands just before select() starts would otherwise only
        # be noticed when select() returns.
        while self.get(0.25) not in ENTER:
            pass


def _windows_key(timeout: float) -> str | None:
    import msvcrt

    deadline = time.monotonic() + timeout
    while True:
        if msvcrt.kbhit():  # type: ignore[attr-defined]
            return msvcrt.getwch()  # type: ignore[attr-defined]
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.05)


def where(say_on: str | None, warn: Callable[[str], None], lang: str) -> str:
    """Where to be heard: as asked, else both when a screen has its sound on, else here. A
    reading asked for on the screens (alone or too) when none listens is heard here, and the
    host told so. Where this computer turns out to play no sound, the screens alone play it
    (`_Speaker.start`)."""
    listening = live.listening() > 0
    if say_on is None:
        return "both" if listening else "here"
    if say_on in ("screens", "both") and not listening:
        warn(t(lang, "display.screens_silent"))
        return "here"
    return say_on


def read_aloud(
    lines: Sequence[tuple[str, float]],
    voice,
    console,
    lang: str,
    keys: Keys,
    warn: Callable[[str], None],
    say_on: str = "here",
) -> bool:
    """Speak `lines` (text, pause in seconds) in order, on this computer and/or the screens
    (`say_on`, as `where` settles it); False if the host stopped it."""
    number = 0
    speak = _Speaker(voice, lang, say_on)
    try:
        if lines:  # what the voice can do, and where it is heard, is known before a word
            speak.start(lines[0][0], console)
        if keys.interactive:
            console.print(t(lang, "reading.keys_shown" if voice.silent else "reading.keys"),
                          markup=False, style="dim")
        for number, (text, pause) in enumerate(lines, start=1):
            if not voice.silent:  # made now, so that a fallback is told before the line
                voice.audio(text, here=speak.here)
            _tell(voice, warn, lang)
            console.print(t(lang, "reading.line", number=number, text=text), markup=False)
            speak(number, text, warn, console)
            while _count_down(pause, console, lang, keys):
                console.print(t(lang, "reading.repeat", text=text), markup=False)
                speak(number, text, warn, console)
    except KeyboardInterrupt:
        speak.stop()
        _clear(console)
        warn(t(lang, "reading.stopped", number=number, total=len(lines)))
        return False
    speak.stop()
    return True


class _Speaker:
    """Says each line where the host chose: played here, and/or named in the live signal for
    the table display, whose screens play the same file (so one voice is heard, never two at
    once); with the screens alone, the line's length is waited out here, so the reading keeps
    in step with them. Where this computer plays no sound, the screens alone play the lines,
    and the terminal says so instead of asking the host to read them aloud."""

    def __init__(self, voice, lang: str, say_on: str) -> None:
        self.voice, self.lang = voice, lang
        self.here = say_on in ("here", "both")
        self.screens = say_on in ("screens", "both")

    def start(self, text: str, console) -> None:
        """Before the first line (`text`): settle what the voice can do here and tell the host
        where the reveal is heard, when the screens play it."""
        self.voice.start(text, here=self.here)
        if self._unheard_here():
            self._heard(console, "reading.heard_screens_unheard")
        else:
            self._heard(console, "reading.heard_both" if self.here else "reading.heard_screens")

    def _unheard_here(self) -> bool:
        """Whether nothing plays here while the screens play every line: from then on they
        alone do."""
        if not (self.here and self.screens and self.voice.silent and self.voice.voices):
            return False
        self.here = False
        self.voice.screens_only()
        return True

    def _heard(self, console, key: str) -> None:
        count = live.listening()
        if self.screens and self.voice.voices and count:
            console.print(t(self.lang, key, count=count), markup=False)

    def __call__(self, number: int, text: str, warn: Callable[[str], None], console) -> None:
        length = 0.0
        if self.screens:
            audio = self.voice.audio(text, here=self.here) if self.voice.voices else None
            if audio is not None:
                import wave

                from moderator.voice.playback import seconds

                try:
                    length = seconds(audio)
                except (OSError, EOFError, ValueError, wave.Error):
                    length = 0.0  # a file that cannot be measured: the screens set the pace
            live.speaking(number, text, self.lang, str(audio) if audio else None, length)
        if self.here:
            self.voice.say(text)
            if self._unheard_here():  # the sound here broke off: the screens read on
                self._heard(console, "reading.heard_screens_unheard")
        if not self.here and length:
            time.sleep(length)
        _tell(self.voice, warn, self.lang)

    def stop(self) -> None:
        """The screens stop at once: the line they play is taken away."""
        if self.screens:
            live.silent()


def _tell(voice, warn: Callable[[str], None], lang: str) -> None:
    for notice in voice.take_notices():
        warn(t(lang, notice))


def _count_down(pause: float, console, lang: str, keys: Keys) -> bool:
    """Wait out a pause, showing the seconds left; True if the host asked for the line again.
    A key pressed while the line was spoken counts too, so even a line with no pause can be
    repeated."""
    end = time.monotonic() + pause
    while True:
        left = end - time.monotonic()
        if console.is_terminal and left > 0:
            console.file.write("\r" + t(lang, "reading.countdown", seconds=math.ceil(left)))
            console.file.flush()
        key = keys.get(min(max(left, 0), 0.25))
        if key in REPEAT:
            _clear(console)
            return True
        if key in GO_ON or left <= 0:
            _clear(console)
            return False


def _clear(console) -> None:
    if console.is_terminal:
        console.file.write("\r" + " " * 40 + "\r")
        console.file.flush()
