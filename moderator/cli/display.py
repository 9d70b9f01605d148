"""`moderator display`: the table's second screen, served on the local network until Ctrl-C.

Everything it needs (the HTTP server, the QR code, the interface list) is imported inside the
command, so no other command pays for it.
"""

from __future__ import annotations

from typing import Optional

import typer

from moderator import i18n
from moderator.cli.common import USAGE, Out, Refusal, handled, helps
from moderator.cli.options import (
    checked_say_on, game_option, lang_option, say_on_option, theme_option, vote_history_option,
)

#: The port tried first; the next free one if it is taken.
DEFAULT_PORT = 8765
EVERYWHERE = ("0.0.0.0", "::")


def register(app: typer.Typer, lang: str) -> None:
    h = helps(lang)

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
        say_on: Optional[str] = say_on_option(lang),
    ) -> None:
        from moderator.display import network, server

        if port is not None and not 0 <= port <= 65535:
            raise Refusal("display.port_range", exit_code=USAGE, port=port)
        say_on = checked_say_on(say_on)
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
                                   new_address=new_address, on_torn=torn, say_on=say_on)
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
    """The table's address first, then the host's; each QR code only if the terminal has
    room for it below (or --qr), and only sentences true of the address served: a code is
    for phones, so none for an address only this computer can open. The host's address is
    printed here and nowhere else."""
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
    host = ["display.host_how_local" if local else "display.host_how", "display.stop"]
    shown = not no_qr and (force_qr or not local)
    codes = [server.qr(running.url), server.qr(running.host_url)] if shown else [None, None]
    if shown and not force_qr:
        codes = _room(out, codes, len(lines) + 1, after, host, running.host_url)
    table_code, host_code = codes
    if table_code is None and shown:
        after.append("display.qr_left_out")
    if table_code is not None:
        table_code.terminal(out=sys.stdout, compact=True)
    elif not local:
        after[0] = "display.how_no_qr"
    for key in after:
        out.say(key)
    out.say("display.host_serving", url=running.host_url)
    if host_code is not None:
        host_code.terminal(out=sys.stdout, compact=True)
    elif shown:
        host.insert(1, "display.host_qr_left_out")
    for key in host:
        out.say(key)


def _room(out: Out, codes: list, used: int, after: list[str], host: list[str],
          host_url: str) -> list:
    """The codes that fit the terminal below the text: both, else the host's alone (the
    table's page carries its own code, and its address is short enough to type on a TV),
    else none; each code that is left out is said in a line of its own."""
    import shutil

    columns, rows = shutil.get_terminal_size((80, 24))

    def lines(keys: list[str], **params: str) -> int:
        return sum(1 + len(out.t(k, **params)) // max(columns, 1) for k in keys)

    room = rows - used - lines(after) - lines(host) - lines(["display.host_serving"],
                                                             url=host_url)
    sizes = [code.symbol_size(border=2) for code in codes]
    if any(width > columns for width, _ in sizes):
        return [None, None]
    table_rows, host_rows = ((height + 1) // 2 for _, height in sizes)
    if table_rows + host_rows <= room:
        return codes
    if host_rows + 1 <= room:  # and the line saying the table's was left out
        return [None, codes[1]]
    return [None, None]


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
