"""An internal error (a bug, not a refusal) is one translated line and exit 1; with
MODERATOR_DEBUG=1 its traceback follows, for the report the line asks for."""

import pytest
import typer
from typer.testing import CliRunner

from moderator.cli.common import Out, handled


def broken_app() -> typer.Typer:
    """A command with a bug in it, run the way every command of moderator is run."""
    app = typer.Typer()

    @app.command()
    @handled
    def broken(out: Out) -> None:
        raise ZeroDivisionError("a bug")

    @app.command()
    def other() -> None:  # two commands: `broken` is named on the command line
        """Nothing."""

    return app


@pytest.mark.parametrize("debug, traceback", [(None, False), ("0", False), ("1", True)])
def test_an_internal_error_shows_its_traceback_only_when_asked(monkeypatch, debug, traceback):
    monkeypatch.delenv("MODERATOR_DEBUG", raising=False)
    if debug is not None:
        monkeypatch.setenv("MODERATOR_DEBUG", debug)
    result = CliRunner().invoke(broken_app(), ["broken"])
    assert result.exit_code == 1
    assert "Something went wrong inside moderator (ZeroDivisionError)" in result.stderr
    assert ("Traceback (most recent call last)" in result.stderr) is traceback
    assert ("ZeroDivisionError: a bug" in result.stderr) is traceback
