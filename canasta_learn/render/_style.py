"""Shared colours, escaping and small HTML helpers for the renderers.

Colours are CSS custom properties with fallbacks: inside JupyterLab they follow the theme
(``--jp-*``), elsewhere (nbconvert exports, GitHub) the fallback applies. Each one can be
overridden by a ``--cl-*`` property on any enclosing element.

Every fragment is well-formed XML (quoted attributes, ``<br/>``, no named entities other
than XML's own), so tests can parse it with `xml.etree.ElementTree`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = [
    "ACCENT",
    "BORDER",
    "FONT",
    "MUTED",
    "PANEL",
    "SURFACE",
    "TEXT",
    "badge",
    "esc",
    "style",
]

#: Main text colour (theme foreground).
TEXT: Final = "var(--cl-text, var(--jp-ui-font-color0, #111))"
#: Secondary text.
MUTED: Final = "var(--cl-muted, var(--jp-ui-font-color2, #555))"
#: Background of the whole table.
SURFACE: Final = "var(--cl-surface, var(--jp-layout-color1, #fff))"
#: Background of a panel (a team's side, the centre).
PANEL: Final = "var(--cl-panel, var(--jp-layout-color2, #eee))"
#: Lines and outlines.
BORDER: Final = "var(--cl-border, var(--jp-border-color1, #999))"
#: Accent (selection, whose turn).
ACCENT: Final = "var(--cl-accent, var(--jp-brand-color1, #1976d2))"
#: Font stack: clear sans-serif faces that exist on Linux, macOS and Windows.
FONT: Final = ("var(--jp-ui-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, "
               "'DejaVu Sans', Arial, sans-serif)")

#: Badge backgrounds: each carries white text with at least 4.5:1 contrast.
BADGE_COLOURS: Final = {
    "ok": "#2e7d32",
    "refused": "#c62828",
    "open": "#2e7d32",
    "frozen": "#1565c0",
    "blocked": "#c62828",
    "empty": "#616161",
    "natural": "#b71c1c",
    "mixed": "#455a64",
    "turn": "#1976d2",
    "info": "#5d4037",
}

StyleValue = str | int


def esc(text: object) -> str:
    """Escape any value for HTML/SVG text or a quoted attribute.

    >>> esc("<script>alert(1)</script>")
    '&lt;script&gt;alert(1)&lt;/script&gt;'
    """
    return html.escape(str(text), quote=True)


def style(**props: StyleValue) -> str:
    """An inline ``style`` value from keyword arguments (``_`` becomes ``-``).

    >>> style(font_size="12px", margin=0)
    'font-size:12px;margin:0'
    """
    return ";".join(f"{key.replace('_', '-')}:{value}" for key, value in props.items())


def badge(text: str, kind: str, *, icon: str = "", title: str | None = None) -> str:
    """A small pill with an icon and a word (never colour alone)."""
    colour = BADGE_COLOURS.get(kind, BADGE_COLOURS["info"])
    css = style(display="inline-block", padding="2px 8px", border_radius="10px",
                background=colour, color="#fff", font_size="13px", font_weight=700,
                line_height="18px", white_space="nowrap", vertical_align="middle")
    title_attr = f' title="{esc(title)}"' if title else ""
    icon_html = f'<span aria-hidden="true">{esc(icon)} </span>' if icon else ""
    return (f'<span class="cl-badge cl-badge-{esc(kind)}" style="{css}"{title_attr}>'
            f"{icon_html}{esc(text)}</span>")


PlayerNames = Sequence[str] | Mapping[int, str] | None


def player_name(names: PlayerNames, seat: int) -> str | None:
    """The name given for ``seat`` (a list indexed by seat, or a dict), or None."""
    if names is None:
        return None
    if isinstance(names, Mapping):
        name = names.get(seat)
    else:
        name = names[seat] if 0 <= seat < len(names) else None
    return None if name is None or str(name) == "" else str(name)
