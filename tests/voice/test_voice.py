"""The voice of a session: the choices `--voice auto|gtts|espeak|off` and `--speed`, and
what happens when nothing can speak or play (design.md §5: text only, said once)."""

from __future__ import annotations

import os
import shutil

import pytest

from moderator.i18n import t
from moderator.voice import Voice, VoiceError, prepare


@pytest.fixture
def no_espeak(bin_dir, monkeypatch):
    """A computer without espeak-ng."""
    monkeypatch.setenv("PATH", str(bin_dir))


@pytest.mark.parametrize("choice,speed,code", [
    ("loud", "normal", "voice.voice_unknown"),
    ("auto", "fast", "voice.speed_unknown"),
])
def test_unknown_choices_are_refused(choice, speed, code):
    with pytest.raises(VoiceError) as refused:
        Voice("de", choice, speed)
    assert refused.value.code == code
    assert t("de", refused.value.code, **refused.value.params)


def test_asking_for_espeak_where_it_is_missing_is_refused(no_espeak):
    with pytest.raises(VoiceError) as refused:
        Voice("de", "espeak")
    assert refused.value.code == "voice.espeak_missing"


def test_voice_off_shows_the_text_only_and_says_nothing_about_it(speakers):
    voice = Voice("de", "off")
    assert not voice.say("Alle öffnen die Augen.")
    assert voice.take_notices() == [] and speakers.files() == []


def test_with_no_connection_and_no_espeak_the_text_only_is_said_once(no_espeak, offline):
    voice = Voice("de", "auto")
    assert not voice.say("Alle schließen die Augen.")
    assert not voice.say("Alle öffnen die Augen.")
    assert voice.take_notices() == ["voice.text_only"]
    assert len(offline.calls) == 1


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_with_no_way_to_play_sound_the_text_only_is_said_once(bin_dir, monkeypatch):
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.path.dirname(shutil.which('espeak-ng'))}")
    for name in ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay"):
        (bin_dir / name).write_text("#!/bin/sh\nexit 1\n")  # there, but no sound device
        (bin_dir / name).chmod(0o755)
    voice = Voice("de", "espeak")
    assert not voice.say("Alle schließen die Augen.")
    assert not voice.say("Alle öffnen die Augen.")
    assert voice.take_notices() == ["voice.no_player"]


def test_prepare_with_voice_off_is_refused():
    with pytest.raises(VoiceError) as refused:
        prepare(["Alle öffnen die Augen."], "de", "off")
    assert refused.value.code == "voice.prepare_off"


def test_prepare_with_neither_voice_is_refused(no_espeak, offline):
    with pytest.raises(VoiceError) as refused:
        prepare(["Alle öffnen die Augen."], "de", "auto")
    assert refused.value.code == "voice.prepare_failed"


@pytest.mark.parametrize("key", ["voice.offline", "voice.text_only", "voice.text_only_gtts",
                                 "voice.no_player", "voice.prepare_offline"])
def test_every_notice_reads_in_both_languages(key):
    assert t("en", key) != t("de", key)


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_a_cache_that_cannot_be_written_does_not_stop_the_voice(tmp_path, monkeypatch, speakers):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("MODERATOR_CACHE", str(blocked))
    voice = Voice("de", "espeak")
    assert voice.say("Alle öffnen die Augen.")
    assert [p.suffix for p in speakers.files()] == [".wav"]
