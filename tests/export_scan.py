"""Find what an exported page would fetch from the network.

A *network resource* is an ``http://`` or ``https://`` address that a browser loads by
itself while showing the page, without the reader doing anything:

* an element attribute that loads: ``src``, ``srcset``, ``poster``, ``data``,
  ``background``, and ``href`` / ``xlink:href`` on every element except ``<a>`` and
  ``<area>`` (so ``<link href>`` style sheets and icons, SVG ``<use>`` / ``<image>``);
* in CSS (``<style>`` elements and ``style=""`` attributes): ``url(...)`` and ``@import``;
* in an inline ``<script>``: any string literal holding such an address (a script can pass
  a string to ``fetch``, ``import()``, ``require`` or a new element, so every one counts).

Not resources: ``<a href>`` / ``<area href>`` links (followed only when clicked, like the
links in the lessons' prose), ``xmlns`` namespace names (never fetched), and addresses in
text, HTML comments or CSS / JavaScript comments (licence headers).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

__all__ = ["network_resources"]

WEB = r"https?://"
LOADING_ATTRIBUTES = {"src", "srcset", "poster", "data", "background"}
LINK_ONLY_TAGS = {"a", "area"}
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
CSS_URL = re.compile(r"url\(\s*['\"]?\s*(" + WEB + r"[^'\")\s]*)", re.IGNORECASE)
CSS_IMPORT = re.compile(r"@import\s+['\"](" + WEB + r"[^'\"]*)", re.IGNORECASE)
# JavaScript: comments and string literals, in one pass so a quote inside a comment (or
# "//" inside a string) does not confuse the other.
JS_TOKEN = re.compile(r"""/\*.*?\*/|//[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`""",
                      re.DOTALL)
JS_WEB = re.compile(WEB + r"[^'\"`\s]*")


def css_resources(css: str) -> list[str]:
    """The web addresses a piece of CSS loads (``url()``, ``@import``), comments skipped."""
    css = CSS_COMMENT.sub("", css)
    return CSS_URL.findall(css) + CSS_IMPORT.findall(css)


def script_resources(js: str) -> list[str]:
    """The web addresses in a script's string literals (comments skipped)."""
    found: list[str] = []
    for token in JS_TOKEN.finditer(js):
        text = token.group(0)
        if text.startswith(("/*", "//")):
            continue
        found.extend(JS_WEB.findall(text))
    return found


class _Scanner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            value = (value or "").strip()
            if name == "style":
                self.found.extend(f"<{tag} style> {u}" for u in css_resources(value))
                continue
            loads = name in LOADING_ATTRIBUTES or (
                name in ("href", "xlink:href") and tag not in LINK_ONLY_TAGS)
            if loads and re.search(WEB, value, re.IGNORECASE):
                self.found.append(f"<{tag} {name}> {value}")
        if tag in ("style", "script"):
            self._in, self._text = tag, []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("style", "script"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            text = "".join(self._text)
            urls = css_resources(text) if tag == "style" else script_resources(text)
            self.found.extend(f"<{tag}> {u}" for u in urls)
            self._in = None


def network_resources(page: str) -> list[str]:
    """Every network resource (see the module's docstring) of an HTML page, described as
    ``"<tag attribute> address"``; an empty list for a self-contained page."""
    scanner = _Scanner()
    scanner.feed(page)
    scanner.close()
    return scanner.found
