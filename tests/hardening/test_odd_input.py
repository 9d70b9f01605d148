"""Odd input gets one translated line, exit 1 or 2, and changes nothing (design.md §4), through
the real `moderator` command: file names too long, seat numbers that are not 0-9 or have
thousands of digits, a voice cache that cannot be written, a setup line of the wrong types,
a terminal that cannot show every character, standard output closed or full, a game file
that is a FIFO, a device or has a line over 1 MB, and names that do not show as themselves.
An imported game never becomes current, and sides undone back into a running game are never
shown while it runs."""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import subprocess
from pathlib import Path

import pytest

from moderator.i18n import t

pytestmark = pytest.mark.integration

NAMES = "Änne,Jörg,Ömer,Zoë 🦊,Ünal"
SETUP = ["new", "--players", "5", "--names", NAMES, "--leader", "1", "--no-play"]
FINISH = [["propose", "1", "2"], ["vote", "--approve", "1,2,3"], ["mission", "--fails", "0"],
          ["propose", "2", "3", "4"], ["vote", "--approve", "1,2,3,4,5"],
          ["mission", "--fails", "0"], ["propose", "3", "4"],
          ["vote", "--approve", "1,2,3,4,5"], ["mission", "--fails", "0"]]
#: Room enough for Python, not for a program that reads a 4 GB file or a device whole.
MEMORY = 1 << 30


@pytest.fixture
def table(tmp_path, cli) -> Path:
    """A game waiting for the vote on its first team."""
    for args in (SETUP, ["propose", "1", "2"]):
        assert cli(tmp_path, *args).returncode == 0
    return tmp_path


def log_of(home: Path) -> Path:
    return next((home / "games").glob("*.jsonl"))


def one_line(result: subprocess.CompletedProcess, code: int, line: str) -> None:
    assert (result.returncode, result.stdout, result.stderr) == (code, "", line + "\n")


def limited_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


# -- item 4: one translated refusal, never "something went wrong inside" ---------------------


@pytest.mark.parametrize("name", ["a" * 300, "x" * 5000])
def test_an_export_file_name_too_long_is_refused(table, cli, files, name):
    before = files(table)
    one_line(cli(table, "export", "--output", name, cwd=table), 1,
             t("en", "records.errors.output_name_long", path=name))
    assert files(table) == before


@pytest.mark.parametrize("seat", ["²", "٣", "１", "1" * 5000, "0" * 4999 + "1"])
@pytest.mark.parametrize("command", [["vote", "--approve"], ["vote", "--reject"]])
def test_a_seat_that_is_not_a_plain_number_is_refused(table, cli, files, seat, command):
    before = files(table)
    one_line(cli(table, *command, f"{seat},2"), 1,
             t("en", "errors.seat_unknown", number=seat, players=5))
    assert files(table) == before


def voice_prepare(home: Path, cache: Path, cli, user=()) -> subprocess.CompletedProcess:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is needed to prepare a voice (.ci/run installs it)")
    return cli(home, "voice", "prepare", "--players", "5", "--voice", "espeak", user=user,
               env={"MODERATOR_CACHE": str(cache)})


def test_a_voice_cache_that_is_a_file_is_refused(tmp_path, cli):
    cache = tmp_path / "cache"
    cache.write_bytes(b"not a folder")
    one_line(voice_prepare(tmp_path, cache, cli), 1, t(
        "en", "voice.cache_unwritable", path=str(cache), why=os.strerror(errno.ENOTDIR)))
    assert cache.read_bytes() == b"not a folder"


def test_a_voice_cache_the_host_cannot_write_is_refused(public_tmp, cli, host_user):
    cache = public_tmp / "cache"
    cache.mkdir(mode=0o555)
    one_line(voice_prepare(public_tmp, cache, cli, user=host_user), 1, t(
        "en", "voice.cache_unwritable", path=str(cache), why=os.strerror(errno.EACCES)))
    assert list(cache.iterdir()) == []


WRONG_SETUPS = {
    "names too short": lambda setup: {**setup, "names": ["Änne", "Jörg"]},
    "names not a list": lambda setup: {**setup, "names": NAMES},
    "lang unknown": lambda setup: {**setup, "lang": "fr"},
    "lang missing": lambda setup: {k: v for k, v in setup.items() if k != "lang"},
    "house rules a list": lambda setup: {**setup, "house_rules": []},
    "a name that clears the screen": lambda setup: {**setup, "names": ["\x1b[2J", *setup[
        "names"][1:]]},
}
NEEDS_THE_GAME = [["status"], ["status", "--json"], ["vote", "--approve", "1,2,3"], ["undo"],
                  ["redo"], ["log", "--json"], ["export", "--format", "json"], ["play"]]


@pytest.mark.parametrize("wrong", WRONG_SETUPS, ids=list(WRONG_SETUPS))
def test_a_setup_line_of_the_wrong_types_is_refused_at_line_1_and_never_written(
        table, cli, files, wrong):
    log = log_of(table)
    setup, rest = log.read_bytes().split(b"\n", 1)
    setup = WRONG_SETUPS[wrong](json.loads(setup))
    log.write_bytes(json.dumps(setup, ensure_ascii=False).encode() + b"\n" + rest)
    before = files(table)
    for args in NEEDS_THE_GAME:
        one_line(cli(table, *args), 1, t("en", "errors.game_corrupt", game=log.stem, line=1))
        assert files(table) == before, args


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_a_terminal_that_cannot_show_every_character_gets_plain_ones(
        tmp_path, cli, encoding):
    for args in [SETUP, *FINISH[:4]]:
        assert cli(tmp_path, *args).returncode == 0
    for args in (["status"], ["log"], ["export"], ["games"], ["rules"], ["--help"]):
        result = cli(tmp_path, *args, env={"PYTHONIOENCODING": encoding}, text=False)
        assert (result.returncode, result.stderr) == (0, b""), (args, result.stderr)
        shown = result.stdout.decode(encoding)  # strictly: every byte is the terminal's
        assert shown.strip()
    status = cli(tmp_path, "status", env={"PYTHONIOENCODING": encoding}, text=False)
    plain = status.stdout.decode(encoding)
    assert ("Änne" if encoding == "cp1252" else "Aenne") in plain
    assert "Zo" in plain and "?" in plain  # the fox has no plain form


def without_stdout(home: Path, *args: str, cli) -> subprocess.CompletedProcess:
    """The command started with its standard output closed (`moderator … >&-`)."""
    return cli(home, *args, user=["sh", "-c", 'exec "$@" >&-', "sh"])


def test_a_closed_standard_output_is_refused_before_anything_is_written(table, cli, files):
    before = files(table)
    for args in (["status"], ["vote", "--approve", "1,2,3"], ["undo"], ["--version"]):
        result = without_stdout(table, *args, cli=cli)
        one_line(result, 1, t("en", "errors.output_failed", why=os.strerror(errno.EBADF)))
        assert files(table) == before


@pytest.mark.parametrize("unbuffered", ["", "1"], ids=["buffered", "unbuffered"])
def test_a_full_standard_output_is_said_in_one_line(table, cli, files, unbuffered):
    """Buffered, the output fails again when it is flushed on the way out: still one line."""
    before = files(table)
    env = {"PYTHONUNBUFFERED": unbuffered}
    with open("/dev/full", "w") as full:
        looked = cli(table, "status", stdout=full, env=env)
    assert (looked.returncode, looked.stderr) == (
        1, t("en", "errors.output_failed", why=os.strerror(errno.ENOSPC)) + "\n")
    assert files(table) == before
    with open("/dev/full", "w") as full:  # written first, as every action: the line says so
        voted = cli(table, "vote", "--approve", "1,2,3", stdout=full, env=env)
    log = log_of(table)
    assert (voted.returncode, voted.stderr) == (1, t(
        "en", "errors.output_failed_recorded", why=os.strerror(errno.ENOSPC),
        game=log.stem) + "\n")
    assert json.loads(log.read_text().splitlines()[-1])["type"] == "vote"


def not_a_file(home: Path, kind: str) -> Path:
    """The newest game is a FIFO or a link to a device, where a game file should be."""
    path = home / "games" / "2999-01-01-1.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(kind)
    return path


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom"])
def test_a_game_that_is_not_a_plain_file_is_refused_without_reading_it(
        table, cli, files, kind):
    path = not_a_file(table, kind)
    before = files(table)
    for args in (["status"], ["vote", "--approve", "1,2,3"], ["export"]):
        result = cli(table, *args, preexec_fn=limited_memory, timeout=30)
        one_line(result, 1, t("en", "errors.game_not_file", game=path.stem, path=str(path)))
        assert files(table) == before
    season = cli(table, "stats", "--json", preexec_fn=limited_memory, timeout=30)
    assert season.returncode == 0 and json.loads(season.stdout)["unreadable"] == [path.stem]


def test_a_line_over_a_megabyte_is_refused_without_reading_the_file_whole(table, cli, files):
    log = log_of(table)
    size = log.stat().st_size
    with open(log, "ab") as handle:  # line 3: 1.5 MB; then a 4 GB tail of zeros (sparse)
        handle.write(b'{"type":"vote","approve":[1,2,3],"note":"' + b"x" * 1_500_000 + b'"}\n')
    refusal = t("en", "errors.game_corrupt", game=log.stem, line=3)
    before = files(table)
    for args in (["status"], ["vote", "--approve", "1,2,3"], ["undo"]):
        one_line(cli(table, *args, preexec_fn=limited_memory), 1, refusal)
        assert files(table) == before
    os.truncate(log, size)  # the long line gone again, the game whole
    assert cli(table, "status").returncode == 0
    os.truncate(log, 4 << 30)
    for args in (["status"], ["vote", "--approve", "1,2,3"]):
        one_line(cli(table, *args, preexec_fn=limited_memory, timeout=30), 1, refusal)
    assert log.stat().st_size == 4 << 30


# -- item 5: names are text a person can read -------------------------------------------------


@pytest.mark.parametrize("name,char", [
    ("\x1b[2J", "U+001B"), ("Anna\u202e", "U+202E"), ("a\nb", "U+000A"), ("Ben\tB", "U+0009"),
    ("\u200b", "U+200B"), ("\u3164", "U+3164"), ("\u0301", "U+0301"), ("\u2800\u2800", "U+2800"),
    ("Carl\u2066", "U+2066"), ("Dora\x7f", "U+007F"),
])
def test_a_name_that_does_not_show_as_itself_is_refused(tmp_path, cli, files, name, char):
    names = ["Änne", "Jörg", name, "Ünal", "Zoë 🦊"]
    one_line(cli(tmp_path, "new", "--names", ",".join(names), "--no-play"), 1,
             t("en", "errors.name_unreadable", number=3, char=char))
    assert files(tmp_path) == {}


ESCAPES_TYPED = "\x1b[31mX\x1b]0;pwned\x07\u202eY\nZ"
ESCAPES_SHOWN = "\\x1b[31mX\\x1b]0;pwned\\x07\\u202eY\\nZ"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_typed_input_echoed_in_a_refusal_shows_its_control_characters_escaped(
        tmp_path, cli, lang):
    """An unknown name, game or command is echoed written out (`\\x1b`): an escape sequence
    typed by mistake (or pasted) must not recolour, retitle or clear the host's terminal."""
    assert cli(tmp_path, *SETUP, "--lang", lang).returncode == 0
    assert cli(tmp_path, "propose", "1", "2").returncode == 0
    names = "Änne, Jörg, Ömer, Zoë 🦊, Ünal"
    one_line(cli(tmp_path, "vote", "--approve", ESCAPES_TYPED), 1,
             t(lang, "errors.player_unknown", name=ESCAPES_SHOWN, names=names))
    one_line(cli(tmp_path, "status", "--lang", lang, "--game", ESCAPES_TYPED), 1,
             t(lang, "errors.game_unknown", game=ESCAPES_SHOWN))
    one_line(cli(tmp_path, ESCAPES_TYPED), 2,
             t(lang, "errors.usage_command", command=ESCAPES_SHOWN) + " "
             + t(lang, "errors.usage_help", command="moderator"))


def test_names_with_emoji_joined_and_accents_are_fine(tmp_path, cli):
    names = ["👩‍👩‍👧", "Zoë 🦊", "José", "Ảnh", "Ünal"]
    assert cli(tmp_path, "new", "--names", ",".join(names), "--no-play").returncode == 0
    assert json.loads(cli(tmp_path, "status", "--json").stdout)["players"] == names


def exported(home: Path, cli) -> dict:
    for args in [SETUP, *FINISH]:
        assert cli(home, *args).returncode == 0
    return json.loads(cli(home, "export", "--format", "json").stdout)


def test_an_import_with_a_name_that_does_not_show_as_itself_is_refused(tmp_path, cli, files):
    document = exported(tmp_path / "elsewhere", cli)
    document["setup"]["names"][2] = "\x1b[2J"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    one_line(cli(home, "import", str(path)), 1,
             t("en", "records.errors.import_bad_field", field="names"))
    assert files(home) == {}


# -- item 6: the current game stays current ---------------------------------------------------


def test_an_imported_game_never_becomes_the_current_one(tmp_path, cli):
    document = exported(tmp_path / "elsewhere", cli)  # played today, like the game at the table
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    home = tmp_path / "home"
    assert cli(home, *SETUP).returncode == 0
    at_the_table = log_of(home).stem
    result = cli(home, "import", str(path))
    assert result.returncode == 0
    imported = sorted(p.stem for p in (home / "games").glob("*.jsonl") if p.stem != at_the_table)
    assert len(imported) == 1 and imported[0] > at_the_table  # the newest id, still not current
    assert f"moderator status --game {imported[0]}" in result.stdout  # how to select it
    assert json.loads(cli(home, "status", "--json").stdout)["game"] == at_the_table
    rows = json.loads(cli(home, "games", "--json").stdout)
    assert [row["game"] for row in rows if row["current"]] == [at_the_table]
    assert cli(home, "propose", "1", "2").returncode == 0  # on the game at the table
    assert json.loads(cli(home, "status", "--json", "--game", imported[0]).stdout)[
        "phase"] == "game_over"


# -- item 7: secrets stay secret after an undo ------------------------------------------------


def secrets(data) -> list:
    """Every value under a "spies" key, anywhere in a JSON document."""
    if isinstance(data, dict):
        return [v for k, v in data.items() if k == "spies" and v is not None] + [
            s for v in data.values() for s in secrets(v)]
    if isinstance(data, list):
        return [s for v in data for s in secrets(v)]
    return []


SHOWN = [["export", "--format", fmt] for fmt in ("md", "csv", "line", "json")] + [
    ["status"], ["status", "--json"], ["rules"]]


def test_sides_undone_back_into_a_running_game_leave_no_trace(tmp_path, cli):
    """The game's end and the sides entered after it are taken back: everything shown is what
    it was before the sides were ever entered, and they come back with redo."""
    for args in [SETUP, *FINISH, ["undo"]]:
        assert cli(tmp_path, *args).returncode == 0, args
    before = {" ".join(args): cli(tmp_path, *args).stdout for args in SHOWN}
    for args in (["redo"], ["roles", "--spies", "2,4"], ["undo"], ["undo"]):
        assert cli(tmp_path, *args).returncode == 0, args
    assert {" ".join(args): cli(tmp_path, *args).stdout for args in SHOWN} == before
    log = json.loads(cli(tmp_path, "log", "--json").stdout)
    assert secrets(log) == [] and [e["type"] for e in log["undone"]] == ["mission", "sides"]
    for _ in range(2):  # taken back, not lost
        assert cli(tmp_path, "redo").returncode == 0
    assert secrets(json.loads(cli(tmp_path, "log", "--json").stdout)) == [[2, 4]]


# -- issue 25: nothing half-said -------------------------------------------------------------

#: A host's terminal in a UTF-8 locale: standard output refuses what is not UTF-8 (a locale
#: not installed here would fall back to C, which lets anything through).
STRICT_UTF8 = {"LANG": "en_US.UTF-8", "PYTHONIOENCODING": "utf-8"}
ODD = os.fsdecode(b"g\xff")  # a file name's bytes that are not UTF-8


def test_an_export_to_a_path_that_is_not_utf8_is_written_and_said_escaped(table, cli):
    """The file is written, then the path is said with the odd byte escaped; exit 0."""
    done = cli(table, "export", "--output", f"{ODD}.md", cwd=table, env=STRICT_UTF8)
    assert (done.returncode, done.stderr) == (0, "")
    assert "g\\xff.md" in done.stdout
    assert "The Resistance" in (table / os.fsdecode(b"g\xff.md")).read_text(encoding="utf-8")


def test_games_in_a_home_whose_path_is_not_utf8(tmp_path, cli):
    home = tmp_path / ODD
    done = cli(home, "games", env=STRICT_UTF8)
    assert (done.returncode, done.stderr) == (0, "")
    assert "g\\xff" in done.stdout


def test_voice_prepare_with_a_cache_path_that_is_not_utf8(tmp_path, cli):
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is needed to prepare a voice (.ci/run installs it)")
    cache = tmp_path / ODD
    done = cli(tmp_path, "voice", "prepare", "--players", "5", "--voice", "espeak",
               env={**STRICT_UTF8, "MODERATOR_CACHE": str(cache)})
    assert (done.returncode, done.stderr) == (0, "")
    assert "g\\xff" in done.stdout
    assert [path for path in cache.rglob("*") if path.is_file()]  # the lines were made


def test_an_export_file_name_of_253_bytes_is_accepted(table, cli):
    """A name the file system allows (up to 255 bytes) is written: the temporary file beside
    it must not need a longer one."""
    name = "a" * 250 + ".md"
    done = cli(table, "export", "--output", name, cwd=table)
    assert (done.returncode, done.stderr) == (0, "")
    assert (table / name).is_file()
    assert sorted(p.name for p in table.iterdir() if p.name.startswith(".")) == []
