"""A cached line whose file was damaged (issue 35, item 6): a WAV header claiming a frame rate
of 0 (ZeroDivisionError) or 2^30 frames (the first line held for hours, on the screens) and an
mp3 with no frame are checked before they are used, and made again.

espeak-ng runs for real and makes the line; the damage is done to that real file's header."""

from __future__ import annotations

import shutil
import struct
import time
import wave
from types import SimpleNamespace

import pytest

from moderator.ui.reader import Keys, read_aloud
from moderator.voice import Voice, cache, prepare
from moderator.voice.engines import Espeak
from moderator.voice.playback import seconds

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                 reason="espeak-ng is not installed (.ci/run installs it)")]

LINE = "Everyone, close your eyes."


def damage(path, how: str) -> None:
    """Damage a real espeak-ng WAV (a 44-byte header: rate at 24, data size at 40)."""
    data = bytearray(path.read_bytes())
    if how == "rate 0":
        data[24:28] = struct.pack("<I", 0)
    elif how == "2^30 frames":
        data[40:44] = struct.pack("<I", (1 << 30) * 2)  # 16-bit mono: two bytes a frame
    else:  # cut off inside its header
        del data[30:]
    path.write_bytes(bytes(data))


def made(lang: str = "en"):
    voice = Voice(lang, "espeak")
    path = voice.audio(LINE)
    assert path == cache.path(LINE, lang, Espeak(lang).identity, ".wav")
    return path


@pytest.mark.parametrize("how", ["rate 0", "2^30 frames", "cut off"])
def test_a_damaged_wav_in_the_cache_is_made_again(how):
    path = made()
    whole = path.read_bytes()
    damage(path, how)
    again = Voice("en", "espeak").audio(LINE)
    assert again == path and path.read_bytes() == whole
    assert 0.5 < seconds(path) < 5


def test_voice_prepare_makes_a_damaged_line_again():
    path = made()
    whole = path.read_bytes()
    damage(path, "rate 0")
    engine, cached, _ = prepare([LINE], "en", "espeak")
    assert (engine.name, cached) == ("espeak", 0)
    assert path.read_bytes() == whole


def test_a_header_that_cannot_be_right_is_refused_when_measured(tmp_path):
    path = made()
    for how in ("rate 0", "2^30 frames"):
        copy = tmp_path / f"{how}.wav"
        shutil.copy(path, copy)
        damage(copy, how)
        with pytest.raises((ValueError, wave.Error)):
            seconds(copy)


def test_reading_on_the_screens_is_paced_by_the_line_made_again(monkeypatch, tmp_path):
    """The screens alone: the reading waits out each line's length here, so a header of 2^30
    frames would hold the first line for hours; the line made again lasts a second or two."""
    from moderator.ui import reader

    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path / "home"))
    path = made()
    damage(path, "2^30 frames")
    waited: list[float] = []  # the reader's clock only: its waits are noted, not slept
    monkeypatch.setattr(reader, "time", SimpleNamespace(sleep=waited.append,
                                                        monotonic=time.monotonic))

    class Console:
        is_terminal = False

        def print(self, *args, **kwargs) -> None:
            pass

    voice = Voice("en", "espeak")
    voice.silent = True  # nothing plays here: the screens alone
    assert read_aloud([(LINE, 0)], voice, Console(), "en", Keys(stream=None), print,
                      say_on="screens")
    assert 0.5 < waited[0] < 5  # the line's length (then the pause of 0)


def test_an_mp3_without_a_single_frame_is_made_again(google):
    path = cache.path(LINE, "en", "gtts-com", ".mp3")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"ID3" + bytes(200))  # a tag, then nothing a decoder can play
    assert Voice("en", "gtts").audio(LINE) == path
    assert seconds(path) > 0 and len(google.calls) == 1
