"""Ctrl-C at any moment gets one translated line and exit 130 (design.md §4), for real: a
SIGINT sent to the `moderator` process.

At start-up the signal is sent at a spread of moments through the half-second a command
takes to start, counted from the moment it begins to load the command line (inotify sees
moderator/cli/app opened; before that only the interpreter's own start-up and a few lines
of moderator/cli/__init__ run, where no program can answer a signal); whenever it lands, the
command either finished first or said one line. After an action was written (the command
then waits on an output nobody reads), the line says it was recorded, and it was."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from moderator.cli import app, exits
from moderator.i18n import t

pytestmark = pytest.mark.integration

#: Seconds after the interpreter is ready: the first moments of start-up, then later ones.
MOMENTS = [0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5]


def console_script() -> list[str]:
    """`moderator` as the host types it: the installed script, else `python -m moderator`."""
    script = Path(sys.executable).with_name("moderator")
    return [str(script)] if script.exists() else [sys.executable, "-m", "moderator"]


def interrupted(args: list[str], env: dict, moment: float) -> subprocess.CompletedProcess:
    """Run `moderator ARGS` and send SIGINT `moment` seconds after it starts loading the
    command line (the moment its moderator/cli/app module is opened, seen through inotify)."""
    folder = Path(app.__file__).parent
    watched = [str(f) for f in (folder, folder / "__pycache__") if f.is_dir()]
    watch = subprocess.Popen(["inotifywait", "-m", "-e", "open", "--format", "%f", *watched],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while "Watches established" not in watch.stderr.readline():
            pass
        command = subprocess.Popen([*console_script(), *args], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name in iter(watch.stdout.readline, ""):
            if name.startswith("app."):
                break
        time.sleep(moment)
        command.send_signal(signal.SIGINT)
        stdout, stderr = command.communicate(timeout=60)
    finally:
        watch.kill()
        watch.wait()
    return subprocess.CompletedProcess(args, command.returncode, stdout, stderr)


@pytest.fixture(autouse=True)
def inotify():
    if shutil.which("inotifywait") is None:
        pytest.skip("inotifywait (inotify-tools) is needed to see the moment to interrupt")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_while_status_starts_says_one_line_and_exits_130(tmp_path, cli, cli_env, lang):
    assert cli(tmp_path, "new", "--players", "5", "--no-play", "--lang", lang).returncode == 0
    finished = cli(tmp_path, "status", env={"MODERATOR_LANG": lang})
    stopped = 0
    for moment in MOMENTS:
        result = interrupted(["status"], cli_env(tmp_path, env={"MODERATOR_LANG": lang}), moment)
        if result.returncode == 0:  # it was done before the signal came
            assert (result.stdout, result.stderr) == (finished.stdout, finished.stderr)
            continue
        stopped += 1
        assert result.returncode == 130, result.stderr
        # before the game was opened it says nothing of a game (issue 25)
        assert result.stderr in (t(lang, "errors.interrupted") + "\n",
                                 t(lang, "errors.interrupted_no_game") + "\n")
        assert result.stdout in ("", finished.stdout)  # stopped before the table, or after
    assert stopped >= 1  # the first moments of start-up always come before the end


def full_pipe() -> tuple[int, int]:
    """A pipe whose buffer is full: a process writing to it waits until it is read."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    for size in (4096, 1):
        with contextlib.suppress(BlockingIOError):
            while True:
                os.write(write_end, b"x" * size)
    os.set_blocking(write_end, True)
    return read_end, write_end


def test_ctrl_c_right_after_an_action_was_written_says_it_was_recorded(tmp_path, cli, cli_env):
    """`undo` writes its entry, then waits on an output nobody reads (a full pipe): Ctrl-C
    then comes after the write, whatever the machine's speed."""
    for args in (["new", "--players", "5", "--leader", "1", "--no-play"], ["propose", "1", "2"]):
        assert cli(tmp_path, *args).returncode == 0
    log = next((tmp_path / "games").glob("*.jsonl"))
    recorded = t("en", "errors.interrupted_recorded", game=log.stem) + "\n"
    for _ in range(5):
        read_end, write_end = full_pipe()
        command = subprocess.Popen([*console_script(), "undo"], env=cli_env(tmp_path),
                                   stdout=write_end, stderr=subprocess.PIPE, text=True)
        os.close(write_end)
        while json.loads(log.read_text().splitlines()[-1])["type"] != "undo":
            time.sleep(0.01)  # written: the command now waits on its output
        command.send_signal(signal.SIGINT)
        drained = threading.Thread(target=lambda fd=read_end: drain(fd))
        drained.start()
        assert command.wait(timeout=60) == 130
        drained.join()
        assert command.stderr.read() == recorded
        assert json.loads(log.read_text().splitlines()[-1])["type"] == "undo"  # kept
        assert cli(tmp_path, "redo").returncode == 0


def drain(fd: int) -> None:
    with os.fdopen(fd, "rb") as pipe:
        while pipe.read(1 << 16):
            pass


def test_ctrl_c_while_reading_a_script_says_nothing_of_a_game(tmp_path, cli_env):
    """Issue 25: `script --players 5 --say` involves no game: Ctrl-C during its reading says
    it stopped, not that "the game is as it was"."""
    pexpect = pytest.importorskip("pexpect")
    env = cli_env(tmp_path, env={"MODERATOR_VOICE": "off", "TERM": "dumb"})
    child = pexpect.spawn(console_script()[0], [*console_script()[1:], "script", "--players",
                                                "5", "--say"], env=env, encoding="utf-8",
                          timeout=30, dimensions=(40, 100))
    child.expect(r"… \d+ s")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert t("en", "errors.interrupted_no_game") in child.before
    assert "the game is as it was" not in child.before


class Finalised:
    """An object whose finaliser is interrupted, as a Ctrl-C can land in one (or in the
    callback with which Python tidies up after an import): Python cannot raise it there."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __del__(self) -> None:
        raise self.error


def test_a_ctrl_c_python_had_to_drop_is_raised_once_heard(monkeypatch, capsys):
    """Seen under load: "Exception ignored in: <function _get_module_lock.<locals>.cb>
    KeyboardInterrupt" on standard error and exit 0 after an `undo` was written. The Ctrl-C is
    now noted, said nothing of, and raised again when the command is done (exit 130)."""
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    monkeypatch.setattr(exits, "_dropped_interrupt", False)
    exits.hear_dropped_interrupts()
    exits.raise_dropped_interrupt()  # nothing dropped yet: nothing raised
    Finalised(KeyboardInterrupt())  # dropped by Python as it is finalised
    assert capsys.readouterr().err == ""
    with pytest.raises(KeyboardInterrupt):
        exits.raise_dropped_interrupt()


def test_other_errors_python_drops_are_still_reported(monkeypatch, capsys):
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    monkeypatch.setattr(exits, "_dropped_interrupt", False)
    exits.hear_dropped_interrupts()
    Finalised(ValueError("planted"))
    assert "ValueError: planted" in capsys.readouterr().err
    exits.raise_dropped_interrupt()  # not a Ctrl-C: nothing raised
