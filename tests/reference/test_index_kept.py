"""The rules lookup's search index is built once and kept (issue 18): the kept index is the
index built, and a fresh process answers from it exactly as from a new one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.reference import matching


def test_the_kept_index_is_the_index_built(tmp_path, monkeypatch):
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path / "cache"))
    build = matching.index.__wrapped__  # the builder, without any keeping
    built = build()._asdict()
    try:
        matching.index.cache_clear()
        assert matching.index()._asdict() == built  # built now, and kept
        assert list((tmp_path / "cache" / "kept").glob("rules-index-*.marshal"))
        matching.index.cache_clear()
        assert matching.index()._asdict() == built  # read back
    finally:
        matching.index.cache_clear()


def ask(question: str, cache: Path, home: Path) -> dict:
    env = {**os.environ, "MODERATOR_CACHE": str(cache), "MODERATOR_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "moderator", "rules", question, "--json"],
                          env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.integration
def test_a_question_gets_the_same_ruling_with_a_kept_index_as_with_a_new_one(tmp_path):
    cache = tmp_path / "cache"
    for question in ("does a tie pass", "Führungsstärke", "stronk leadr"):
        first = ask(question, cache, tmp_path / "home")  # the first builds the index
        assert ask(question, cache, tmp_path / "home") == first
        assert ask(question, tmp_path / f"new-{len(question)}", tmp_path / "home") == first


def test_each_theme_has_its_own_index_of_its_own_words(tmp_path, monkeypatch):
    """rules.md §14: an Avalon question names Merlin and the Lady of the Lake; the
    Resistance's index stays the Resistance's words alone."""
    from moderator import i18n

    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path / "cache"))
    matching.index.cache_clear()
    try:
        with i18n.speaking("avalon"):
            avalon = matching.index()
        resistance = matching.index()
        assert "herrin" in avalon.vocabulary and "herrin" not in resistance.vocabulary
        assert "verhoerspezialist" in resistance.vocabulary
        assert len(list((tmp_path / "cache" / "kept").glob("rules-index-*.marshal"))) == 2
    finally:
        matching.index.cache_clear()
