"""A command refused at a terminal, remembered for the `undo` typed right after it.

A host whose command was refused may type `undo` to take that command back; but a refused
command changed nothing, so `undo` would take back the accepted action before it (a mission
result was lost that way). Each command is a process of its own, so the refusal is noted in
the cache folder: which game the command was for, and the size and inode of that game's file
at that moment. An `undo` at a terminal that finds the game's file unchanged since is "right
after a refusal": it names what it would take back and asks first. Any action recorded since
changes the file, so the note is stale by itself; the next `undo` at a terminal forgets it.

Only commands at a terminal are noted, and only `undo` at a terminal asks: scripts and
piped commands behave as before. The note is a convenience: a cache folder that cannot be
written or read costs only the question.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys


def at_terminal() -> bool:
    """Whether a host types the commands: standard input and output are a terminal."""
    try:
        return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # closed, or not a real file
        return False


def _note_path() -> str:
    from moderator import kept, store

    games = kept.digest(os.fsencode(store.games_dir()))
    return os.path.join(kept.cache_folder(), f"refused-{games}.json")


def _state(game_id: str) -> list[int] | None:
    """What changes with every line written to the game: its file's size and inode."""
    from moderator import store

    try:
        found = store.path_of(game_id).stat()
    except OSError:
        return None
    return [found.st_size, found.st_ino]


def note(args: list[str]) -> None:
    """The command line `args` was refused: remember it for an `undo` right after, if a host
    typed it at a terminal and it concerns a saved game."""
    if not at_terminal():
        return
    from moderator import store

    try:
        game_id = store.opened or store.resolve(named_game(args))
    except store.StoreError:
        return
    state = _state(game_id)
    if state is None:
        return
    path = _note_path()
    with contextlib.suppress(OSError):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}.part"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"game": game_id, "state": state, "command": args}, handle)
        os.replace(temporary, path)


def named_game(args: list[str]) -> str | None:
    """The game a command line names with --game (else MODERATOR_GAME), if any."""
    wanted = os.environ.get("MODERATOR_GAME")
    for index, arg in enumerate(args):
        if arg == "--game" and index + 1 < len(args):
            wanted = args[index + 1]
        elif arg.startswith("--game="):
            wanted = arg.partition("=")[2]
    return wanted or None


def right_after(game_id: str) -> list[str] | None:
    """The refused command line, if the last command typed at a terminal for `game_id` was
    refused and nothing was written to the game since; the note is forgotten either way."""
    path = _note_path()
    try:
        with open(path, encoding="utf-8") as handle:
            noted = json.load(handle)
    except (OSError, ValueError, RecursionError):
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
    if not isinstance(noted, dict) or noted.get("game") != game_id \
            or noted.get("state") != _state(game_id):
        return None
    command = noted.get("command")
    if not (isinstance(command, list) and all(isinstance(a, str) for a in command)):
        return None
    return command
