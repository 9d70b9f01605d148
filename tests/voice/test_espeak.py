"""espeak-ng, run for real: the offline voice writes real speech of a plausible length.

Lengths are measured from the WAV header with the standard library's `wave`, and checked
against sox's own reading where sox is installed (.ci/run installs both).
"""

from __future__ import annotations

import shutil
import subprocess
import wave

import pytest

from moderator.voice import Voice
from moderator.voice.engines import Espeak

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                 reason="espeak-ng is not installed (.ci/run installs it)")]

SHORT = "Alle öffnen die Augen."
LONG = ("Der Doppelagent und der Täuscher strecken den Daumen nach oben und lassen die Augen "
        "geschlossen.")


def seconds(path) -> float:
    with wave.open(str(path)) as audio:
        assert audio.getnchannels() == 1 and audio.getsampwidth() == 2
        return audio.getnframes() / audio.getframerate()


def test_a_short_german_line_is_about_a_second_of_speech():
    path = Voice("de", "espeak").audio(SHORT)
    assert path.suffix == ".wav"
    assert 0.8 < seconds(path) < 4


def test_a_longer_line_takes_longer_and_slow_speech_longer_still():
    long_normal = seconds(Voice("de", "espeak").audio(LONG))
    long_slow = seconds(Voice("de", "espeak", speed="slow").audio(LONG))
    assert seconds(Voice("de", "espeak").audio(SHORT)) * 2 < long_normal < 12
    assert long_slow > long_normal * 1.15


def test_english_has_its_own_voice():
    english = Voice("en", "espeak").audio("Everyone, open your eyes.")
    german = Voice("de", "espeak").audio("Everyone, open your eyes.")
    assert english != german
    assert english.read_bytes() != german.read_bytes()


def test_the_speech_is_not_silence():
    with wave.open(str(Voice("de", "espeak").audio(SHORT))) as audio:
        frames = audio.readframes(audio.getnframes())
    samples = memoryview(frames).cast("h")
    assert max(abs(s) for s in samples) > 3000


@pytest.mark.skipif(shutil.which("soxi") is None, reason="sox is not installed")
def test_sox_reads_the_same_length():
    path = Voice("de", "espeak").audio(LONG)
    measured = float(subprocess.run(["soxi", "-D", str(path)], capture_output=True, text=True,
                                    check=True).stdout)
    assert measured == pytest.approx(seconds(path), abs=0.01)


def test_espeak_speaks_through_the_sound_device(speakers):
    voice = Voice("de", "espeak")
    assert voice.say(SHORT)
    assert [p.suffix for p in speakers.files()] == [".wav"]
    assert 0.8 < seconds(speakers.files()[0]) < 4


def test_espeak_voice_identity_names_voice_and_speed():
    assert Espeak("de").identity != Espeak("de", slow=True).identity != Espeak("en").identity
