"""The rules lookup's search index, kept between runs.

Building the index reads every topic of both catalogues and weighs every word: more than a
whole `rules` command should take. So it is built once and kept by `moderator.kept`, keyed by
everything it is made from (both catalogues, the topic ids and the code of `matching`, which
says how words are weighed), and a question in either language loads only its own
catalogue. This module knows nothing of how the index is built or searched.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import TypeVar

T = TypeVar("T")


def kept_between_runs(build: Callable[[], T]) -> Callable[[], T]:
    """`build()`'s index, once per process and, while its sources stay the same, once at all."""

    @cache
    @wraps(build)
    def index() -> T:
        from moderator import i18n, kept
        from moderator.reference import matching
        from moderator.reference.topics import TOPICS

        with open(matching.__file__, "rb") as handle:
            code = handle.read()
        sources = (*i18n.sources("en"), *i18n.sources("de"), code, "\n".join(TOPICS).encode())
        fields = kept.form("rules-index", sources, lambda: dict(vars(build())))
        return matching.Index(**fields)

    return index
