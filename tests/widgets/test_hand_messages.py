"""The hand's clicks arrive as messages (``hand.js`` sends ``{"event": "toggle", ...}`` for each card
clicked, never a change of ``selected_ids``: ipywidgets holds a widget's state change back until
the kernel has handled the previous one, and a button's click overtook it). Here the messages
come in through the widgets' own entry point for what the browser sends (``_handle_msg``, the
comm's handler), and a recorder on the comm keeps what the kernel sends back:

* a toggle selects (or unselects) exactly the position clicked, duplicates included, and is
  answered (``toggled``, with the view's name and number) after the new selection was sent;
* a bad or stale message changes nothing, raises nothing and is still answered;
* toggles then a button's click, in that order, are graded with every card (practice), and the
  card picker adds each card once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as widgets  # noqa: E402

from canasta_learn.core.cards import parse_cards  # noqa: E402
from canasta_learn.widgets import HandWidget, PileExplorer, PracticeWidget  # noqa: E402


class Recorder:
    """Keeps the messages the kernel sends to the browser on a widget's comm (its ``send``)."""

    def __init__(self, widget: widgets.Widget) -> None:
        self.sent: list[dict[str, Any]] = []
        widget.comm.send = self._send  # the widget's own comm (outside a kernel: comm's DummyComm)

    def _send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.sent.append(data)


def _from_browser(widget: widgets.Widget, content: Any) -> None:
    """Deliver ``content`` as a custom message from the front end, as the comm does."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def _toggle(hand: HandWidget, item_id: Any, card: Any, seq: int = 1, view: str = "v1") -> None:
    _from_browser(hand, {"event": "toggle", "id": item_id, "card": card, "view": view, "seq": seq})


def _answers(comm: Recorder) -> list[dict[str, Any]]:
    return [m["content"] for m in comm.sent if m.get("method") == "custom"]


def _recorded(hand: HandWidget) -> Recorder:
    return Recorder(hand)


def test_a_toggle_selects_the_position_clicked_then_answers_after_the_new_selection() -> None:
    hand = HandWidget("h13 s5 h13 jk")
    comm = _recorded(hand)
    _toggle(hand, 2, "h13", seq=1)  # the second king: position 2, not the first one holding h13
    assert hand.selected_ids == [2] and hand.selected == ["h13"]
    _toggle(hand, 1, "s5", seq=2)
    assert hand.selected == ["s5", "h13"] and hand.selected_ids == [1, 2]  # display order
    _toggle(hand, 2, "h13", seq=3)  # clicked again: unselected
    assert hand.selected_ids == [1] and hand.selected_cards == parse_cards("s5")
    assert _answers(comm) == [{"event": "toggled", "view": "v1", "seq": n} for n in (1, 2, 3)]
    # each answer comes after the state update carrying the selection it answers
    kinds = [("answer", m["content"]["seq"]) if m.get("method") == "custom"
             else ("ids", m["state"]["selected_ids"]) for m in comm.sent
             if m.get("method") == "custom" or "selected_ids" in m.get("state", {})]
    assert kinds == [("ids", [2]), ("answer", 1), ("ids", [1, 2]), ("answer", 2), ("ids", [1]), ("answer", 3)]


@pytest.mark.parametrize("item_id, card", [
    (9, "h13"), (-1, "jk"), (True, "s5"), (1.0, "s5"), ("1", "s5"), (None, "s5"),  # not a position
    (1, "h13"), (1, None), (1, 5),  # the position holds another card (a stale click), or no card said
])
def test_a_bad_or_stale_toggle_changes_nothing_and_is_still_answered(item_id: Any, card: Any) -> None:
    hand = HandWidget("h13 s5 h13 jk")
    hand.select("jk")
    comm = _recorded(hand)
    _toggle(hand, item_id, card, seq=7, view="v2")
    assert hand.selected == ["jk"] and hand.selected_ids == [3]
    assert _answers(comm) == [{"event": "toggled", "view": "v2", "seq": 7}]
    assert all("selected_ids" not in m.get("state", {}) for m in comm.sent)


def test_no_toggle_while_the_hand_is_not_selectable() -> None:
    hand = HandWidget("h13 s5", selectable=False)
    comm = _recorded(hand)
    _toggle(hand, 0, "h13")
    assert hand.selected == [] and _answers(comm) == [{"event": "toggled", "view": "v1", "seq": 1}]


@pytest.mark.parametrize("content", [{"event": "click"}, {"event": "toggled", "seq": 1}, ["toggle", 0], "toggle", None])
def test_other_messages_are_left_alone(content: Any) -> None:
    hand = HandWidget("h13 s5")
    comm = _recorded(hand)
    _from_browser(hand, content)
    assert hand.selected == [] and comm.sent == []


def test_a_click_after_new_cards_toggles_nothing_that_moved() -> None:
    """A click on a card the view still showed after the hand changed: the position now holds
    another card, so nothing is selected by mistake."""
    hand = HandWidget("h13 s5")
    hand.cards = parse_cards("c4 d9")
    _toggle(hand, 0, "h13")
    assert hand.selected == []


def test_practice_toggles_then_the_button_grade_every_card(tmp_path: Path) -> None:
    """The kernel's side of the race: two toggles, then the action button's click (the message a
    press sends), in that order: graded with both cards, and right."""
    for seed in range(1, 41):
        widget = PracticeWidget(tmp_path / "practice.json", skills=["take_pile"], seed=seed)
        if widget.drill.answer and len(widget.drill.answer) >= 2:
            break
    else:
        raise AssertionError("no take_pile drill with two cards of the hand in 40 seeds")
    hand = widget.hand
    _recorded(hand)
    taken: set[int] = set()
    for seq, card in enumerate(widget.drill.answer, start=1):
        item_id = next(i for i, c in enumerate(hand.cards) if c == card and i not in taken)
        taken.add(item_id)
        _toggle(hand, item_id, str(card), seq=seq)
    _from_browser(widget.action_button, {"event": "click"})
    assert widget.grade is not None and widget.grade.outcome == "right", widget.grade
    assert sorted(map(str, hand.selected_cards)) == sorted(map(str, widget.drill.answer))


def test_the_card_picker_adds_each_card_toggled_once() -> None:
    explorer = PileExplorer("c6 h7 d8", "s9 d6", "h13 s13 s13")
    picker = next(w for w in _descendants(explorer) if isinstance(w, HandWidget))
    comm = _recorded(picker)
    for seq, token in enumerate(["s6", "h6", "c6"], start=1):
        item_id = next(i for i, c in enumerate(picker.cards) if str(c) == token)
        _toggle(picker, item_id, token, seq=seq)
    assert explorer.hand_input.text.value == "c6 h7 d8 s6 h6 c6"
    assert picker.selected == [] and [a["seq"] for a in _answers(comm)] == [1, 2, 3]


def _descendants(widget: widgets.Widget) -> list[widgets.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found
