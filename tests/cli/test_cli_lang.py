"""``--lang`` on every subcommand, and ``canasta-learn lessons --lang pt_BR`` (issue 17).

The language is chosen before the subcommand (``canasta-learn --lang pt_BR demo``) or after its
name (``canasta-learn lessons --lang pt_BR``), else by ``CANASTA_LEARN_LANG``; the lessons
command then copies and opens the Portuguese edition and says so in Portuguese. English, the
session's language (tests/conftest.py), stays exactly as it was.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from canasta_learn.cli import build_parser, main
from canasta_learn.cli import lessons as cli_lessons
from canasta_learn.core.i18n import get_language

ROOT = Path(__file__).resolve().parents[2]
PORTUGUESE = ROOT / "canasta_learn" / "lessons" / "pt_BR"
ENGLISH = ROOT / "canasta_learn" / "lessons"
NAMES = sorted(p.name for p in ENGLISH.glob("*.ipynb"))


def test_every_subcommand_takes_lang_before_and_after_its_name() -> None:
    parser = build_parser()
    (subparsers,) = [a for a in parser._actions if a.dest == "command"]
    commands = sorted(subparsers.choices)  # type: ignore[arg-type]
    assert {"demo", "lessons", "export", "play"} <= set(commands)
    for command in commands:
        sub = subparsers.choices[command]  # type: ignore[index]
        assert any("--lang" in action.option_strings for action in sub._actions), command
    assert parser.parse_args(["--lang", "pt-BR", "demo"]).lang == "pt_BR"
    assert parser.parse_args(["demo", "--lang", "pt_BR"]).subcommand_lang == "pt_BR"


def test_an_unknown_language_is_refused_in_one_line_naming_the_accepted_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "fr", "lessons", str(tmp_path / "l"), "--no-lab"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "unknown language 'fr'" in err and "en, pt_BR" in err
    assert not (tmp_path / "l").exists()
    assert main(["lessons", str(tmp_path / "l"), "--lang", "fr", "--no-lab"]) == 2
    assert "unknown language 'fr'" in capsys.readouterr().err
    assert not (tmp_path / "l").exists()


@pytest.mark.parametrize("argv", [
    ["--lang", "pt_BR", "lessons", "{dir}", "--no-lab"],
    ["lessons", "--lang", "pt_BR", "{dir}", "--no-lab"],
    ["lessons", "{dir}", "--lang", "pt-BR", "--no-lab"],
    ["lessons", "{dir}", "--lang=pt_BR", "--no-lab"],
])
def test_lessons_lang_pt_br_copies_the_portuguese_edition(argv: list[str], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "licoes"
    assert main([item.replace("{dir}", str(target)) for item in argv]) == 0
    assert sorted(p.name for p in target.glob("*.ipynb")) == NAMES
    for name in NAMES:
        assert (target / name).read_bytes() == (PORTUGUESE / name).read_bytes(), name
    assert 'set_language(\\"pt_BR\\")' in (target / NAMES[0]).read_text(encoding="utf-8")
    out = capsys.readouterr().out
    assert f"Lições em {target.resolve()}: copiadas agora: {len(NAMES)}; já estavam lá" in out
    assert get_language() == "en"  # the command gave the language back


def test_canasta_learn_lang_chooses_the_portuguese_lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CANASTA_LEARN_LANG", "pt_BR")
    assert main(["lessons", str(tmp_path / "l"), "--no-lab"]) == 0
    assert (tmp_path / "l" / NAMES[0]).read_bytes() == (PORTUGUESE / NAMES[0]).read_bytes()
    assert "Lições em" in capsys.readouterr().out
    assert main(["--lang", "en", "lessons", str(tmp_path / "e"), "--no-lab"]) == 0  # --lang wins
    assert (tmp_path / "e" / NAMES[0]).read_bytes() == (ENGLISH / NAMES[0]).read_bytes()


def test_english_lessons_and_sentences_are_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", str(tmp_path / "l"), "--no-lab"]) == 0
    assert capsys.readouterr().out == (f"Lessons in {(tmp_path / 'l').resolve()}: {len(NAMES)} copied, "
                                       "0 already there (kept as is).\n")
    assert (tmp_path / "l" / NAMES[0]).read_bytes() == (ENGLISH / NAMES[0]).read_bytes()


def test_lessons_lang_pt_br_opens_jupyterlab_on_its_own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jupyterlab")
    calls: list[list[str]] = []
    monkeypatch.setattr(cli_lessons.subprocess, "call", lambda cmd, **_kwargs: calls.append(cmd) or 0)
    monkeypatch.setattr(cli_lessons, "running_as_root", lambda: True)
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "--lang", "pt_BR", "--", "--port", "9999", "--no-browser"]) == 0
    (command,) = calls
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    folder = Path(command[command.index("--notebook-dir") + 1])
    assert folder == (tmp_path / "canasta-lessons-pt_BR").resolve()
    assert command[-5:] == ["--port", "9999", "--no-browser", "--allow-root", "--ServerApp.port_retries=0"]
    assert (folder / NAMES[0]).read_bytes() == (PORTUGUESE / NAMES[0]).read_bytes()
    out = capsys.readouterr().out
    assert "o JupyterLab começa com --allow-root" in out
    assert "Iniciando o JupyterLab" in out and "Comece por 00_start_here.ipynb." in out


def test_lessons_dir_and_names_per_language() -> None:
    assert cli_lessons.lessons_dir("en").samefile(ENGLISH)
    assert cli_lessons.lessons_dir("pt_BR").samefile(PORTUGUESE)
    assert cli_lessons.lesson_names("pt_BR") == cli_lessons.lesson_names("en") == NAMES
    with pytest.raises(ValueError, match="pt_BR"):
        cli_lessons.lessons_dir("de")


@pytest.mark.slow
def test_lang_pt_br_export_writes_the_portuguese_lessons_without_network_resources(tmp_path: Path) -> None:
    """``canasta-learn --lang pt_BR export`` executes the Portuguese edition; its pages, like the
    English ones, load nothing from the network (tests/export_scan.py)."""
    import os
    import subprocess

    pytest.importorskip("nbconvert")
    from export_scan import network_resources

    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    out = tmp_path / "html"
    result = subprocess.run([sys.executable, "-m", "canasta_learn.cli", "--lang", "pt_BR", "export", "--to", "html",
                             "--lesson", "02_frozen_and_blocked_piles.ipynb", str(out)],
                            capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    page = (out / "02_frozen_and_blocked_piles.html").read_text(encoding="utf-8")
    assert "Pegar a pilha: pilhas congeladas e bloqueadas" in page and "<svg" in page
    assert "Traceback" not in page
    assert '<html lang="pt-BR">' in (out / "index.html").read_text(encoding="utf-8")
    for path in sorted(out.rglob("*")):
        if path.is_file():
            assert network_resources(path.read_text(encoding="utf-8")) == [], path.name


def test_classroom_link_in_portuguese_opens_the_pt_br_edition(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["classroom-link", "--hub", "https://hub.example.edu", "--lesson", "02_frozen_and_blocked_piles",
            "--repo", "https://github.com/o/lessons"]
    assert main(["--lang", "pt_BR", *argv]) == 0
    portuguese = capsys.readouterr().out
    assert "urlpath=lab%2Ftree%2Flessons%2Fnotebooks%2Fpt_BR%2F02_frozen_and_blocked_piles.ipynb" in portuguese
    assert main(argv) == 0
    assert "urlpath=lab%2Ftree%2Flessons%2Fnotebooks%2F02_frozen_and_blocked_piles.ipynb" in capsys.readouterr().out


# --------------------------------------------------------------------------- JupyterLab's menus
def _lab_session(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, object]]:
    """Start ``canasta-learn lessons`` with JupyterLab replaced by a recorder that reads, while
    "JupyterLab" runs, the settings it was given, as JupyterLab's server reads them
    (jupyterlab_server's `get_settings`: schema defaults, then the overrides of the settings
    folder, then the user's own settings, here none)."""
    from jupyterlab.commands import get_app_dir  # type: ignore[import-untyped]
    from jupyterlab_server.settings_utils import get_settings

    schemas = Path(get_app_dir()) / "schemas"
    # the installation's own settings folder, with an override of its own that must survive
    app_dir = tmp_path / "app"
    (app_dir / "settings").mkdir(parents=True)
    (app_dir / "settings" / "overrides.json").write_text(json.dumps(
        {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}))
    monkeypatch.setenv("JUPYTERLAB_DIR", str(app_dir))
    seen: list[dict[str, object]] = []

    def jupyterlab(command: list[str], **_options: object) -> int:
        given = [item.split("=", 1)[1] for item in command if item.startswith("--LabApp.app_settings_dir=")]
        settings_dir = given[0] if given else str(app_dir / "settings")
        effective = {}
        for plugin in (cli_lessons.LAB_TRANSLATION_PLUGIN, "@jupyterlab/apputils-extension:notification"):
            found, _warnings = get_settings(settings_dir, str(schemas), str(tmp_path / "user-settings"),
                                            schema_name=plugin)
            effective[plugin] = {key: spec.get("default") for key, spec in found["schema"]["properties"].items()}
        seen.append({"command": command, "settings_dir": settings_dir, "effective": effective})
        return 0

    monkeypatch.setattr(cli_lessons.subprocess, "call", jupyterlab)
    monkeypatch.setattr(cli_lessons, "running_as_root", lambda: False)
    return seen


def test_lessons_extra_installs_the_language_pack_binder_pins() -> None:
    """Issue 24: the Portuguese lessons name JupyterLab's Portuguese menus, but only Binder
    installed the pack: the ``lessons`` extra installs the package Binder pins, in a version
    that admits Binder's pin."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    extra = [Requirement(item) for item in
             tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["lessons"]]
    binder = [Requirement(line.split("#", 1)[0].strip())
              for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
              if line.lower().startswith("jupyterlab-language-pack-")]
    (pin,) = binder
    _locale, package = cli_lessons.LAB_LANGUAGE_PACKS["pt_BR"]
    assert canonicalize_name(package) == canonicalize_name(pin.name)
    (wanted,) = [r for r in extra if canonicalize_name(r.name) == canonicalize_name(pin.name)]
    (pinned_version,) = [spec.version for spec in pin.specifier]
    assert wanted.specifier.contains(pinned_version, prereleases=True), (wanted, pin)


@pytest.mark.parametrize("argv", [["lessons", "--lang", "pt_BR"], ["--lang", "pt-BR", "lessons"]])
def test_lessons_lang_pt_br_starts_jupyterlab_with_its_portuguese_menus(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: with the language pack installed, JupyterLab's language setting defaults to
    pt_BR for this session (an override, as Binder's postBuild writes its own), the
    installation's own overrides are kept, a user's own choice still wins, and the settings
    folder is gone once JupyterLab stops."""
    pytest.importorskip("jupyterlab")
    if "pt_BR" not in cli_lessons.installed_lab_locales():
        pytest.skip("JupyterLab's pt_BR language pack is not installed (the lessons extra installs it)")
    seen = _lab_session(monkeypatch, tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--", "--no-browser"]) == 0
    (session,) = seen
    effective = session["effective"]
    assert isinstance(effective, dict)
    assert effective[cli_lessons.LAB_TRANSLATION_PLUGIN]["locale"] == "pt_BR"
    assert effective["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"  # kept
    assert "--no-browser" in session["command"]  # type: ignore[operator]
    assert not Path(str(session["settings_dir"])).exists()  # removed when JupyterLab stopped
    assert "menus stay in English" not in capsys.readouterr().out
    # the installation's own folder is untouched
    assert sorted(p.name for p in (tmp_path / "app" / "settings").iterdir()) == ["overrides.json"]


def test_lessons_in_english_leave_jupyterlabs_language_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("jupyterlab")
    seen = _lab_session(monkeypatch, tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "--lang", "en", "--", "--no-browser"]) == 0
    (session,) = seen
    assert not any(str(item).startswith("--LabApp.app_settings_dir") for item in session["command"])  # type: ignore[attr-defined]
    effective = session["effective"]
    assert isinstance(effective, dict)
    assert effective[cli_lessons.LAB_TRANSLATION_PLUGIN]["locale"] == "default"


def test_lessons_lang_pt_br_without_the_language_pack_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jupyterlab")
    seen = _lab_session(monkeypatch, tmp_path)
    monkeypatch.setattr(cli_lessons, "installed_lab_locales", set)  # no pack installed
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "--lang", "pt_BR", "--", "--no-browser"]) == 0
    (session,) = seen
    assert not any(str(item).startswith("--LabApp.app_settings_dir") for item in session["command"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "pip install jupyterlab-language-pack-pt-BR" in out and "menus do JupyterLab ficam em inglês" in out
