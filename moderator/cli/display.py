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
        port: Optional[int] = typer.Option(None, "--port", help=h("port")),
        no_qr: bool = typer.Option(False, "--no-qr", help=h("no_qr")),
        qr: bool = typer.Option(False, "--qr", help=h("qr")),
        new_address: bool = typer.Option(False, "--new-address", help=h("new_address")),
        open_browser: bool = typer.Option(False, "--open", help=h("open")),
        vote_history: Optional[bool] = vote_history_option(lang),
        game: Optional[str] = game_option(lang),
        lang: Optional[str] = lang_option(lang),
        theme: Optional[str] = theme_option(lang),
    ) -> None:
        from moderator.display import network, server

        if port is not None and not 0 <= port <= 65535:
            raise Refusal("display.port_range", exit_code=USAGE, port=port)
        _speak_as_game(out, game)
        kept = {} if new_address else server.kept()
        if port is None:  # the port of last time when it is free, so the address stays
            port = kept.get("port") or DEFAULT_PORT
        notes = []
        if host is None:
            host = network.lan_address()
            if host is None:
                host = "127.0.0.1"
                notes.append("display.no_network")
        url_host = host
        if host in EVERYWHERE:
            url_host = network.lan_address() or "127.0.0.1"

        def torn(game_id: str, path: str) -> None:  # from the watching thread
            out.error(out.t("warnings.torn", game=game_id, path=path))  # as every command says it

        try:
            running = server.start(host, port, game_id=game, lang=lang,
                                   show_votes=vote_history, url_host=url_host, theme=theme,
                                   new_address=new_address, on_torn=torn)
        except server.PortsTaken as error:
            raise Refusal("display.ports_taken", first=error.first, last=error.last,
                          count=error.last - error.first + 1) from None
        except OSError as error:
            raise Refusal("display.cannot_serve", host=host, port=port,
                          why=error.strerror or type(error).__name__) from None
        try:
            _banner(out, running, port, url_host, notes, qr, no_qr, new_address,
                    kept.get("token") == running.server.token)
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


def _banner(out: Out, running, wanted: int, url_host: str, notes: list[str], force_qr: bool,
            no_qr: bool, new_address: bool, same: bool) -> None:
    """Address first; then the QR code only if the terminal has room for it below (or --qr),
    and only sentences true of the address served: a code is for phones, so none for an
    address only this computer can open."""
    import shutil
    import sys

    from moderator.display import network, server

    local = network.local(url_host)
    lines = [("display.serving", {"url": running.url})]
    if wanted and running.port != wanted:
        lines.append(("display.port_taken", {"wanted": wanted, "port": running.port}))
    if new_address:
        lines.append(("display.new_address", {}))
    elif same:
        lines.append(("display.address_kept", {}))
    for key, params in lines:
        out.say(key, **params)
    after = ["display.how_local" if local else "display.how"]
    after += notes or ([] if local else ["display.isolated"])
    after += ["display.local_only"] if local and not notes else []
    after.append("display.stop")
    code = None if no_qr or (local and not force_qr) else server.qr(running.url)
    if code is not None and not force_qr:
        columns, rows = shutil.get_terminal_size((80, 24))
        width, height = code.symbol_size(border=2)
        text = sum(1 + len(out.t(k)) // max(columns, 1) for k in after)
        if width > columns or (height + 1) // 2 + text + len(lines) + 1 > rows:
            after.insert(len(after) - 1, "display.qr_left_out")
            code = None
    if code is not None:
        code.terminal(out=sys.stdout, compact=True)
    if code is None and not local:
        after[0] = "display.how_no_qr"
    for key in after:
        out.say(key)


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
