"""How a command ends when it cannot go on: Ctrl-C, or output that cannot be written. Each
ends in one translated line; once an action was written, the line says it was recorded.

Shared by the entry point (moderator/cli/__init__.py), the typer application and every
command; it imports nothing of moderator's at load, so `--version` pays nothing for it.
"""

from __future__ import annotations

import sys

INTERRUPTED, REFUSED = 130, 1

#: Whether this process has already told the host it was stopped (the line is said once).
_stop_told = False
#: Whether it has told the host its output could not be written: a buffered standard output
#: fails again when it is flushed on the way out, and the line is said once.
_output_told = False


#: Whether a Ctrl-C came where Python cannot raise it and dropped it (in an object's finaliser,
#: or in the callback that tidies up after an import): it is raised again once heard.
_dropped_interrupt = False


def hear_dropped_interrupts() -> None:
    """Note a Ctrl-C Python has to drop instead of printing it as an ignored exception."""
    sys.unraisablehook = _unraisable


def _unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    global _dropped_interrupt
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _dropped_interrupt = True
        return
    sys.__unraisablehook__(unraisable)


def raise_dropped_interrupt() -> None:
    """Raise the Ctrl-C Python dropped, if one was: the command then ends as interrupted."""
    if _dropped_interrupt:
        raise KeyboardInterrupt


class OutputFailed(Exception):
    """Standard output refused a write; `why` is the operating system's reason."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class CheckedOutput:
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
    """The line for Ctrl-C: nothing happened, or the action this command wrote is kept; a
    command that never opened a game says nothing of one."""
    mark_stopped()
    store = sys.modules.get("moderator.store")  # not imported: no game was opened
    if getattr(store, "opened", None) is None and getattr(store, "recorded", None) is None:
        return _after(lang, "errors.interrupted_no_game")
    return _after(lang, "errors.interrupted")


def mark_stopped() -> None:
    """The host has been told that the command was stopped (guided play says it its way)."""
    global _stop_told
    _stop_told = True


def stop_told() -> bool:
    return _stop_told


def output_failed(lang: str, why: str) -> str:
    """The line for output that could not be written (it counts as said)."""
    global _output_told
    _output_told = True
    return _after(lang, "errors.output_failed", why=why)


def output_told() -> bool:
    return _output_told


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


def debugged(error: BaseException) -> None:
    """After the line of an internal error: with MODERATOR_DEBUG=1 its traceback too, for the
    report the line asks for (never otherwise: no traceback reaches a host by accident)."""
    import os

    if os.environ.get("MODERATOR_DEBUG") == "1":
        import traceback

        traceback.print_exception(error, file=sys.stderr)
