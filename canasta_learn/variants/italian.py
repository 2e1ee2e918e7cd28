"""Italian Canasta's plug-ins (``docs/variants.md``, Italian): hooks for its upcard, its deuce and
wild canastas that close, its always-frozen pile and its many-canastas bonus."""

from __future__ import annotations

__all__: list[str] = []
