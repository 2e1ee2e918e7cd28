"""Pennies from Heaven's plug-ins (``docs/variants.md``, Pennies from Heaven): hooks for the
personal reserve picked up with the first canasta and the sevens rules."""

from __future__ import annotations

__all__: list[str] = []
