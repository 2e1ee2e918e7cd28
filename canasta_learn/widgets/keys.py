"""`KeyShortcuts`: single-letter keyboard shortcuts for the buttons of the play view.

An invisible anywidget (``keys.js``): a key pressed anywhere in the play view it sits in (or
on a Voila page where nothing has focus) clicks the button of that letter, as a mouse click
would. Keys typed into a text field or a list are left alone. While the play view has focus
(a click anywhere on it gives it the focus, as does Tab), every key without Ctrl / Alt / Meta
stops there, handled or not, so JupyterLab's command-mode shortcuts (D D deletes the cell, M
makes it Markdown, X cuts it, the arrows move to another cell) never see it; Ctrl+S and the
like still reach JupyterLab, and Escape hands the focus back to the notebook cell.

>>> KeyShortcuts({"d": "cl-button-draw"}).shortcuts
{'d': 'cl-button-draw'}
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import anywidget
import traitlets

__all__ = ["KeyShortcuts"]


class KeyShortcuts(anywidget.AnyWidget):
    """``shortcuts``: a lower-case letter -> the CSS class of the button it clicks."""

    _esm = Path(__file__).parent / "keys.js"
    #: Letter -> the button's CSS class.
    shortcuts = traitlets.Dict().tag(sync=True)

    def __init__(self, keys: Mapping[str, str]) -> None:
        super().__init__(shortcuts=dict(keys))
        self.layout.width = "0px"
        self.layout.height = "0px"
        self.layout.overflow = "hidden"
