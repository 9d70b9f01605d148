"""The standalone build (issue 23, Deliver 2): `packaging/build-standalone` makes a one-folder
PyInstaller build, and the built program answers every command exactly as the installed one
does: same output, same exit status, with nothing of the source tree to read.

The build takes a few minutes; it is made once per run, in a temporary folder.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "build-standalone"

#: A short game and the commands of the issue, run in order in one MODERATOR_HOME.
COMMANDS = [
    ["--version"],
    ["new", "--players", "5", "--names", "Anna,Ben,Carl,Dora,Emil", "--seed", "7", "--no-play"],
    ["propose", "anna", "ben"],
    ["vote", "--reject", "carl,dora"],
    ["status"],
    ["rules", "does", "a", "tie", "pass"],
    ["rules", "§8", "--lang", "de"],
    ["script", "--lang", "de"],
    ["display", "--help"],
    ["vote", "--approve"],  # bad usage: exit 2, the same message
    ["propose", "anna", "ben", "carl", "dora"],  # refused: exit 1, the same message
]


@pytest.fixture(scope="session")
def standalone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("standalone")
    built = subprocess.run([str(SCRIPT)], env={**os.environ, "PYTHON": sys.executable,
                                               "MODERATOR_BUILD_DIR": str(out)},
                           capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stdout + built.stderr
    program = out / "dist" / "moderator" / "moderator"
    assert program.is_file() and os.access(program, os.X_OK)
    return program


def run_all(program: list[str], home: Path, cwd: Path) -> list[tuple[int, str, str]]:
    env = {**os.environ, "MODERATOR_HOME": str(home / "games"),
           "MODERATOR_CACHE": str(home / "cache"), "TERM": "dumb", "NO_COLOR": "1",
           "COLUMNS": "100", "MODERATOR_VOICE": "off"}
    for variable in ("MODERATOR_GAME", "MODERATOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    results = []
    for args in COMMANDS:
        done = subprocess.run([*program, *args], env=env, cwd=cwd, capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL)
        results.append((done.returncode, done.stdout, done.stderr))
    return results


def test_the_standalone_program_answers_as_the_installed_one(standalone, tmp_path):
    (tmp_path / "frozen").mkdir()
    (tmp_path / "installed").mkdir()
    frozen = run_all([str(standalone)], tmp_path / "frozen", tmp_path / "frozen")
    installed = run_all([sys.executable, "-m", "moderator"], tmp_path / "installed",
                        tmp_path / "installed")
    for args, got, expected in zip(COMMANDS, frozen, installed, strict=True):
        assert got == expected, f"moderator {' '.join(args)}"
    codes = [code for code, _, _ in frozen]
    assert codes == [0] * 9 + [2, 1]
    assert "Sergeant" in frozen[6][1] and "Englisch" in frozen[6][1]  # the packaged reference
    assert "Alle schließen die Augen" in frozen[7][1]  # the packaged German catalogue


def test_the_standalone_program_reads_no_source_file(standalone):
    """A frozen build carries no .py of moderator's: what it needs is compiled in or data."""
    folder = standalone.parent
    assert not [p for p in folder.rglob("*.py") if "moderator" in p.parts[len(folder.parts):]]
    assert list(folder.rglob("moderator/i18n/de.yaml"))
    assert list(folder.rglob("moderator/reference/rules.md"))
    assert list(folder.rglob("moderator/display/static/page.css"))
    assert list(folder.rglob("moderator/display/static/page.js"))
    for name in ("host.css", "host.js", "timer.js"):  # the host's page, the shared countdown
        assert list(folder.rglob(f"moderator/display/static/{name}"))


def test_the_standalone_program_serves_the_display_with_its_style_and_script(standalone,
                                                                               tmp_path):
    """The page's style and script are package files: the frozen program reads them as it
    reads its catalogues, and its page is the installed one's, style, script and policy."""
    from moderator.display import page

    env = {**os.environ, "MODERATOR_HOME": str(tmp_path / "games"),
           "MODERATOR_CACHE": str(tmp_path / "cache"), "TERM": "dumb", "NO_COLOR": "1"}
    subprocess.run([str(standalone), "new", "--players", "5", "--no-play"], env=env,
                   check=True, capture_output=True, timeout=120)
    process = subprocess.Popen([str(standalone), "display", "--host", "127.0.0.1", "--port",
                                "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        first = process.stdout.readline() if process.stdout else ""
        url = next((w for w in first.split() if w.startswith("http://")), None)
        assert url, first + (process.stderr.read() if process.stderr else "")
        with urllib.request.urlopen(url, timeout=30) as answer:
            shown = answer.read().decode()
            policy = answer.headers["Content-Security-Policy"]
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    assert f"<style>{page.STYLE}</style>" in shown and f"<script>{page.SCRIPT}</script>" in shown
    assert policy == page.POLICY


def test_the_build_says_what_to_install_when_its_python_lacks_it(tmp_path):
    """Issue 35, item 7: run with a Python without PyInstaller (a bare virtual environment),
    the script says in one line what to install first, and builds nothing."""
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    python = bare / "bin" / "python"
    out = tmp_path / "out"
    done = subprocess.run([str(SCRIPT)], env={**os.environ, "PYTHON": str(python),
                                              "MODERATOR_BUILD_DIR": str(out)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"{python} -m pip install '.[build]'" in done.stderr
    assert not out.exists()
