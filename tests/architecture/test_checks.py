"""The checks CI makes beyond the tests: the doctests, mypy over the package (strict on the
rules engine) and ruff on the package (their settings are in pyproject.toml)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import moderator.rules

ROOT = Path(__file__).resolve().parents[2]


def documented_modules() -> list[str]:
    """The engine's modules, the rules lookup and the timer: the ones with examples."""
    engine = [m.name for m in pkgutil.walk_packages(moderator.rules.__path__, "moderator.rules.")]
    return ["moderator.rules", *engine, "moderator.reference", "moderator.ui.timer"]


def test_the_doctests_hold():
    tried = 0
    for name in documented_modules():
        failed, attempted = doctest.testmod(importlib.import_module(name))
        assert failed == 0, name
        tried += attempted
    assert tried >= 5  # the examples are really there


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, check=False)


@pytest.mark.integration
def test_the_package_passes_mypy():
    """The whole package, the rules engine and the codec strictly (pyproject.toml)."""
    result = run("mypy", "--no-error-summary")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.integration
def test_mypy_finds_a_type_error_planted_outside_the_rules(tmp_path):
    """The check covers every ring: a wrong type planted in a copy of the package, in the
    guided game and in the table display, is an error."""
    shutil.copytree(ROOT / "moderator", tmp_path / "moderator")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for planted in ("ui/guided.py", "display/page.py"):
        with open(tmp_path / "moderator" / planted, "a", encoding="utf-8") as source:
            source.write("\n\ndef _planted() -> int:\n    return 'not a number'\n")
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary",
                             "--cache-dir", str(tmp_path / "cache")], cwd=tmp_path,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    for planted in ("ui/guided.py", "display/page.py"):
        assert f"moderator/{planted}" in result.stdout and "return-value" in result.stdout


@pytest.mark.integration
def test_the_package_passes_ruff():
    result = run("ruff", "check", "moderator", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr
