"""Each module's part of a written-out game (`records/notation.py`, `Columns`): what its lines
already show, and its columns of the CSV; one file per module."""
