"""Turning lines into sound: gTTS when Google's service answers, espeak-ng offline, else the
text alone (design.md §5).

A `Voice` lives for one session. It looks every line up in the cache first, so a prepared
game needs no network. When gTTS fails once it is not asked again: espeak-ng takes over for
the rest of the session, and if nothing can speak or play, the lines are shown only. Each of
these changes is reported once, as an i18n key in `notices`, for the caller to show.
"""

from __future__ import annotations

from pathlib import Path

from moderator.voice import cache
from moderator.voice.engines import Espeak, Gtts, Unavailable
from moderator.voice.playback import Player

VOICES = ("auto", "gtts", "espeak", "off")
SPEEDS = ("normal", "slow")


class VoiceError(Exception):
    """A voice setting that cannot be honoured; carries an i18n key like RuleError."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code, self.params = code, params


def engines(lang: str, choice: str = "auto", speed: str = "normal") -> list:
    """The voices to try for `choice`, best first."""
    if choice not in VOICES:
        raise VoiceError("voice.voice_unknown", voice=choice, known=", ".join(VOICES))
    if speed not in SPEEDS:
        raise VoiceError("voice.speed_unknown", speed=speed, known=", ".join(SPEEDS))
    slow = speed == "slow"
    if choice == "espeak" and Espeak.program() is None:
        raise VoiceError("voice.espeak_missing")
    chosen = {"auto": [Gtts, Espeak], "gtts": [Gtts], "espeak": [Espeak], "off": []}[choice]
    if choice == "auto" and Espeak.program() is None:
        chosen = [Gtts]
    return [engine(lang, slow) for engine in chosen]


class Voice:
    """The voice of one session."""

    def __init__(self, lang: str, choice: str = "auto", speed: str = "normal") -> None:
        self.lang = lang
        self.choice = choice
        self.engines = engines(lang, choice, speed)
        self.player = Player()
        self.notices: list[str] = []
        self.silent = not self.engines
        self.scratch: Path | None = None  # where lines go when the cache cannot be written

    def audio(self, text: str) -> Path | None:
        """The audio file of `text`: from the cache in any of the voices (so a prepared line
        never waits for the network), or made now and kept there."""
        for engine in self.engines:
            target = cache.path(text, self.lang, engine.identity, engine.suffix)
            if target.exists():
                return target
        while self.engines:
            engine = self.engines[0]
            target = cache.path(text, self.lang, engine.identity, engine.suffix)
            try:
                audio = engine.make(text)
            except Unavailable:
                self._give_up(engine)
                continue
            try:
                cache.store(target, audio)
            except OSError:  # a read-only or full cache: speak anyway, keep nothing
                target = self._scratch() / target.name
                target.write_bytes(audio)
            return target
        return None

    def _scratch(self) -> Path:
        if self.scratch is None:
            import atexit
            import shutil
            import tempfile

            self.scratch = Path(tempfile.mkdtemp(prefix="moderator-voice-"))
            atexit.register(shutil.rmtree, self.scratch, ignore_errors=True)
        return self.scratch

    def say(self, text: str) -> bool:
        """Speak `text`; False when it could only be shown."""
        if self.silent:
            return False
        target = self.audio(text)
        if target is None:
            self.silent = True
            return False
        if not self.player.play(target):
            self.silent = True
            self.notices.append("voice.no_player")
            return False
        return True

    def take_notices(self) -> list[str]:
        """What changed since the last call (a fallback, text only), each said once."""
        notices, self.notices = self.notices, []
        return notices

    def _give_up(self, engine) -> None:
        """One failure is enough: the next line must not wait for the network again."""
        self.engines.remove(engine)
        if self.engines:
            self.notices.append("voice.offline")
        else:
            self.notices.append("voice.text_only_gtts" if self.choice == "gtts"
                                else "voice.text_only")


def prepare(texts, lang: str, choice: str = "auto", speed: str = "normal", workers: int = 4,
            progress=None):
    """Make and cache every line of `texts` ahead of time, `workers` at once.

    Returns the engine that made them, how many were in the cache already, and the notices
    to show. `progress(done, total)` is called as lines become ready."""
    from concurrent.futures import ThreadPoolExecutor

    texts = list(dict.fromkeys(texts))
    chosen = engines(lang, choice, speed)
    if not chosen:
        raise VoiceError("voice.prepare_off")
    notices: list[str] = []
    for engine in chosen:
        targets = {text: cache.path(text, lang, engine.identity, engine.suffix) for text in texts}
        missing = [text for text, target in targets.items() if not target.exists()]
        done = len(texts) - len(missing)
        if progress:
            progress(done, len(texts))
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="voice")
        try:
            for text, audio in zip(missing, pool.map(engine.make, missing)):
                cache.store(targets[text], audio)
                done += 1
                if progress:
                    progress(done, len(texts))
            return engine, len(texts) - len(missing), notices
        except Unavailable:
            notices.append("voice.prepare_offline")
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
    raise VoiceError("voice.prepare_failed_gtts" if choice == "gtts" else "voice.prepare_failed")
