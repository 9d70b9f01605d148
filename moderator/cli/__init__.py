"""The `moderator` command.

`--version` is answered before typer, rich or yaml are imported: it is the start-up budget's
floor (design.md §6).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    if args in (["--version"], ["-V"]):
        from moderator import __version__

        sys.stdout.write(f"moderator {__version__}\n")
        raise SystemExit(0)
    from moderator.cli.app import run

    raise SystemExit(run(args))
