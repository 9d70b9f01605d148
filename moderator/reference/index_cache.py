"""The rules lookup's search index, kept between runs.

Building the index reads every topic of both catalogues and weighs every word: more than a
whole `rules` command should take. So it is built once and kept by `moderator.kept`, keyed by
everything it is made from (both catalogues, the theme's name tables, the topic ids and what
identifies the code of the module that builds it, which says how words are weighed), and a
question in either language loads only its own catalogue. Each theme has its own index, made of
its own words (rules.md §14: Avalon's questions name Merlin, not the Commander). This module
knows nothing of how the index is built or searched.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import TypeVar

T = TypeVar("T")


def kept_between_runs(kind: type[T]) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """A builder of a `kind` (a named tuple of plain data) whose result is built once per
    process and, while its sources stay the same, once at all."""

    def keeping(build: Callable[[], T]) -> Callable[[], T]:
        @wraps(build)
        def index() -> T:
            from moderator import i18n

            return _of_theme(i18n.theme())

        @cache
        def _of_theme(theme: str) -> T:
            from moderator import i18n, kept, resources
            from moderator.reference.topics import TOPICS

            code = resources.code(build.__module__)  # how words are weighed is part of the key
            sources = (*i18n.sources("en"), *i18n.sources("de"),
                       *i18n.theme_sources(theme, "en"), *i18n.theme_sources(theme, "de"),
                       code, "\n".join(TOPICS).encode())

            def made() -> dict:
                with i18n.speaking(theme):
                    return build()._asdict()  # type: ignore[attr-defined]

            fields = kept.form(f"rules-index-{theme}", sources, made)
            return kind(**fields)

        index.cache_clear = _of_theme.cache_clear  # type: ignore[attr-defined]
        return index

    return keeping
