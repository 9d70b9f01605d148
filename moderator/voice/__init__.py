"""Turning lines into sound: gTTS when Google's service answers, espeak-ng offline, else the
text alone (design.md §5).

A `Voice` lives for one session. It looks every line up in the cache first, in every voice it
may use, so a prepared game needs no network and is heard in the voice it was prepared in,
whatever the session has fallen back to. When gTTS fails once it is not asked again (and the
cache folder remembers it for the next command): espeak-ng takes over, and if nothing can
speak or play, the lines are shown only. A kind of file that no player here can play (an mp3
with only wav players and nothing to convert) is spoken by espeak-ng instead. Each of these
changes is reported once, as an i18n key in `notices`, for the caller to show; `start`
settles them before the first line.
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
    """The voices to try for `choice`, best first. Google's voice asked for by name is asked
    even if it failed a few minutes ago; under `auto` that failure is believed."""
    if choice not in VOICES:
        raise VoiceError("voice.voice_unknown", voice=choice, known=", ".join(VOICES))
    if speed not in SPEEDS:
        raise VoiceError("voice.speed_unknown", speed=speed, known=", ".join(SPEEDS))
    slow = speed == "slow"
    if choice == "espeak" and Espeak.program() is None:
        raise VoiceError("voice.espeak_missing")
    engines: dict[str, list[type[Gtts] | type[Espeak]]] = {
        "auto": [Gtts, Espeak], "gtts": [Gtts], "espeak": [Espeak], "off": []}
    chosen = engines[choice]
    if choice == "auto" and Espeak.program() is None:
        chosen = [Gtts]
    return [Gtts(lang, slow, remember=choice == "auto") if engine is Gtts
            else engine(lang, slow) for engine in chosen]


class Voice:
    """The voice of one session."""

    def __init__(self, lang: str, choice: str = "auto", speed: str = "normal") -> None:
        self.lang = lang
        self.choice = choice
        self.voices = engines(lang, choice, speed)  # whose prepared lines are played
        self.live = list(self.voices)  # those that may still make a line now
        self.player = Player()
        self.notices: list[str] = []
        self.silent = not self.voices
        self.scratch: Path | None = None  # where lines go when the cache cannot be written
        self.made: dict[tuple[str, str], Path] = {}  # (voice, text) -> made this session
        self.told_mp3 = False

    def audio(self, text: str, here: bool = True) -> Path | None:
        """The audio file of `text`, of a kind this computer can play (any kind when it is
        for the table display's screens, `here` False): from the cache in any of the voices
        (so a prepared line never waits for the network), or made now and kept there."""
        playable = [e for e in self.voices if not here or e.suffix not in self.player.unplayable]
        for engine in playable:
            target = self.made.get((engine.identity, text)) \
                or cache.path(text, self.lang, engine.identity, engine.suffix)
            if cache.kept(target):
                return target
        for engine in [e for e in self.live if e in playable]:
            try:
                audio = engine.make(text)
            except Unavailable as error:
                self._give_up(engine, error)
                continue
            target = cache.path(text, self.lang, engine.identity, engine.suffix)
            try:
                cache.store(target, audio)
            except OSError:  # a read-only or full cache: speak anyway, keep nothing
                target = self._scratch() / target.name
                target.write_bytes(audio)
            self.made[(engine.identity, text)] = target
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

    def start(self, text: str, here: bool = True) -> None:
        """Before the first line (`text`): make its audio and, where it is to be heard `here`,
        play a moment of silence of its kind, so that any fallback, and the news that no sound
        will come, is told first. For the table's screens alone nothing is played here."""
        if not here:
            self.audio(text, here=False)
            return
        self._speak(text, lambda target: self.player.works(target.suffix))

    def screens_only(self) -> None:
        """Nothing plays on this computer, but the table's screens play every line: the lines
        are still made for them, and the host is not told to read them aloud."""
        self.silent = not self.voices
        self.notices = [notice for notice in self.notices if notice != "voice.no_player"]

    def say(self, text: str) -> bool:
        """Speak `text`; False when it could only be shown."""
        return self._speak(text, self.player.play)

    def _speak(self, text: str, play) -> bool:
        while not self.silent:
            target = self.audio(text)
            if target is None:
                if self.player.unplayable:  # what could be made cannot be heard here
                    self.silent = True
                    self.notices.append("voice.no_player")
                return False
            if play(target):  # else that kind of file is unplayable now: try the next voice
                if ".mp3" in self.player.unplayable and not self.told_mp3:
                    self.told_mp3 = True
                    self.notices.append("voice.mp3_unplayable")
                return True
        return False

    def take_notices(self) -> list[str]:
        """What changed since the last call (a fallback, text only), each said once. When no
        sound can be played at all, only that is told: the fallbacks before it are moot."""
        notices, self.notices = self.notices, []
        if self.silent:
            notices = [n for n in notices if n == "voice.no_player"]
        return notices

    def _give_up(self, engine, error: Unavailable) -> None:
        """One failure is enough: the next line must not wait for the network again."""
        self.live.remove(engine)
        if error.recent:
            self.notices.append("voice.unreachable_recently")
        if self.live:
            self.notices.append("voice.offline")
        else:
            self.notices.append("voice.text_only_gtts" if self.choice == "gtts"
                                else "voice.text_only")


def prepare(texts, lang: str, choice: str = "auto", speed: str = "normal", workers: int = 4,
            progress=None):
    """Make and cache every line of `texts` ahead of time, `workers` at once.

    The best voice makes every line it lacks; a fallback only those no voice has yet. Returns
    the engine that made them, how many were in the cache already, and the notices to show.
    `progress(done, total)` is called as lines become ready."""
    from concurrent.futures import ThreadPoolExecutor

    texts = list(dict.fromkeys(texts))
    chosen = engines(lang, choice, speed)
    if not chosen:
        raise VoiceError("voice.prepare_off")
    notices: list[str] = []
    try:  # a cache that cannot be written is refused before anything is spoken
        (cache.root() / "voice" / lang).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise VoiceError("voice.cache_unwritable", path=str(cache.root()),
                         why=error.strerror or type(error).__name__) from None
    for number, engine in enumerate(chosen):
        fallback = number > 0
        known = chosen if fallback else [engine]
        missing = [text for text in texts
                   if not any(cache.kept(cache.path(text, lang, v.identity, v.suffix))
                              for v in known)]
        done = len(texts) - len(missing)
        if progress:
            progress(done, len(texts))
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="voice")
        try:
            for text, audio in zip(missing, pool.map(engine.make, missing), strict=True):
                cache.store(cache.path(text, lang, engine.identity, engine.suffix), audio)
                done += 1
                if progress:
                    progress(done, len(texts))
        except Unavailable as error:
            if error.recent:
                notices.append("voice.unreachable_recently")
            continue
        except OSError as error:  # the cache folder became unwritable, or the disk full
            raise VoiceError("voice.cache_unwritable", path=str(cache.root()),
                             why=error.strerror or type(error).__name__) from None
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        if fallback:  # nothing made means nothing to claim
            notices.append("voice.prepare_offline" if missing else "voice.prepare_offline_cached")
        return engine, len(texts) - len(missing), notices
    raise VoiceError("voice.prepare_failed_gtts" if choice == "gtts" else "voice.prepare_failed")
