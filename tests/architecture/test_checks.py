"""The checks CI makes beyond the tests: the doctests, `mypy --strict` on the rules engine and
ruff on the package (their settings are in pyproject.toml)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

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


def test_the_rules_engine_passes_mypy_strict():
    result = run("mypy", "--no-error-summary")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_passes_ruff():
    result = run("ruff", "check", "moderator", "--output-format", "concise")
    assert result.returncode == 0, result.stdout + result.stderr
