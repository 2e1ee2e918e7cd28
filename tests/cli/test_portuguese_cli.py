"""Every subcommand speaks Brazilian Portuguese with ``--lang pt_BR`` (issue 17): its printed
output, its help texts and its errors, and the public API's input errors in pt_BR.

Each run is compared with the same command in English (the session's language,
tests/conftest.py): the Portuguese output differs, and the lines the command line itself prints
hold no English stop-word (tests/i18n_words.py) outside notation: option names (``--round``),
quoted values (``'zz'``), Python literals (``None``) and the names the messages quote. The
engine's table and notes inside ``demo`` and ``replay`` come from other modules, so for those
only the command's own lines are checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from i18n_words import english_words

from canasta_learn.cli import main
from canasta_learn.cli.export import _widget_note
from canasta_learn.core import inputs
from canasta_learn.core.extras import MissingExtraError, require_extra
from canasta_learn.core.i18n import get_language, speaking

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "canasta_learn" / "data" / "games"
# notation: options, quoted values, paths, names with _ or digits (lessons, files), metavars, Python
# names; and words with a letter outside ASCII, which english_words would cut in two ("até" -> "at")
_NOTATION = re.compile(r"--?[A-Za-z][\w-]*|'[^']*'|\S*/\S*|\w*[_\d]\w*|\b[A-Z]{2,}\b"
                       r"|\b(?:True|False|None|Card)\b|\w*[^\x00-\x7f\W]\w*")


def _words(text: str) -> list[str]:
    """The English stop-words of ``text`` outside notation (see `_NOTATION`)."""
    return english_words(_NOTATION.sub(" ", text))


def _our_help(text: str) -> str:
    """A help page without its usage block and the names of the arguments each entry starts
    with (notation): its description, headings and help texts."""
    usage, _, body = text.partition("\n\n")
    assert usage.startswith(("usage: canasta-learn", "uso: canasta-learn"))
    lines = []
    for line in body.splitlines():
        lines.append(re.sub(r"^  (\S+(?: [A-Z_]+)?(?:, \S+(?: [A-Z_]+)?)*)", " ", line))
    return " ".join(lines)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str | None, str, str]:
    try:
        status: int | str | None = main(argv)
    except SystemExit as stop:  # --help
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


Run = tuple[object, str, str]


def _both(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[Run, Run]:
    english = _run(argv, capsys)
    portuguese = _run(["--lang", "pt_BR", *argv], capsys)
    assert get_language() == "en"  # the command gave the language back
    return english, portuguese


def test_demo_in_portuguese_says_its_own_lines_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    (status_en, out_en, _), (status_pt, out_pt, _) = _both(["demo"], capsys)
    assert status_en == status_pt == 0
    assert out_pt != out_en
    english_lines, lines = out_en.splitlines(), out_pt.splitlines()
    assert lines[0] == "canasta-learn demo - perfil classic, semente 2026"
    # the command's lines: its own words come before the first ": " (then an engine verdict)
    own = [line for line, en in zip(lines, english_lines, strict=True)
           if en.startswith(("canasta-learn demo", "What the engine", "The rules' worked", "  Mike,", "  Lisa,",
                             "  Opening at")) or " to move. The pile: " in en]
    assert len(own) == 7
    for line in own:
        assert line.split(": ")[0] != "", line
        assert _words(line.split(": ")[0]) == [], line
    assert all(line not in english_lines for line in own)


def test_replay_of_a_shipped_example_runs_in_portuguese_and_its_errors_are_portuguese(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = str(GAMES / "game_to_5000.json")
    status, out, _ = _run(["--lang", "pt_BR", "replay", str(GAMES / "frozen_pile_fight.json")], capsys)
    assert status == 0 and out  # the notes are the records layer's (translated on its own branch)
    for argv in (["replay", game, "--round", "99"], ["replay", game, "--step", "2"],
                 ["replay", str(ROOT / "no_such_record.json")]):
        (status_en, _, err_en), (status_pt, _, err_pt) = _both(argv, capsys)
        assert status_en == status_pt == 2
        assert err_pt != err_en and err_pt.startswith("canasta-learn: erro: ")
        assert _words(err_pt) == [], err_pt
    assert "tem 8 rodadas; --round aceita 1-8, não 99" in _run(
        ["--lang", "pt_BR", "replay", game, "--round", "99"], capsys)[2]


def test_simulate_summary_is_portuguese_in_every_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "rounds.csv"
    (status_en, out_en, _), (status_pt, out_pt, _) = _both(["simulate", "--rounds", "3", "--csv", str(csv)],
                                                            capsys)
    assert status_en == status_pt == 0
    assert out_pt != out_en
    english_lines, lines = out_en.strip().splitlines(), out_pt.strip().splitlines()
    assert len(lines) == len(english_lines)
    assert lines[0] == "3 rodadas, perfil classic, semente 0"
    for line, english in zip(lines, english_lines, strict=True):
        assert _words(line) == [], line
        numbers = re.findall(r"\d+\.\d+%?", english)
        assert re.findall(r"\d+\.\d+%?", line) == numbers  # the same figures, in Portuguese sentences
    assert lines[-1] == f"estatísticas por rodada gravadas em {csv}"


def test_simulate_of_one_round_says_rodada_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["--lang", "pt_BR", "simulate", "--rounds", "1"], capsys)
    assert status == 0 and out.startswith("1 rodada, perfil classic, semente 0\n")


def test_record_says_what_it_wrote_in_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (status_en, out_en, _), (status_pt, out_pt, _) = _both(["record", "-o", str(tmp_path / "r.json")], capsys)
    assert status_en == status_pt == 0
    assert out_en.startswith(f"wrote {tmp_path / 'r.json'}: 1 round(s), ")
    assert out_pt.startswith(f"gravado {tmp_path / 'r.json'}: 1 rodada, ")
    assert out_pt.split(", ")[-1] == out_en.split(", ")[-1].replace("team totals", "totais das equipes")
    assert _words(out_pt) == []


def test_lessons_no_lab_reports_in_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status_en, out_en, _ = _run(["lessons", str(tmp_path / "en"), "--no-lab"], capsys)
    status_pt, out_pt, _ = _run(["--lang", "pt_BR", "lessons", str(tmp_path / "pt"), "--no-lab"], capsys)
    assert status_en == status_pt == 0
    assert out_pt.replace("pt", "en") != out_en
    assert _words(out_pt) == [], out_pt


def test_export_note_and_error_are_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = {"data": {"text/plain": "PlayWidget(profile='classic')"}}
    english = _widget_note(output)["data"]["text/plain"]
    with speaking("pt_BR"):
        note = _widget_note(output)["data"]["text/plain"]
    assert english == "Interactive PlayWidget: open this lesson in JupyterLab (canasta-learn lessons) to use it."
    assert note != english and note.startswith("PlayWidget interativo") and _words(note) == []
    (status_en, _, err_en), (status_pt, _, err_pt) = _both(
        ["export", str(tmp_path / "out"), "--lesson", "no_such_lesson"], capsys)
    assert status_en == status_pt == 2
    assert err_pt != err_en and _words(err_pt) == [], err_pt


def test_classroom_link_opens_the_portuguese_edition_and_refuses_in_portuguese(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["classroom-link", "--hub", "https://hub.example.edu", "--repo", "https://github.com/a/canasta_learn"]
    (_, out_en, _), (status, out_pt, _) = _both(argv, capsys)
    assert status == 0
    assert "notebooks%2Fpt_BR%2F00_start_here.ipynb" in out_pt and "pt_BR" not in out_en
    for bad in (["classroom-link", "--hub", "ftp://hub"],
                ["classroom-link", "--hub", "https://h", "--lesson", "zz", "--repo", "https://github.com/a/b"]):
        (_, _, err_en), (status_pt, _, err_pt) = _both(bad, capsys)
        assert status_pt == 2 and err_pt != err_en and _words(err_pt) == [], err_pt


def test_site_help_is_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    (status_en, out_en, _), (status_pt, out_pt, _) = _both(["site", "--help"], capsys)
    assert status_en == status_pt == 0
    assert out_pt != out_en
    assert "Monta um site JupyterLite estático" in " ".join(out_pt.split())
    ours = _our_help(out_pt)
    assert _words(ours) == [], _words(ours)


def test_main_help_texts_are_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "record", "replay", "demo", "play", "lessons", "export", "classroom-link"):
        (_, out_en, _), (_, out_pt, _) = _both([command, "--help"], capsys)
        assert out_pt != out_en, command
        ours = _our_help(out_pt)
        assert _words(ours) == [], (command, _words(ours))


ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments:", "show this help message and exit",
                    "show program's version number and exit", "error:", "the following arguments are required",
                    "invalid choice", "unrecognized arguments", "expected one argument", "invalid int value")


@pytest.mark.parametrize("argv", [["--help"], *([command, "--help"] for command in (
    "demo", "replay", "simulate", "record", "lessons", "export", "classroom-link", "play", "site"))],
    ids=lambda argv: argv[0])
def test_help_in_portuguese_has_argparse_words_in_portuguese_too(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``canasta-learn --lang pt_BR --help``: argparse's usage line, headings and the help of
    ``-h`` and ``--version`` are Portuguese (our catalogue's translations of argparse's msgids)."""
    (status_en, out_en, _), (status_pt, out_pt, _) = _both(argv, capsys)
    assert status_en == status_pt == 0
    assert out_en.startswith("usage: canasta-learn") and "options:" in out_en  # English as argparse says it
    assert out_pt.startswith("uso: canasta-learn") and "\nopções:\n" in out_pt
    assert "mostra esta mensagem de ajuda e sai" in out_pt
    assert [words for words in ARGPARSE_ENGLISH if words in out_pt] == []
    assert _words(_our_help(out_pt)) == [], _words(_our_help(out_pt))
    if argv == ["--help"]:
        assert "argumentos posicionais:" in out_pt and "mostra a versão do programa e sai" in out_pt


@pytest.mark.parametrize("argv", [
    ["fly"],
    ["replay"],
    ["simulate", "--rounds", "x"],
    ["simulate", "--rounds"],
    ["simulate", "--bogus"],
    ["play", "--speed"],
    ["--lang", "fr", "demo"],
], ids=["invalid_choice", "required_argument", "invalid_int", "expected_one_argument", "unrecognized",
        "expected_one_argument_subcommand", "bad_language"])
def test_usage_errors_are_portuguese(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own refusals (a wrong subcommand, a missing or unreadable argument) print the
    usage and the error in Portuguese, exit 2, and leave argparse as it was."""
    import argparse

    (status_en, _, err_en), (status_pt, _, err_pt) = _both(argv, capsys)
    assert status_en == status_pt == 2
    assert err_en.startswith("usage: canasta-learn") and ": error: " in err_en
    assert err_pt.startswith("uso: canasta-learn") and ": erro: " in err_pt
    assert [words for words in ARGPARSE_ENGLISH if words in err_pt] == []
    usage_end = err_pt.index("canasta-learn", err_pt.index("\n"))  # the error line after the usage block
    assert _words(err_pt[usage_end:]) == [], err_pt
    assert argparse._("usage: ") == "usage: "  # argparse speaks English again


@pytest.mark.parametrize("argv", [
    ["simulate", "--bots", "nobody"],
    ["simulate", "--bots", ","],
    ["simulate", "--bots", "greedy,random,greedy"],
    ["simulate", "--rounds", "-1"],
    ["simulate", "--jobs", "0"],
    ["simulate", "--rounds", "1", "--csv", "/no/such/folder/rounds.csv"],
    ["record", "-o", "/no/such/folder/r.json"],
    ["play", "--no-voila", "--seat", "9"],
    ["play", "--no-voila", "--speed", "warp"],
    ["lessons", "a", "b", "--no-lab"],
])
def test_bad_command_line_input_is_refused_in_portuguese(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    (status_en, _, err_en), (status_pt, _, err_pt) = _both(argv, capsys)
    assert status_en == status_pt == 2
    assert err_pt.startswith("canasta-learn: erro: ") and err_pt != err_en
    assert _words(err_pt) == [], err_pt


def _message(call: object) -> tuple[str, str]:
    """The English and the Portuguese message of the error ``call`` raises."""
    assert callable(call)
    texts = []
    for language in ("en", "pt_BR"):
        with speaking(language), pytest.raises((TypeError, ValueError, MissingExtraError)) as raised:
            call()
        texts.append(str(raised.value))
    return texts[0], texts[1]


@pytest.mark.parametrize("call", [
    lambda: inputs.need_int(7, "to_move", low=0, high=3),
    lambda: inputs.need_int("x", "to_move", low=0),
    lambda: inputs.need_int("x", "dealer", allow_none=True),
    lambda: inputs.need_bool(3, "strict"),
    lambda: inputs.need_bool(3, "strict", allow_none=True),
    lambda: inputs.need_cards(12345, "cards"),
    lambda: inputs.need_team_scores(5, 2),
    lambda: inputs.need_team_scores([1], 2),
    lambda: inputs.need_no_red_three_on_top(inputs.need_cards("h5 h3", "discard_pile"), "discard_pile"),
    lambda: require_extra("widgets", "HandWidget", modules=("not_installed_xyz",)),
    lambda: require_extra("no_such_extra", "HandWidget"),
], ids=["int_range", "int_low", "int_or_none", "bool", "bool_or_none", "cards", "team_scores_kind",
        "team_scores_count", "red_three_on_top", "missing_extra", "unknown_extra"])
def test_public_api_input_errors_are_portuguese_naming_the_same_argument(call: object) -> None:
    english, portuguese = _message(call)
    assert portuguese != english
    name = english.split(" ")[0]  # the argument (or the part of the package) the sentence names
    if english.startswith("unknown extra"):
        name = "'no_such_extra'"
    assert portuguese.startswith(name) or name in portuguese
    assert _words(portuguese.replace(name, " ")) == [], portuguese


def test_site_build_errors_are_portuguese(tmp_path: Path) -> None:
    from canasta_learn.cli.site import SiteError, build_site, wheel_name

    for call in (lambda: wheel_name("not-a-wheel.tar.gz"), lambda: build_site(tmp_path / "site", lessons=tmp_path)):
        texts = []
        for language in ("en", "pt_BR"):
            with speaking(language), pytest.raises(SiteError) as raised:
                call()
            texts.append(str(raised.value))
        assert texts[1] != texts[0] and _words(texts[1]) == [], texts[1]
