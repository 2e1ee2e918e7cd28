"""Counted words every layer says: "1 wild card", "2 canastas".

A count of none gets its own message: pt_BR's plural rule (``nplurals=2; plural=(n > 1)``)
gives 0 the singular form, so "0 curinga" and "0 canastra" would read wrong; the Portuguese
says "nenhum curinga", "nenhuma canastra" (the English keeps "0 wild cards", "0 canastas").
"""

from __future__ import annotations

from .i18n import gettext, ngettext

__all__ = ["canastas_text", "wild_cards_text"]


def wild_cards_text(count: int) -> str:
    """``count`` wild cards in words: "1 wild card", "2 wild cards"; none is said on its own
    ("0 wild cards", Portuguese "nenhum curinga"), because pt_BR's plural rule gives 0 the
    singular form and "0 curinga" reads wrong.

    >>> wild_cards_text(0), wild_cards_text(1), wild_cards_text(3)
    ('0 wild cards', '1 wild card', '3 wild cards')
    """
    if count == 0:
        # TRANSLATORS: no wild card in a meld, where a count is expected ("7 naturals, 0 wild cards")
        return gettext("0 wild cards")
    return ngettext("{count} wild card", "{count} wild cards", count).format(count=count)


def canastas_text(count: int) -> str:
    """``count`` canastas in words: "1 canasta", "2 canastas"; none is said on its own ("0
    canastas", Portuguese "nenhuma canastra": pt_BR's plural rule gives 0 the singular form).

    >>> canastas_text(0), canastas_text(1), canastas_text(2)
    ('0 canastas', '1 canasta', '2 canastas')
    """
    if count == 0:
        # TRANSLATORS: a team without a canasta, where a count is expected
        return gettext("0 canastas")
    return ngettext("{count} canasta", "{count} canastas", count).format(count=count)
