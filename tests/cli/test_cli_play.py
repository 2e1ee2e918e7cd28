"""``canasta-learn play``: the play view as a Voila page (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_learn.cli import main
from canasta_learn.cli.play import VOILA_EXTENSION_DENYLIST, play_code, voila_command


def test_play_writes_a_one_cell_notebook_that_opens_the_play_view(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ipywidgets")
    assert main(["play", "--no-voila", "--dir", str(tmp_path), "--seed", "3", "--speed", "instant",
                 "--profile", "cardgames_io"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path.parent == tmp_path and path.exists()
    notebook = json.loads(path.read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    (cell,) = notebook["cells"]
    namespace: dict[str, object] = {}
    *setup, last = cell["source"].splitlines()
    exec("\n".join(setup), namespace)  # noqa: S102 - the code we just wrote
    play = eval(last, namespace)  # noqa: S307
    from canasta_learn.widgets import PlayWidget

    assert isinstance(play, PlayWidget)
    assert play.profile.name == "cardgames_io" and play.speed == "instant" and play.seed == 3


@pytest.mark.parametrize(("argv", "environment", "language"), [
    (["--lang", "pt_BR", "play"], "en", "pt_BR"),
    (["play", "--lang", "pt-BR"], "en", "pt_BR"),
    (["play"], "pt_BR", "pt_BR"),
    (["play", "--lang", "en"], "pt_BR", "en"),
])
def test_play_notebook_speaks_the_language_of_the_command(
        argv: list[str], environment: str, language: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: the notebook chooses the command's language itself (Voila's kernel speaks its
    own environment's language otherwise), and the view it opens speaks it."""
    pytest.importorskip("ipywidgets")
    monkeypatch.setenv("CANASTA_LEARN_LANG", environment)
    assert main([*argv, "--no-voila", "--dir", str(tmp_path), "--seed", "3"]) == 0
    path = Path(capsys.readouterr().out.strip())
    (cell,) = json.loads(path.read_text())["cells"]
    assert f"canasta_learn.set_language({language!r})" in cell["source"]
    from canasta_learn.core.i18n import get_language, set_language

    set_language("pt_BR" if language == "en" else "en")  # the kernel's own language, the other one
    namespace: dict[str, object] = {}
    *setup, last = cell["source"].splitlines()
    exec("\n".join(setup), namespace)  # noqa: S102 - the code we just wrote
    assert get_language() == language
    play = eval(last, namespace)  # noqa: S307
    assert ("Sua vez" in play.status.value) == (language == "pt_BR")
    assert ("Your turn" in play.status.value) == (language == "en")


def test_play_hides_the_code_and_passes_voila_arguments(tmp_path: Path) -> None:
    command = voila_command(tmp_path / "x.ipynb", ["--port", "8867"])
    assert command[1:3] == ["-m", "voila"] and "--strip_sources=True" in command
    assert [item for item in command if item.startswith("--VoilaConfiguration.extension_denylist=")] == [
        "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
        "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension"]
    assert command[-2:] == ["--port", "8867"]


def test_voila_reads_the_denylist_without_a_deprecation_warning(tmp_path: Path) -> None:
    """The learner's terminal showed traitlets' DeprecationWarning for a list given in one option;
    one option per extension is read as the same list, with no warning."""
    import warnings

    voila_app = pytest.importorskip("voila.app")
    from voila.configuration import VoilaConfiguration

    app = voila_app.Voila()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        app.parse_command_line(voila_command(tmp_path / "x.ipynb", [])[3:])
    assert VoilaConfiguration(parent=app).extension_denylist == list(VOILA_EXTENSION_DENYLIST)


@pytest.mark.parametrize(("argv", "words"), [
    (["--bots", "clever"], "--bots must be one of greedy, random, coach, follower, not 'clever'"),
    (["--speed", "fast"], "--speed must be one of instant, normal, slow, not 'fast'"),
    (["--seat", "7"], "--seat must be 0-3"),
    (["--profile", "nope"], "nope"),
])
def test_play_bad_options_say_what_is_accepted(argv: list[str], words: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--no-voila", "--dir", str(tmp_path), *argv]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "canasta-play.ipynb").exists()
    with pytest.raises(ValueError):
        play_code(**{argv[0][2:]: argv[1] if argv[0] != "--seat" else int(argv[1])})
