"""The voice of a session: the choices `--voice auto|gtts|espeak|off` and `--speed`, and
what happens when nothing can speak or play (design.md §5: text only, said once)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from moderator.i18n import t
from moderator.voice import Voice, VoiceError, prepare

pytestmark = pytest.mark.integration


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


needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (.ci/run installs it)")


@pytest.fixture
def only_espeak(bin_dir, monkeypatch):
    """PATH: the stand-ins, espeak-ng and the shell's `sleep`; no real player, no converter."""
    for name in ("espeak-ng", "sleep"):
        os.symlink(shutil.which(name), bin_dir / name)
    os.symlink("/bin/sh", bin_dir / "sh")
    monkeypatch.setenv("PATH", str(bin_dir))
    return bin_dir


@needs_espeak
def test_with_no_way_to_play_sound_the_text_only_is_said_once(bin_dir, monkeypatch):
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.path.dirname(shutil.which('espeak-ng'))}")
    for name in ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay"):
        (bin_dir / name).write_text("#!/bin/sh\nexit 1\n")  # there, but no sound device
        (bin_dir / name).chmod(0o755)
    voice = Voice("de", "espeak")
    assert not voice.say("Alle schließen die Augen.")
    assert not voice.say("Alle öffnen die Augen.")
    assert voice.take_notices() == ["voice.no_player"]


PLAYERS = ("ffplay", "mpv", "gst-play-1.0", "mpg123", "play", "paplay", "aplay")


@needs_espeak
def test_players_that_exit_0_without_playing_are_found_out_before_the_first_line(
        only_espeak, make_program, tmp_path):
    """issue 16: every player returns at once with exit status 0 and plays nothing. Before the
    first line is shown the host is told once that there is no sound; no line is sent to a
    player again."""
    log = tmp_path / "asked"
    for name in PLAYERS:
        make_program(name, f'echo {name} >> {log}')
    voice = Voice("de", "espeak")
    voice.start("Alle schließen die Augen.")
    assert voice.take_notices() == ["voice.no_player"]
    tried = log.read_text().split()
    assert sorted(tried) == sorted(set(tried)) and "play" in tried  # each player once
    assert not voice.say("Alle schließen die Augen.")
    assert not voice.say("Alle öffnen die Augen.")
    assert log.read_text().split() == tried
    assert voice.take_notices() == []


@needs_espeak
def test_a_working_player_is_found_before_the_first_line_without_a_notice(
        working_player, only_espeak, make_program, tmp_path):
    make_program("ffplay", "exit 0")  # returns at once: plays nothing
    working_player("aplay", tmp_path / "played")
    voice = Voice("de", "espeak")
    voice.start("Alle schließen die Augen.")
    assert voice.take_notices() == []
    assert voice.say("Alle schließen die Augen.")
    played = (tmp_path / "played").read_text().splitlines()
    assert len(played) == 2 and played[1].endswith(".wav")  # a moment of silence, then the line


@needs_espeak
def test_an_mp3_that_nothing_here_can_play_is_spoken_by_espeak_instead(
        working_player, only_espeak, tmp_path, google):
    """issue 16 item 3: Google's audio was prepared, but this computer has only a wav player
    and neither sox nor ffmpeg to convert: espeak-ng speaks, and the host is told once."""
    prepare(["Alle schließen die Augen.", "Alle öffnen die Augen."], "de")
    working_player("aplay", tmp_path / "played")
    voice = Voice("de", "auto")
    voice.start("Alle schließen die Augen.")
    assert voice.take_notices() == ["voice.mp3_unplayable"]
    assert voice.say("Alle schließen die Augen.") and voice.say("Alle öffnen die Augen.")
    played = (tmp_path / "played").read_text().splitlines()
    assert [Path(p).suffix for p in played] == [".wav"] * 3  # silence, then two lines
    assert voice.take_notices() == []


SOX = shutil.which("sox")


@needs_espeak
@pytest.mark.skipif(SOX is None, reason="sox is not installed (.ci/run installs it)")
def test_an_mp3_is_converted_where_sox_can_and_google_s_voice_is_heard(
        working_player, only_espeak, tmp_path, google, cache):
    prepare(["Alle schließen die Augen."], "de")
    os.symlink(SOX, only_espeak / "sox")
    working_player("aplay", tmp_path / "played")
    voice = Voice("de", "auto")
    voice.start("Alle schließen die Augen.")
    assert voice.say("Alle schließen die Augen.")
    assert voice.take_notices() == []
    played = (tmp_path / "played").read_text().splitlines()
    assert len(played) == 2 and all(p.endswith(".wav") for p in played)
    assert list(cache.rglob("*.wav")) == []  # espeak-ng made nothing: Google's voice was heard


def test_prepare_with_voice_off_is_refused():
    with pytest.raises(VoiceError) as refused:
        prepare(["Alle öffnen die Augen."], "de", "off")
    assert refused.value.code == "voice.prepare_off"


def test_prepare_with_neither_voice_is_refused(no_espeak, offline):
    with pytest.raises(VoiceError) as refused:
        prepare(["Alle öffnen die Augen."], "de", "auto")
    assert refused.value.code == "voice.prepare_failed"


@pytest.mark.parametrize("key", ["voice.offline", "voice.text_only", "voice.text_only_gtts",
                                 "voice.no_player", "voice.prepare_offline",
                                 "voice.prepare_offline_cached", "voice.mp3_unplayable",
                                 "voice.unreachable_recently"])
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
