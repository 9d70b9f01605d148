"""The table's second screen: one read-only page on the local network (a TV, a tablet, the
players' phones) that shows what the whole table sees, live.

`view` turns a saved game into the page's data (the public view of `moderator.public`, the
sentences of `moderator.narration`, the live signals of `moderator.live`); `page` renders that
data as HTML, each module's part from its file in `parts`; `server` watches the game and
serves the page and its event stream. Imported only by `moderator display`: no other command
pays for the HTTP server or the QR code.
"""
