"""``canasta-learn practice``: the practice widget as a Voila page (issue 25)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_learn.cli import main


def _open(path: Path) -> object:
    (cell,) = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, object] = {}
    *setup, last = cell["source"].splitlines()
    exec("\n".join(setup), namespace)  # noqa: S102 - the code the command just wrote
    return eval(last, namespace)  # noqa: S307


@pytest.mark.parametrize(("argv", "yes"), [([], "Yes"), (["--lang", "pt_BR"], "Sim")])
def test_practice_writes_a_notebook_that_opens_practice_on_the_progress_file(
        argv: list[str], yes: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ipywidgets")
    from canasta_learn.core.i18n import get_language, set_language
    from canasta_learn.widgets import PracticeWidget

    before = get_language()
    progress = tmp_path / "mine.json"
    try:
        assert main([*argv, "practice", "--no-voila", "--dir", str(tmp_path / "nb"), "--progress", str(progress),
                     "--skills", "meld_validity, red_threes", "--seed", "4"]) == 0
        path = Path(capsys.readouterr().out.strip())
        assert path.name == "canasta-practice.ipynb" and path.parent == tmp_path / "nb"
        widget = _open(path)
    finally:
        set_language(before)
    assert isinstance(widget, PracticeWidget)
    assert widget.path == progress and list(widget.bars) == ["meld_validity", "red_threes"]
    assert widget.yes_button.description == yes
    widget.yes_button.click() if widget.drill.answer else widget.no_button.click()
    assert json.loads(progress.read_text(encoding="utf-8"))["skills"]["meld_validity"]["right"] == 1


def test_practice_refuses_an_unknown_skill_and_writes_nothing(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["practice", "--no-voila", "--dir", str(tmp_path), "--skills", "juggling"]) == 2
    error = capsys.readouterr().err
    assert "juggling" in error and "meld_validity" in error
    assert not list(tmp_path.iterdir())


def test_practice_profile_opens_the_skills_of_a_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ipywidgets")
    from canasta_learn.practice import skill_ids
    from canasta_learn.widgets import PracticeWidget

    assert main(["practice", "--no-voila", "--dir", str(tmp_path / "nb"), "--progress", str(tmp_path / "p.json"),
                 "--profile", "tranca", "--seed", "4"]) == 0
    widget = _open(Path(capsys.readouterr().out.strip()))
    assert isinstance(widget, PracticeWidget)
    assert list(widget.bars) == skill_ids("tranca") and widget.drill.position.profile.name == "tranca"


def test_practice_refuses_a_game_without_skills_and_writes_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["practice", "--no-voila", "--dir", str(tmp_path), "--profile", "chess"]) == 2
    error = capsys.readouterr().err
    assert "chess" in error and "italian" in error and "tranca" in error
    assert not list(tmp_path.iterdir())
