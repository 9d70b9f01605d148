"""Game files written before actions were typed still load and replay unchanged (design.md §3).

`old_games/` holds one file per module (and a few combinations), written by the commands'
code as it stood before the change: random legal games of the engine, plus hand-played ones
for the actions random play does not reach (the Sergeant's switch on its own, the Blame, a
claim under Targeting). Beside each, what that code made of it: the table's status, every
logged action in words (English and German), and the game's record. A change of wording
changes what is expected: `python -m tests.store.test_old_games` writes it again from the
code as it stands (run it on the commit before a change of the format, never after).
"""

import json
import shutil
from pathlib import Path

import pytest

from moderator import narration, public, session
from moderator.records import notation

OLD = Path(__file__).parent / "old_games"
FILES = sorted(OLD.glob("*.jsonl"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MODERATOR_HOME", str(tmp_path))
    (tmp_path / "games").mkdir()
    return tmp_path


def test_every_kind_of_action_is_among_the_old_files():
    kinds = {json.loads(line)["type"] for path in FILES for line in path.read_text().splitlines()}
    assert kinds >= {"propose", "vote", "mission", "switch", "watch", "rogue_claim", "assassinate",
                     "loyalty", "examine", "investigate", "accuse", "blame", "plot_draw",
                     "plot_give", "plot_use", "sides", "undo", "redo"}


def shown(path: Path, home: Path) -> dict:
    """What the code makes of an old game: its status, its log in words, its record."""
    game_id = json.loads(path.read_text().splitlines()[0])["game"]
    shutil.copy(path, home / "games" / f"{game_id}.jsonl")
    current = session.open_game(game_id)
    return {
        "status": public.status(current),
        "log": {lang: [narration.describe_line(lang, current.names, entry.data)
                       for entry in current.history.done] for lang in ("en", "de")},
        "record": notation.markdown(notation.of_session(current), "en"),
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_game_replays_unchanged(path, home):
    expected = json.loads(path.with_suffix("").with_suffix(".expected.json").read_text())
    assert shown(path, home) == expected


#: Old files whose random play entered sides after the game that no deal of the cards allows
#: (saved before moderator checked them, rules.md §1.5), and the line that does.
IMPOSSIBLE = {"hunter": 31, "hunter-reverser": 48}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_impossible_record_loads_and_names_its_line(path, home):
    """Nothing saved stops loading: a record no deal allows is loaded past, and the session
    names its first impossible line (the commands warn with it)."""
    game_id = json.loads(path.read_text().splitlines()[0])["game"]
    shutil.copy(path, home / "games" / f"{game_id}.jsonl")
    current = session.open_game(game_id)
    assert current.impossible == IMPOSSIBLE.get(path.stem)
    if current.impossible is not None:
        line = path.read_text().splitlines()[current.impossible - 1]
        assert json.loads(line)["type"] == "sides"


if __name__ == "__main__":  # write what is expected again (see above)
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        os.environ["MODERATOR_HOME"] = folder
        (Path(folder) / "games").mkdir()
        for old in FILES:
            made = json.dumps(shown(old, Path(folder)), ensure_ascii=False, indent=1)
            old.with_suffix("").with_suffix(".expected.json").write_text(made + "\n")
