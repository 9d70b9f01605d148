"""`moderator display`: the table's second screen, served on the local network until Ctrl-C.

Everything it needs (the HTTP server, the QR code, the interface list) is imported inside the
command, so no other command pays for it.
"""

from __future__ import annotations

from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Out, Refusal, handled
from moderator.cli.options import game_option, lang_option, theme_option, vote_history_option

#: The port tried first; the next free one if it is taken.
DEFAULT_PORT = 8765
EVERYWHERE = ("0.0.0.0", "::")


def register(app: typer.Typer, lang: str) -> None:
    h = lambda key: i18n.t(lang, f"help.{key}")  # noqa: E731

    @app.command("display", help=h("display"))
    @handled
    def display(
        out: Out,
        host: Optional[str] = typer.Option(None, "--host", help=h("host")),
        port: int = typer.Option(DEFAULT_PORT, "--port", help=h("port")),
        no_qr: bool = typer.Option(False, "--no-qr", help=h("no_qr")),
        open_browser: bool = typer.Option(False, "--open", help=h("open")),
        vote_history: Optional[bool] = vote_history_option(lang),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        from moderator.display import network, server

        if not 0 <= port <= 65535:
            raise Refusal("display.port_range", exit_code=USAGE, port=port)
        _speak_as_game(out, game)
        notes = []
        if host is None:
            host = network.lan_address()
            if host is None:
                host = "127.0.0.1"
                notes.append("display.no_network")
        url_host = host
        if host in EVERYWHERE:
            url_host = network.lan_address() or "127.0.0.1"
        try:
            running = server.start(host, port, game_id=game, lang=lang,
                                   show_votes=vote_history, url_host=url_host, theme=theme)
        except OSError as error:
            raise Refusal("display.cannot_serve", host=host, port=port,
                          why=error.strerror or type(error).__name__) from None
        try:
            if port and running.port != port:
                out.say("display.port_taken", wanted=port, port=running.port)
            out.say("display.serving", url=running.url)
            if not no_qr:
                import sys

                server.qr(running.url).terminal(out=sys.stdout, compact=True)
            out.say("display.how_no_qr" if no_qr else "display.how")  # no code to scan
            for key in notes or [_reach(url_host)]:
                out.say(key)
            out.say("display.stop")
            if open_browser:
                import webbrowser

                webbrowser.open(running.url)
            running.serve_forever()
        except KeyboardInterrupt:
            from moderator.cli.exits import INTERRUPTED, mark_stopped

            out.error(out.t("display.stopped"))
            mark_stopped()  # said here, in the display's own words
            raise typer.Exit(INTERRUPTED) from None
        finally:
            running.close()


def _speak_as_game(out: Out, game: Optional[str]) -> None:
    """Speak the followed game's language; an unknown --game is refused. A damaged game, or
    none yet, is no reason not to serve: the page says what is wrong until it is put right."""
    from moderator import store

    try:
        setup = store.peek_setup(store.resolve(game))
    except store.StoreError:
        if game:
            raise
        return
    if setup and setup.get("lang") in i18n.LANGUAGES:
        out.adopt(setup["lang"], [], setup.get("theme"))


def _reach(host: str) -> str:
    """What to tell the host about who can open the page."""
    import ipaddress

    try:
        local = ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = host == "localhost"
    return "display.local_only" if local else "display.isolated"
