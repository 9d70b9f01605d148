"""The catalogues are parsed once and kept (issue 18): the kept form is exactly the YAML
flattened, and a damaged kept file never gives a wrong text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from moderator import i18n
from moderator.i18n import LANGUAGES


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An empty cache folder, and no catalogue loaded in this process yet."""
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path / "cache"))
    i18n.catalogue.cache_clear()
    yield tmp_path / "cache" / "kept"
    i18n.catalogue.cache_clear()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_kept_catalogue_is_its_yaml_flattened(fresh, lang):
    parsed = i18n.parse(i18n.sources(lang)[0])
    assert i18n.catalogue(lang) == parsed  # made from the YAML, and kept
    assert [p.name.split("-")[1] for p in fresh.glob("catalogue-*.marshal")] == [lang]
    i18n.catalogue.cache_clear()
    assert i18n.catalogue(lang) == parsed  # read back from the kept file


def test_only_the_language_asked_for_is_loaded(fresh):
    i18n.t("de", "help.app")
    assert i18n.catalogue.cache_info().currsize == 1
    assert [p.name.split("-")[1] for p in fresh.glob("catalogue-*.marshal")] == ["de"]


def run(args: list[str], cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "MODERATOR_CACHE": str(cache), "MODERATOR_LANG": "de",
           "COLUMNS": "100", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "moderator", *args], env=env,
                          capture_output=True, text=True, check=True)


@pytest.mark.integration
def test_a_damaged_kept_catalogue_is_never_believed(tmp_path):
    cache = tmp_path / "cache"
    first = run(["--help"], cache).stdout
    [kept] = (cache / "kept").glob("catalogue-de-*.marshal")
    data = bytearray(kept.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 8] = b"XXXXXXXX"  # inside some German text
    kept.write_bytes(bytes(data))
    assert run(["--help"], cache).stdout == first
    assert kept.read_bytes() != bytes(data)  # not believed: parsed again and kept anew
    kept.write_bytes(b"")
    assert run(["--help"], cache).stdout == first
    assert i18n.t("de", "help.app").split()[0] in first
