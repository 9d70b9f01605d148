"""The fresh questions' first-hit rates, printed at the end of the run (issue 17: the test
reports its rate in both languages). A test records them with the `first_hits` fixture."""

from __future__ import annotations

import pytest

RATES = pytest.StashKey[dict]()


@pytest.fixture
def first_hits(request) -> dict:
    """{language: (first hits, questions)}, shown after the tests."""
    return request.config.stash.setdefault(RATES, {})


def pytest_terminal_summary(terminalreporter, config) -> None:
    rates = config.stash.get(RATES, {})
    if rates:
        shown = ", ".join(f"{lang} {hits}/{asked} = {hits / asked:.1%}"
                          for lang, (hits, asked) in sorted(rates.items()))
        terminalreporter.write_line(f"rules lookup, fresh questions, first hits: {shown}")
