"""moderator: a host's companion for The Resistance."""

# A literal, not importlib.metadata: `moderator --version` must start in a few milliseconds.
__version__ = "0.1.0"
