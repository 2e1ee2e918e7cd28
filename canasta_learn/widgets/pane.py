"""`HtmlPane`: a light anywidget that shows HTML made by ``canasta_learn.render``.

``ipywidgets.HTML`` runs JupyterLab's math typesetter over its content after every change;
the table of a round is large (tens of kilobytes of SVG), so the table uses this pane
instead: the page only replaces the pane's HTML. The HTML must already be safe (the
renderers escape all user text).
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

__all__ = ["HtmlPane"]


class HtmlPane(anywidget.AnyWidget):
    """Shows ``value`` (trusted, escaped HTML) as is."""

    _esm = Path(__file__).parent / "pane.js"
    #: The HTML shown.
    value = traitlets.Unicode("").tag(sync=True)
