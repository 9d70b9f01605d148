"""The package's own data files (the catalogues, the rules reference) and what identifies its
code, read as the import system reads the package: from a folder, a zip or a frozen build alike.

Nothing here opens a `.py` file: a frozen build has none. `importlib.resources` would read the
data the same way, but its imports cost about 20 ms at every start (measured), and a catalogue
is read at every start.
"""

from __future__ import annotations

import os
import sys


def data(package: str, name: str) -> bytes:
    """The bytes of the data file `name` that ships inside `package` (already imported)."""
    spec = sys.modules[package].__spec__
    assert spec is not None and spec.origin is not None
    path = os.path.join(os.path.dirname(spec.origin), name)
    get_data = getattr(spec.loader, "get_data", None)
    if get_data is None:  # pragma: no cover - every loader of a package folder has it
        with open(path, "rb") as handle:
            return handle.read()
    data: bytes = get_data(path)
    return data


def code(*modules: str) -> bytes:
    """What identifies the code of `modules` (dotted names under `moderator`; a package counts
    with every module under it) without reading or importing it: the version and each file's
    size and time of change. A frozen program's code changes only with a new build of the
    program, so there the program file itself stands for it."""
    import moderator

    files = []
    if getattr(sys, "frozen", False):
        files.append(sys.executable)
    else:
        root = os.path.dirname(os.path.abspath(moderator.__file__))
        for name in modules:
            path = os.path.join(root, *name.split(".")[1:])
            if not os.path.isdir(path):
                files.append(f"{path}.py")
                continue
            for where, subfolders, names in os.walk(path):
                subfolders.sort()
                files += [os.path.join(where, n) for n in sorted(names) if n.endswith(".py")]
    parts = [moderator.__version__]
    for path in files:
        try:
            found = os.stat(path)
        except OSError:
            parts.append(f"{path} -")
        else:
            parts.append(f"{path} {found.st_size} {found.st_mtime_ns}")
    return "\n".join(parts).encode()
