"""Playing sound without hanging (design.md §8), and never believing a player that did not
play: the first player that works is used for the session; a player with no device is skipped,
whether it says so by its exit status, by a device error, or only by ending long before the
file could have played; a player that hangs is killed; an mp3 on a computer with only wav
players is converted; and with no way to play at all, the caller is told so.

Most players here are small stand-in programs on PATH: the process boundary, since there is
no sound device to test with. The real players are run too where they are installed (.ci/run
installs sox and ffmpeg): ffplay with no device, ffplay on SDL's dummy device (which plays in
real time, to nothing), and sox's `play` on ALSA's null device (which returns at once).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import wave

import pytest

from moderator.voice.playback import Player, run, seconds

pytestmark = pytest.mark.integration

FRAME = b"\xff\xf3\x44\xc4" + bytes(92)  # 24 ms of MPEG-2 Layer III silence


#: The real programs, found before any test narrows PATH.
REAL = {name: shutil.which(name) for name in
        ("espeak-ng", "ffmpeg", "ffprobe", "ffplay", "play", "sox", "soxi", "sleep")}


def needs(*programs: str):
    missing = [p for p in programs if REAL[p] is None]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)} "
                                                    "(.ci/run installs sox and ffmpeg)")


def silence(path, length: float):
    """A wav of `length` seconds of silence."""
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(22050)
        audio.writeframes(bytes(2 * round(22050 * length)))
    return path


@pytest.fixture
def wav(tmp_path):
    """Half a second of silence."""
    path = tmp_path / "line.wav"
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(22050)
        audio.writeframes(bytes(22050))
    return path


@pytest.fixture
def mp3(tmp_path):
    path = tmp_path / "line.mp3"
    path.write_bytes(b"\xff\xf3\x44\xc4" + bytes(92))
    return path


@pytest.fixture
def only_stand_ins(bin_dir, monkeypatch):
    """PATH holds nothing but the stand-in programs (and the shell they are written in, with
    `sleep` for the time a working player takes)."""
    os.symlink("/bin/sh", bin_dir / "sh")
    os.symlink(REAL["sleep"], bin_dir / "sleep")
    monkeypatch.setenv("PATH", str(bin_dir))
    return bin_dir


def test_the_length_of_a_wav_is_read_from_it(wav):
    assert seconds(wav) == pytest.approx(0.5)


def test_the_length_of_an_mp3_is_bounded_by_its_size(mp3):
    assert seconds(mp3) == pytest.approx(96 / 4000)


def test_the_length_of_an_mp3_is_read_from_its_frames(tmp_path):
    """25 frames of 576 samples at 24 kHz: 0.6 s, whatever the file's size says."""
    path = tmp_path / "line.mp3"
    path.write_bytes(b"ID3\x03\x00\x00\x00\x00\x00\x05" + bytes(5) + FRAME * 25)
    assert seconds(path) == pytest.approx(0.6)


@needs("espeak-ng", "ffmpeg", "ffprobe")
def test_the_length_of_a_real_mp3_agrees_with_ffprobe(tmp_path):
    """Real speech, encoded by LAME at a higher bit rate than gTTS uses (so its size says
    nothing useful), measured by ffprobe."""
    wav, mp3 = tmp_path / "line.wav", tmp_path / "line.mp3"
    subprocess.run(["espeak-ng", "-v", "de", "-w", str(wav), "Alle öffnen die Augen."],
                   check=True)
    subprocess.run(["ffmpeg", "-loglevel", "error", "-i", str(wav), "-b:a", "128k", str(mp3)],
                   check=True)
    measured = float(subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
         str(mp3)], capture_output=True, text=True, check=True).stdout)
    assert seconds(mp3) == pytest.approx(measured, abs=0.06)
    assert seconds(mp3) == pytest.approx(seconds(wav), abs=0.1)


def test_a_player_without_a_device_is_skipped_and_the_working_one_kept(
        only_stand_ins, make_program, tmp_path, wav):
    log = tmp_path / "log"
    make_program("ffplay", f"echo ffplay >> {log}; exit 1")  # no sound device
    make_program("mpv", f"echo mpv >> {log}; sleep 0.5")
    player = Player()
    assert player.play(wav) and player.play(wav)
    assert log.read_text().split() == ["ffplay", "mpv", "mpv"]


def test_a_player_that_exits_0_without_playing_has_failed(only_stand_ins, make_program,
                                                          tmp_path):
    """The silent failure: exit status 0 long before the file could have played."""
    line = silence(tmp_path / "line.wav", 1.0)
    log = tmp_path / "log"
    make_program("ffplay", f"echo ffplay >> {log}")  # returns at once, exit 0
    make_program("mpv", f"echo mpv >> {log}; sleep 1")  # plays the whole line
    player = Player()
    assert player.play(line) and player.play(line)
    assert log.read_text().split() == ["ffplay", "mpv", "mpv"]


def test_with_only_a_player_that_does_not_play_nothing_is_played(only_stand_ins, make_program,
                                                                tmp_path):
    make_program("play", "exit 0")
    assert not Player().play(silence(tmp_path / "line.wav", 2.0))


def test_a_device_error_is_a_failure_whatever_the_exit_status(only_stand_ins, make_program,
                                                              tmp_path):
    """ffplay's words when SDL finds no device; it then exits 0 (issue 16)."""
    line = silence(tmp_path / "line.wav", 1.0)
    make_program("ffplay", "echo 'No more combinations to try, audio open failed' >&2; sleep 1")
    make_program("mpv", "sleep 1")
    player = Player()
    assert player.play(line)
    assert player.failed == {"ffplay"} and player.working == "mpv"


@needs("ffplay")
def test_the_real_ffplay_with_no_device_has_failed(bin_dir, monkeypatch, tmp_path):
    """SDL is sent to an ALSA device that does not exist: ffplay prints "audio open failed"
    and exits 0 (whether or not this computer has a sound card)."""
    os.symlink(REAL["ffplay"], bin_dir / "ffplay")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setenv("AUDIODEV", "moderator-no-such-device")
    line = silence(tmp_path / "line.wav", 3.0)
    assert subprocess.run(["ffplay", "-nodisp", "-autoexit", "-loglevel", "error", str(line)],
                          capture_output=True).returncode == 0  # what it tells the caller
    assert not Player().play(line)


@needs("ffplay")
def test_the_real_ffplay_on_a_device_that_plays_in_real_time_has_played(bin_dir, monkeypatch,
                                                                        tmp_path):
    """SDL's dummy device takes the sound at the speed a speaker would: this counts."""
    os.symlink(REAL["ffplay"], bin_dir / "ffplay")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    player = Player()
    assert player.play(silence(tmp_path / "line.wav", 1.0))
    assert player.working == "ffplay"


@needs("play")
def test_the_real_sox_play_on_the_null_device_has_failed(bin_dir, monkeypatch, tmp_path):
    """ALSA's null device swallows the whole file at once: `play` exits 0 in a few
    milliseconds, and nothing was heard."""
    os.symlink(REAL["play"], bin_dir / "play")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("AUDIODEV", "null")
    line = silence(tmp_path / "line.wav", 3.0)
    assert subprocess.run(["play", "-q", str(line)], capture_output=True).returncode == 0
    assert not Player().play(line)


@needs("sox", "soxi")
def test_an_mp3_with_only_a_wav_player_is_converted_by_sox(working_player, tmp_path,
                                                          only_stand_ins):
    os.symlink(REAL["sox"], only_stand_ins / "sox")
    log = tmp_path / "played"
    working_player("aplay", log)
    line = tmp_path / "line.mp3"
    line.write_bytes(FRAME * 25)
    assert Player().play(line)
    played = [p for p in log.read_text().splitlines()]
    assert len(played) == 1 and played[0].endswith(".wav")


@needs("ffmpeg")
def test_an_mp3_with_only_a_wav_player_is_converted_by_ffmpeg(only_stand_ins, make_program,
                                                             tmp_path):
    os.symlink(REAL["ffmpeg"], only_stand_ins / "ffmpeg")
    log = tmp_path / "played"
    make_program("paplay", f'echo "$1" >> {log}; sleep 0.6')  # the mp3 lasts 0.6 s
    line = tmp_path / "line.mp3"
    line.write_bytes(FRAME * 25)
    assert Player().play(line)
    assert log.read_text().strip().endswith(".wav")


def test_works_plays_a_moment_of_silence_once(only_stand_ins, make_program, tmp_path):
    """Before the first line: can anything here really play a wav, or an mp3?"""
    log = tmp_path / "log"
    make_program("play", f'echo "$2" >> {log}; sleep 1')
    player = Player()
    assert player.works(".wav") and player.works(".wav")
    assert len(log.read_text().splitlines()) == 1
    assert not player.works(".mp3")  # no mp3 player, and neither sox nor ffmpeg to convert


def test_mpg123_is_never_left_on_its_default_output(only_stand_ins, make_program, tmp_path, mp3):
    """mpg123 spins forever on its default output without a device: pulse or alsa only."""
    args = tmp_path / "args"
    make_program("mpg123", f'echo "$@" > {args}; sleep 0.1')
    assert Player().play(mp3)
    assert args.read_text().split() == ["-q", "-o", "pulse,alsa", str(mp3)]


def test_wav_only_players_are_not_given_an_mp3(only_stand_ins, make_program, mp3, wav):
    make_program("aplay", "sleep 0.5")
    player = Player()
    assert not player.play(mp3)
    assert player.play(wav)


def test_with_no_player_nothing_is_played(only_stand_ins, wav):
    assert not Player().play(wav)


def test_a_hanging_player_is_killed_with_what_it_started(make_program, tmp_path):
    child = tmp_path / "child"
    hang = make_program("hang", f"sleep 30 & echo $! > {child}; wait")
    started = time.monotonic()
    assert not run([str(hang)], timeout=0.5)
    assert time.monotonic() - started < 10  # given up, long before the 30 s the player hangs
    assert ends(int(child.read_text()), patience=10)  # killed: it would sleep for 30 s


def ends(pid: int, patience: float) -> bool:
    """Whether a killed process is gone (or a zombie, left to be reaped) within `patience`
    seconds: a loaded machine may take a moment to deliver the kill, so this waits for the
    process's end instead of a fixed time."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.01)
    return False
