"""Playing sound without hanging (ecosystem.md §3): the first player that works is used for
the session; a player with no device is skipped; a player that hangs is killed; and with no
way to play at all, the caller is told so.

The players here are small stand-in programs on PATH: the process boundary, since there is
no sound device to test with.
"""

from __future__ import annotations

import os
import time
import wave

import pytest

from moderator.voice.playback import Player, run, seconds


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
    """PATH holds nothing but the stand-in programs (and the shell they are written in)."""
    os.symlink("/bin/sh", bin_dir / "sh")
    monkeypatch.setenv("PATH", str(bin_dir))
    return bin_dir


def test_the_length_of_a_wav_is_read_from_it(wav):
    assert seconds(wav) == pytest.approx(0.5)


def test_the_length_of_an_mp3_is_bounded_by_its_size(mp3):
    assert seconds(mp3) == pytest.approx(96 / 4000)


def test_a_player_without_a_device_is_skipped_and_the_working_one_kept(
        only_stand_ins, make_program, tmp_path, wav):
    log = tmp_path / "log"
    make_program("ffplay", f"echo ffplay >> {log}; exit 1")  # no sound device
    make_program("mpv", f"echo mpv >> {log}")
    player = Player()
    assert player.play(wav) and player.play(wav)
    assert log.read_text().split() == ["ffplay", "mpv", "mpv"]


def test_mpg123_is_never_left_on_its_default_output(only_stand_ins, make_program, tmp_path, mp3):
    """mpg123 spins forever on its default output without a device: pulse or alsa only."""
    args = tmp_path / "args"
    make_program("mpg123", f'echo "$@" > {args}')
    assert Player().play(mp3)
    assert args.read_text().split() == ["-q", "-o", "pulse,alsa", str(mp3)]


def test_wav_only_players_are_not_given_an_mp3(only_stand_ins, make_program, mp3, wav):
    make_program("aplay", "exit 0")
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
    assert time.monotonic() - started < 3
    assert not alive(int(child.read_text()))


def alive(pid: int) -> bool:
    """Whether a process still runs (a killed one may linger as a zombie until reaped)."""
    time.sleep(0.1)
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
