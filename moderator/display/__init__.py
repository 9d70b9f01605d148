"""The table's second screen: one read-only page on the local network (a TV, a tablet, the
players' phones) that shows what the whole table sees, live; and, at an address of its own, the
host's page that records the game from the host's phone (`host`, `hostpage`; what it asks and
records is the host ring's, `moderator.host`).

`view` turns a saved game into the page's data (the public view of `moderator.public`, the
sentences of `moderator.narration`, the live signals of `moderator.live`), and after a game
`after` adds its review and tonight's tally from `moderator.records`; `page` renders that
data as HTML, each module's part from its file in `parts`, its style and script from
`static/`. `server` starts a display and keeps its address; `watcher` follows the game's
files, `gate` reads every connection's request head before a thread is spent on it, `routes`
answers the paths each token reaches, and `respond` writes every answer. Imported only by
`moderator display`: no other command pays for the HTTP server or the QR code.
"""
