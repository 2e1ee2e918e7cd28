"""`SaveDownload`: the play view's Save starts the browser's download on a Voila page.

An invisible anywidget (``download.js``). `SaveDownload.start` sends the file name and the text
to the front end, which, on a Voila page (what ``canasta-learn play`` serves), downloads it as
a JSON file of that name. In JupyterLab it does nothing: Save has written the file next to the
notebook already. The play view keeps its download link as well, for a browser that blocks a
download nobody clicked.

>>> SaveDownload().layout.width
'0px'
"""

from __future__ import annotations

from pathlib import Path

import anywidget

__all__ = ["SaveDownload"]


class SaveDownload(anywidget.AnyWidget):
    """Starts a download of a saved file in the browser of a Voila page (see the module)."""

    _esm = Path(__file__).parent / "download.js"

    def __init__(self) -> None:
        super().__init__()
        self.layout.width = "0px"
        self.layout.height = "0px"
        self.layout.overflow = "hidden"

    def start(self, filename: str, text: str) -> None:
        """Ask the page to download *text* as the file *filename* (on a Voila page only)."""
        self.send({"kind": "download", "filename": filename, "content": text})
