"""The reveal started from the host's page: read aloud by the display's process, in a thread of
its own, exactly as `new` and `script --say` read it (`ui.reader`), where `--say-on` says; the
table's screens go dark until it ends. The host's eyes are closed too: nothing waits for a
tap, and "stop" ends it after the line being said.
"""

from __future__ import annotations

import io
import os
import threading

from moderator import live
from moderator.i18n import t
from moderator.rules import RuleError
from moderator.session import Session
from moderator.ui import reader


class Stopped(KeyboardInterrupt):
    """The host stopped the reading from the page: what Ctrl-C is to a reading at a terminal."""


class Keys(reader.Keys):
    """A reader's keys with no terminal behind them: nothing is ever pressed, and "stop" on
    the page is Ctrl-C."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())  # no terminal: never interactive
        self.stopped = threading.Event()

    def get(self, timeout: float) -> str | None:
        if self.stopped.wait(timeout):
            raise Stopped
        return None


class Reading(threading.Thread):
    """One reading of the reveal; what the voice had to tell (a fallback, no screen
    listening) is kept in `notices`, in words."""

    def __init__(self, game_id: str, lines: list[tuple[str, float]], voice, lang: str,
                 say_on: str | None) -> None:
        super().__init__(name="host-reveal", daemon=True)
        self.game_id, self.lines, self.voice, self.lang = game_id, lines, voice, lang
        self.say_on, self.keys = say_on, Keys()
        self.notices: list[str] = []

    def run(self) -> None:
        from moderator.host.remote import Collected

        shown: list[tuple[str, str]] = []
        with live.eyes_closed(self.game_id):
            try:
                reader.read_aloud(self.lines, self.voice, Collected(shown), self.lang,
                                  self.keys, self.notices.append,
                                  reader.where(self.say_on, self.notices.append, self.lang))
            except Exception:  # a player that broke: the screens must not stay dark
                live.silent()

    def stop(self) -> None:
        self.keys.stopped.set()


def start(current: Session, lang: str, say_on: str | None) -> Reading:
    """Read the reveal of `current` aloud in the voice MODERATOR_VOICE and MODERATOR_SPEED name
    (as `new` does); refused when no voice can speak."""
    from moderator import scripts, voice

    try:
        speaker = voice.Voice(lang, os.environ.get("MODERATOR_VOICE") or "auto",
                              os.environ.get("MODERATOR_SPEED") or "normal")
    except voice.VoiceError as error:
        raise RuleError(error.code, **error.params) from None
    if speaker.silent:
        raise RuleError("host.voice_off")
    lines = [(t(lang, step.key, **step.params), step.pause)
             for step in scripts.for_game(current.game)]
    reading = Reading(current.game_id, lines, speaker, lang, say_on)
    reading.start()
    return reading
