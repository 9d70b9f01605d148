"""Parsed forms kept between runs, so that a command does not parse the same sources at every start
(design.md §6).

A form is made from its sources (the YAML catalogues, what identifies the code that builds the
rules lookup's index, …) and kept as one marshal file in the user cache folder, named by what it
is and by a hash of every source it was made from: a changed source gives a new name, so a kept
form is never stale. The file also carries a hash of its own bytes, so a damaged or cut off file
is noticed and made again. The sources stay the truth: without a usable cache folder (read-only,
full disk) every command works the same, only slower.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from collections.abc import Callable, Iterable
from typing import TypeVar

try:  # hashlib would load OpenSSL first: a few milliseconds at every start
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without CPython's module
    from hashlib import blake2b

T = TypeVar("T")

#: Part of every key: a new layout of the kept files, another Python or marshal version.
FORMAT = f"kept-1 {sys.version_info[0]}.{sys.version_info[1]} marshal-{marshal.version}"
DIGEST = 16  # bytes of blake2b, in names and in each file's header


def cache_folder() -> str:
    """The user cache folder: $MODERATOR_CACHE, else the platform's own
    (`~/.cache/moderator` on Linux)."""
    configured = os.environ.get("MODERATOR_CACHE")
    if configured:
        return configured
    from platformdirs import user_cache_dir

    return user_cache_dir("moderator", appauthor=False)


def digest(*parts: bytes) -> str:
    """A hash of several byte strings (each one's length counts, so no two splits agree)."""
    hashed = blake2b(digest_size=DIGEST)
    for part in parts:
        hashed.update(len(part).to_bytes(8, "little"))
        hashed.update(part)
    return hashed.hexdigest()


def form(kind: str, sources: Iterable[bytes], make: Callable[[], T]) -> T:
    """The form `make()` builds from `sources`: kept from an earlier run when one was made
    from exactly these sources, else made now and kept for the next run.

    `make` must return plain data (dicts, lists, tuples, sets, strings, numbers)."""
    key = digest(FORMAT.encode(), kind.encode(), *sources)
    folder = os.path.join(cache_folder(), "kept")
    path = os.path.join(folder, f"{kind}-{key}.marshal")
    found = read(path)
    if found is not None:
        return found  # type: ignore[return-value]  # what `make` returned, kept
    made = make()
    if write(path, made):
        for name in _listed(folder):  # the forms of older sources are of no more use
            if name.startswith(f"{kind}-") and name.endswith(".marshal") \
                    and name != os.path.basename(path):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(folder, name))
    return made


def read(path: str) -> object | None:
    """What `write` kept at `path`; None if there is nothing whole there."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    header, payload = data[:DIGEST], data[DIGEST:]
    if len(header) != DIGEST or blake2b(payload, digest_size=DIGEST).digest() != header:
        return None  # damaged or cut off: made again, and the file replaced
    try:
        return marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None


def write(path: str, value: object) -> bool:
    """Keep plain data at `path` for the next run, whole or not at all; False if it could not
    be kept (the cache folder is a convenience: nothing fails without it)."""
    try:
        payload = marshal.dumps(value)  # type: ignore[arg-type]  # refused below if not
    except ValueError:  # not plain data: a mistake in the caller, but no reason to fail
        return False
    temporary = f"{path}.{os.getpid()}.part"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(blake2b(payload, digest_size=DIGEST).digest() + payload)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


def _listed(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
