"""Parsed forms kept between runs (design.md §6): made once from their sources, never stale,
a damaged file noticed and made again, and nothing fails without a usable cache folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from moderator import kept


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MODERATOR_CACHE", str(folder))
    return folder


class Maker:
    """A form's maker that counts how often it was asked."""

    def __init__(self, value: object) -> None:
        self.value, self.calls = value, 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def kept_files(cache: Path) -> list[str]:
    return sorted(p.name for p in (cache / "kept").iterdir())


def test_a_form_is_made_once_and_read_back_the_same(cache):
    value = {"a.b": "text", "a.c": {"one": "1 game", "other": "{count} games"},
             "t": (1, 2.5, None, frozenset({3}))}
    make = Maker(value)
    assert kept.form("sample", [b"source"], make) == value
    assert kept.form("sample", [b"source"], make) == value
    assert make.calls == 1
    assert len(kept_files(cache)) == 1


def test_a_changed_source_makes_the_form_again_and_the_old_one_goes(cache):
    first, second = Maker({"k": "old"}), Maker({"k": "new"})
    kept.form("sample", [b"version 1"], first)
    assert kept.form("sample", [b"version 2"], second) == {"k": "new"}
    assert second.calls == 1
    assert len(kept_files(cache)) == 1
    assert kept.form("other", [b"version 1"], Maker({"k": "x"})) == {"k": "x"}
    assert len(kept_files(cache)) == 2  # another kind's form is left alone


def test_sources_are_told_apart_by_where_they_split():
    assert kept.digest(b"ab", b"c") != kept.digest(b"a", b"bc")
    assert kept.digest(b"ab", b"c") == kept.digest(b"ab", b"c")


@pytest.mark.parametrize("damage", [
    lambda data: data[:-5],  # cut off
    lambda data: data[:20] + bytes([data[20] ^ 0xFF]) + data[21:],  # one byte changed
    lambda data: b"",  # empty
    lambda data: data[:kept.DIGEST] + b"\x00" * (len(data) - kept.DIGEST),  # garbage
])
def test_a_damaged_file_is_made_again_never_believed(cache, damage):
    kept.form("sample", [b"source"], Maker({"k": "right"}))
    [name] = kept_files(cache)
    path = cache / "kept" / name
    path.write_bytes(damage(path.read_bytes()))
    make = Maker({"k": "right"})
    assert kept.form("sample", [b"source"], make) == {"k": "right"}
    assert make.calls == 1
    assert kept.read(str(path)) == {"k": "right"}  # and the file was replaced whole


def test_without_a_usable_cache_folder_everything_still_works(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MODERATOR_CACHE", str(blocker))
    make = Maker({"k": "v"})
    assert kept.form("sample", [b"s"], make) == {"k": "v"}
    assert kept.form("sample", [b"s"], make) == {"k": "v"}
    assert make.calls == 2  # made every time, never failing
    assert blocker.read_text() == "not a folder"


def test_what_is_not_plain_data_is_not_kept(cache):
    make = Maker({"k": object()})
    assert kept.form("sample", [b"s"], make) is make.value
    assert not (cache / "kept").exists() or kept_files(cache) == []


def test_a_write_is_whole_or_nothing(cache):
    path = str(cache / "kept" / "whole.marshal")
    assert kept.write(path, {"k": "v"})
    assert kept.read(path) == {"k": "v"}
    assert [n for n in os.listdir(cache / "kept") if n.endswith(".part")] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG cache folder")
def test_the_cache_folder_is_moderator_cache_else_the_platforms(monkeypatch, tmp_path):
    monkeypatch.setenv("MODERATOR_CACHE", str(tmp_path))
    assert kept.cache_folder() == str(tmp_path)
    monkeypatch.delenv("MODERATOR_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kept.cache_folder() == str(tmp_path / "xdg" / "moderator")
