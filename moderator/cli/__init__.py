"""The `moderator` command.

`--version` is answered before typer, rich or yaml are imported: it is the start-up budget's
floor (design.md §6). Whatever happens, the host gets one translated line, never a traceback:
Ctrl-C at any moment, even while the program is still starting, exits 130; output that cannot
be written (standard output closed, a full disk, a pipe whose reader has gone) exits 1. Once an
action was written, the line says so.
"""

from __future__ import annotations

import sys

INTERRUPTED, REFUSED = 130, 1

#: Whether this process has already told the host it was stopped (the line is said once).
_stop_told = False


class OutputFailed(Exception):
    """Standard output refused a write; `why` is the operating system's reason."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class _CheckedOutput:
    """Standard output, with its failures raised as OutputFailed so that commands can tell
    them from every other error."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputFailed(error.strerror or type(error).__name__) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputFailed(error.strerror or type(error).__name__) from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        code = _run(args)
    except KeyboardInterrupt:
        _quiet()
        code = INTERRUPTED
        if not _stop_told:
            _say(stopped(language_of(args)))
    except OutputFailed as failed:
        _quiet()
        code = REFUSED
        _say(output_failed(language_of(args), failed.why))
    raise SystemExit(code)


def _run(args: list[str]) -> int:
    if sys.stdout is None:  # started with standard output closed: refuse before anything
        import errno
        import os

        raise OutputFailed(os.strerror(errno.EBADF))
    sys.stdout = _CheckedOutput(sys.stdout)
    if args in (["--version"], ["-V"]):
        from moderator import __version__

        sys.stdout.write(f"moderator {__version__}\n")
        sys.stdout.flush()
        return 0
    _plain_where_needed()
    from moderator.cli.app import run

    code = run(args)
    sys.stdout.flush()
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
    if sys.stdout is not None:
        try:
            sys.stdout.flush()
        except OSError:  # what could not be written goes nowhere, not into a second error
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
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


def language_of(args: list[str]) -> str:
    """The language asked for on this command line, else the usual choice (design.md §4)."""
    from moderator import i18n

    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return i18n.choose(args[index + 1])
        if arg.startswith("--lang="):
            return i18n.choose(arg.partition("=")[2])
    return i18n.choose()


def stopped(lang: str) -> str:
    """The line for Ctrl-C: nothing happened, or the action this command wrote is kept."""
    mark_stopped()
    return _after(lang, "errors.interrupted")


def mark_stopped() -> None:
    """The host has been told that the command was stopped (guided play says it its way)."""
    global _stop_told
    _stop_told = True


def stop_told() -> bool:
    return _stop_told


def output_failed(lang: str, why: str) -> str:
    return _after(lang, "errors.output_failed", why=why)


def _after(lang: str, key: str, **params: object) -> str:
    """`key`, or its `_recorded` form once this process has written to a game."""
    store = sys.modules.get("moderator.store")  # not imported: nothing was written
    game = getattr(store, "recorded", None)
    if game is not None:
        key, params = f"{key}_recorded", {**params, "game": game}
    text = _catalogue_line(lang, key)
    if text is None:
        from moderator import i18n

        return i18n.t(lang, key, **params)
    return text.format(**params)


def _catalogue_line(lang: str, key: str) -> str | None:
    """The text of a `section.key` written on one line in double quotes, read straight from
    the catalogue file. These lines are said when Ctrl-C may have cut any import short, yaml's
    included, and this needs no import at all; None where the text is written otherwise."""
    import os

    section, _, name = key.partition(".")
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "i18n", f"{lang}.yaml")
    try:
        with open(path, encoding="utf-8") as catalogue:
            inside = False
            for line in catalogue:
                if line.strip() and not line.startswith((" ", "#")):
                    inside = line.rstrip() == f"{section}:"
                elif inside and line.startswith(f"  {name}: \""):
                    text = line.rstrip("\n").partition(": ")[2]
                    if len(text) > 1 and text.endswith('"') and "\\" not in text:
                        return text[1:-1]
                    return None
    except OSError:
        return None
    return None
