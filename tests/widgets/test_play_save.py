"""The play view's Save: the record goes into the user's folder (the notebook's working folder,
or ``save_dir``, which ``canasta-learn play`` sets to a documented folder), never elsewhere, is
written whole (temporary file, then rename), and is offered as a download link (in Voila the
browser is the only place a learner can keep it)."""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from canasta_learn.cli.play import play_code  # noqa: E402
from canasta_learn.records.record import GameRecord  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402


def download_link(play: PlayWidget) -> tuple[str, bytes]:
    """The download link's file name and the bytes its data: URL holds."""
    found = re.search(r'<a [^>]*download="([^"]*)"[^>]*href="data:application/json;base64,([^"]*)"',
                      play.download.value)
    assert found, play.download.value
    return html.unescape(found.group(1)), base64.b64decode(found.group(2))


def test_save_writes_into_save_dir_and_offers_the_same_record_as_a_download(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    games = tmp_path / "games"
    play = PlayWidget(seed=3, speed="instant", save_dir=games)
    play.click("draw")
    play.filename.value = "my game.json"
    play.click("save")
    saved = games / "my game.json"
    assert saved.is_file() and list(elsewhere.iterdir()) == []
    assert str(saved) in play.message
    name, content = download_link(play)
    assert name == "my game.json" and content == saved.read_bytes()
    record = GameRecord.load(content.decode("utf-8"))
    assert record.dump() == play.record().dump()
    assert [p.name for p in games.iterdir()] == ["my game.json"]  # no temporary file left


def test_save_without_save_dir_writes_into_the_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    play = PlayWidget(seed=3, speed="instant")
    play.click("save")
    assert [p.name for p in tmp_path.iterdir()] == ["canasta-game.json"]
    assert json.loads((tmp_path / "canasta-game.json").read_text())["rounds"]


def test_the_download_link_escapes_the_file_name(tmp_path: Path) -> None:
    play = PlayWidget(seed=3, speed="instant", save_dir=tmp_path)
    play.filename.value = 'a"<b>.json'
    play.click("save")
    assert "<b>" not in play.download.value and "&lt;b&gt;" in play.download.value
    assert download_link(play)[0] == 'a"<b>.json'


def test_a_failed_save_offers_no_download_and_keeps_the_earlier_file(tmp_path: Path) -> None:
    play = PlayWidget(seed=3, speed="instant", save_dir=tmp_path)
    play.click("save")
    before = (tmp_path / "canasta-game.json").read_bytes()
    play.filename.value = "missing-folder/x.json"
    play.click("save")
    assert play.message.startswith("Could not save") and play.download.value == ""
    assert (tmp_path / "canasta-game.json").read_bytes() == before


def test_canasta_learn_play_saves_into_the_folder_it_is_given(tmp_path: Path) -> None:
    """Voila runs the play notebook in a temporary folder removed when it stops: the page saves
    into the ``--save-dir`` folder (default ``~/canasta-games``) instead."""
    code = play_code(seed=3, save_dir=str(tmp_path))
    namespace: dict[str, object] = {}
    *setup, last = code.splitlines()
    exec("\n".join(setup), namespace)  # noqa: S102 - the code play writes
    play = eval(last, namespace)  # noqa: S307
    play.click("save")
    assert (tmp_path / "canasta-game.json").is_file()


def test_save_asks_the_page_to_download_the_record_it_wrote_and_a_failed_save_does_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The message Save sends to its front end (download.js, which downloads on a Voila page)
    holds the file name and the very text written into ``save_dir``."""
    play = PlayWidget(seed=3, speed="instant", save_dir=tmp_path)
    sent: list[object] = []
    monkeypatch.setattr(play.save_download, "send", lambda content, buffers=None: sent.append(content))
    play.click("draw")
    play.filename.value = "round one.json"
    play.click("save")
    assert sent == [{"kind": "download", "filename": "round one.json",
                     "content": (tmp_path / "round one.json").read_text(encoding="utf-8")}]
    play.filename.value = "missing-folder/x.json"
    play.click("save")
    assert len(sent) == 1
