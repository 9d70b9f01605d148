"""A client for the table display's tests: one request, the state, the event stream.

A module of its own (not the conftest) so that test files import it by a name no other test
folder uses.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from moderator.display import server

#: How long a test waits for what must come at once, before it fails instead of hanging.
PATIENCE = 10.0


def get(url: str, method: str = "GET", headers: dict | None = None,
        body: bytes | None = None) -> tuple[int, dict, bytes]:
    """One request: (status, headers, body)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=PATIENCE)
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""),
                           body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def raw(port: int, data: bytes, timeout: float = PATIENCE) -> bytes:
    """Send bytes as they are; everything the server answers until it closes."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:  # closed with our bytes unread: nothing more to come
            pass
        return answer


def state(display: server.Display) -> dict:
    status, _, body = get(display.url + "state.json")
    assert status == 200
    return json.loads(body)


class Stream:
    """The event stream of a display, read frame by frame with `http.client`."""

    def __init__(self, url: str, last_event_id: str | None = None, query: str = "") -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port,
                                                     timeout=PATIENCE)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", parts.path + "events" + query, headers=headers)
        self.socket = self.connection.sock  # the response takes it over: HTTP/1.0
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")

    def frame(self, timeout: float = PATIENCE) -> dict:
        """The next frame: its fields (`data` parsed when it is an event)."""
        self.socket.settimeout(timeout)
        fields: dict = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\n")
            if not line:
                if fields:
                    if "data" in fields:
                        fields["data"] = json.loads(fields["data"])
                    return fields
                continue
            name, _, value = line.partition(":")
            fields[name or "comment"] = value[1:] if value.startswith(" ") else value

    def event(self, timeout: float = PATIENCE) -> dict:
        """The next state event (the retry hint and pings are skipped)."""
        while True:
            fields = self.frame(timeout)
            if fields.get("event") == "state":
                return fields

    def close(self) -> None:
        self.response.close()
        self.socket.close()


def read_aloud(home: Path, cache: Path, path: Path, *options: str, width: int = 200
               ) -> tuple[str, list[str]]:
    """`moderator script --say OPTIONS` with espeak-ng in a pseudo-terminal, going on at every
    pause (the players found first on `path`): what the terminal showed, and the texts of
    its numbered lines."""
    import pexpect

    child = pexpect.spawn(
        sys.executable, ["-m", "moderator", "script", "--say", "--voice", "espeak", *options],
        env={**os.environ, "MODERATOR_HOME": str(home), "MODERATOR_CACHE": str(cache),
             "PATH": f"{path}{os.pathsep}{os.environ['PATH']}", "TERM": "dumb",
             "NO_COLOR": "1"},
        encoding="utf-8", timeout=60, dimensions=(40, width))
    shown = []
    while child.expect([r"… \d+ s", pexpect.EOF]) == 0:
        shown.append(child.before)
        child.send(" ")
    shown.append(child.before)
    child.close()
    text = "".join(shown)
    assert child.exitstatus == 0, text
    return text, re.findall(r"^\s*\d+\. (.+?)\s*$", text, re.M)
