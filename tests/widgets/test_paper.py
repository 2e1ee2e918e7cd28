"""`canasta_learn.render.paper`: the static sequence of key moments an exported lesson page shows
where a live widget (the replay viewer, the play widget) stood (issue 12: lessons 05 and 07
"thin on paper")."""

from __future__ import annotations

import html

import pytest

from canasta_learn.core.actions import parse_action
from canasta_learn.play.bots import play_round
from canasta_learn.play.coach_words import move_words, seat_words
from canasta_learn.records.annotate import annotate_round
from canasta_learn.records.examples import load_example
from canasta_learn.render.paper import KEY_NOTE_CODES, STATIC_MARKER, PaperCopy, key_moments, key_moments_html


def test_key_moments_are_the_commented_moves_and_the_engines_key_notes() -> None:
    record = load_example("frozen_pile_fight")
    notes = annotate_round(record, 0)
    comments = record.rounds[0].comments
    expected = [i for i in range(len(record.rounds[0].actions))
                if i in comments or any(n.code in KEY_NOTE_CODES for n in notes[i])]
    moments = key_moments(record)
    assert [index for index, _text, _said in moments] == expected
    for index, text, said in moments:
        assert text == record.rounds[0].actions[index]
        if index in comments:
            assert said[-1] == f"Comment: {comments[index]}"


def test_the_page_keeps_the_first_moments_and_always_the_end_of_the_hand() -> None:
    record = play_round(seed=70)
    moments = key_moments(record)
    assert len(moments) > 4
    page = key_moments_html(record, limit=4, show_hands=False)
    assert page.count('class="cl-moment"') == 4
    last_index, last_text, _said = moments[-1]
    action = parse_action(last_text)
    before = record.state_at(0, last_index - 1)
    words = html.escape(move_words(action, before))
    assert f"Move {last_index + 1}, {seat_words(before, action.seat)}: {words}" in page
    assert last_text not in page  # the move is said in words, never in notation
    assert f"{STATIC_MARKER}=" in page and f"4 of {len(moments)} key moments" in page


def test_text_on_the_page_is_escaped() -> None:
    record = load_example("frozen_pile_fight")
    record.comment(0, 2, "<script>alert(1)</script> & more")
    page = key_moments_html(record, limit=3)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in page


@pytest.mark.parametrize("kwargs, word", [({"limit": 0}, "limit"), ({"limit": "3"}, "limit"),
                                          ({"width": 2}, "width")])
def test_bad_arguments_name_the_argument(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        key_moments_html(load_example("frozen_pile_fight"), **kwargs)  # type: ignore[arg-type]


def test_a_round_that_is_not_there_is_refused() -> None:
    with pytest.raises(ValueError, match="round_index must be 0-0"):
        key_moments(load_example("frozen_pile_fight"), 3)


def test_paper_copy_shows_the_widget_live_and_the_static_html_on_paper() -> None:
    pytest.importorskip("ipywidgets")
    from canasta_learn.cli.export import WIDGET_MIME
    from canasta_learn.widgets import ReplayViewer

    record = load_example("frozen_pile_fight")
    viewer = ReplayViewer(record)
    page = key_moments_html(record, limit=2)
    bundle = PaperCopy(viewer, page)._repr_mimebundle_()
    assert WIDGET_MIME in bundle and bundle["text/html"] == page
    with pytest.raises(ValueError, match="static_html"):
        PaperCopy(viewer, "<p>no marker</p>")
