"""What the browser tests share: Debian's Chromium, the screen sizes, and where their
screenshots are kept (tests/artefacts/display/, ignored by git). The fixtures that open the
browser and its pages are in the conftest beside this file.

A module of its own (not the conftest) so that test files import it by a name no other test
folder uses.
"""

from __future__ import annotations

import shutil
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
#: Debian's Chromium on a machine without network or sandbox (machines/python.md).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
ARTEFACTS = Path(__file__).resolve().parents[1] / "artefacts" / "display"
SIZES = {"phone": (390, 844), "laptop": (1280, 720), "tv": (1920, 1080)}
WAIT_MS = 10_000  # how long `expect` waits before it fails, not a speed requirement


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install playwright)"
    return None


def keep(page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
