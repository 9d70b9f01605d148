"""The `moderator` command.

`--version` is answered before typer, rich or yaml are imported: it is the start-up budget's
floor (design.md §6). Whatever happens, the host gets one translated line, never a traceback:
Ctrl-C at any moment, even while the program is still starting, exits 130; output that cannot
be written (standard output closed, a full disk, a pipe whose reader has gone) exits 1. Once an
action was written, the line says so.
"""

from __future__ import annotations

import gc
import sys

from moderator.cli.exits import (
    INTERRUPTED, REFUSED, CheckedOutput, OutputFailed, hear_dropped_interrupts, language_of,
    output_failed, output_told, raise_dropped_interrupt, stop_told, stopped,
)

#: How many new objects (less those freed) the program's cycle collector lets pass before it
#: looks for garbage; CPython's default is 700. A command makes a few hundred thousand objects
#: as it starts (modules, classes, typer's parameters, rich's styles) that live until it ends;
#: at the default the collector walks them again and again and finds nothing. A long run
#: (guided play, the table display, `simulate`) still collects, every so many objects.
COLLECT_AFTER = 100_000


def program() -> None:
    """The `moderator` program: its console script, `python -m moderator` and the standalone
    build. `main` in a process of its own: the process ends with it, so what it made is
    frozen for the interpreter's collections at exit, which would otherwise walk every object
    again before the memory is given back anyway; they found nothing to finalise (files are
    written in `with` blocks and replaced whole before a command returns, clean-ups are
    `atexit` handlers, which still run). Measured on a plain install (design.md §6), the
    freeze takes `status` from about 11x to 9.5x `python -c pass`, the threshold to 8.8x."""
    gc.set_threshold(COLLECT_AFTER)
    try:
        main()
    finally:
        gc.freeze()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        code = _run(args)
    except KeyboardInterrupt:
        _quiet()
        code = INTERRUPTED
        if not stop_told():
            _say(stopped(language_of(args)))
    except OutputFailed as failed:
        _quiet()
        code = REFUSED
        if not output_told():  # else the command said it, before the last flush failed too
            _say(output_failed(language_of(args), failed.why))
    raise SystemExit(code)


def _run(args: list[str]) -> int:
    if sys.stdout is None:  # started with standard output closed: refuse before anything
        import errno
        import os

        raise OutputFailed(os.strerror(errno.EBADF))
    sys.stdout = CheckedOutput(sys.stdout)
    if args in (["--version"], ["-V"]):
        from moderator import __version__

        sys.stdout.write(f"moderator {__version__}\n")
        sys.stdout.flush()
        return 0
    hear_dropped_interrupts()
    _plain_where_needed()
    from moderator.cli.app import run

    code = run(args)
    sys.stdout.flush()
    raise_dropped_interrupt()  # a Ctrl-C that came during an import is heard, if late
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # done: a late Ctrl-C has nothing to stop
    return code


def _plain_where_needed() -> None:
    """A terminal that cannot show every character (cp1252, ascii) gets plain ones instead."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "")
        if not encoding.startswith("utf") and hasattr(stream, "reconfigure"):
            from moderator.cli import plain

            stream.reconfigure(errors=plain.register())


def _quiet() -> None:
    """From here on Ctrl-C is ignored and unwritten output is dropped: the one line is said."""
    import os
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _forget_cut_imports()
    stdout = sys.stdout
    sys.stdout = getattr(stdout, "_stream", stdout)
    if sys.stdout is not None:  # output not written yet goes nowhere: never into a second
        # error, never waiting on a reader that has stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        os.close(devnull)


def _forget_cut_imports() -> None:
    """A package whose import Ctrl-C cut short is gone from sys.modules, but the submodules
    it had loaded stay, and a new import of the package would not see them: forget them too,
    so that the line can be said (its catalogue needs yaml, perhaps the very import cut)."""
    while True:
        orphans = [name for name in sys.modules
                   if "." in name and name.rpartition(".")[0] not in sys.modules]
        if not orphans:
            return
        for name in orphans:
            del sys.modules[name]


def _say(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no standard error either: nothing to tell
        pass
