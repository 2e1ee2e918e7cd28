"""``canasta-learn class-report FILES…``: the class's table per skill and per learner from 30
results files made through the practice API, the CSV and the PNG chart, Portuguese headers, and
corrupt files left out with a named warning (canasta_learn.cli.class_report)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from canasta_learn.cli import main
from canasta_learn.practice import SKILLS
from tests.practice.test_report import Expected, expected_summary, make_class

pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def a_class(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], Expected]:
    return make_class(tmp_path_factory.mktemp("class"))


def test_class_report_prints_the_weakest_skills_first_and_every_learner(
        a_class: tuple[list[Path], Expected], capsys: pytest.CaptureFixture[str]) -> None:
    files, expected = a_class
    assert main(["--lang", "en", "class-report", *map(str, files)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Class report: 30 learners\n")
    summary, table = out.split("Per learner and skill:\n")
    summary_lines = summary.split("Per skill, weakest first:\n")[1].strip().splitlines()
    assert summary_lines[0].split()[:3] == ["skill", "skill", "title"]
    assert [line.split()[0] for line in summary_lines[1:]] == [skill for skill, *_ in expected_summary(expected)]
    rows = table.strip().splitlines()
    assert len(rows) == 1 + len(expected)


def test_class_report_writes_the_table_as_csv_and_the_chart_as_png(
        a_class: tuple[list[Path], Expected], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    files, expected = a_class
    table, chart = tmp_path / "class.csv", tmp_path / "weakest.png"
    assert main(["--lang", "en", "class-report", *map(str, files), "--csv", str(table), "--plot", str(chart)]) == 0
    with table.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    got = {(row["learner"], row["skill"]): {"right": int(row["right"]), "wrong": int(row["wrong"]),
                                            "box": int(row["box"])} for row in rows}
    assert got == expected
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    from matplotlib.image import imread

    assert imread(chart).shape[0] > 100
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.csv", "weakest.png"]  # no temporary left


def test_class_report_speaks_portuguese(a_class: tuple[list[Path], Expected], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    files, _ = a_class
    table = tmp_path / "turma.csv"
    assert main(["class-report", *map(str, files[:3]), "--lang", "pt_BR", "--csv", str(table)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Relatório da turma: 3 aprendizes\n")
    assert "acertos" in out and "erros" in out and "caixa" in out
    assert table.read_text(encoding="utf-8").splitlines()[0] == \
        "arquivo,aprendiz,habilidade,título da habilidade,acertos,erros,aproveitamento,caixa"
    assert any(SKILLS[skill].title not in out for skill in SKILLS)  # titles translated, not English


def test_class_report_leaves_a_corrupt_file_out_and_names_it(
        a_class: tuple[list[Path], Expected], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files, _ = a_class
    broken = tmp_path / "results-broken.json"
    broken.write_text('{"format": "canasta-learn-results", "version": 1, "skills": [', encoding="utf-8")
    assert main(["--lang", "en", "class-report", str(files[0]), str(broken), str(files[1])]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Class report: 2 learners\n")
    assert captured.err.strip().splitlines() == [
        f"canasta-learn: warning: left out: {broken} is not a canasta-learn results file: it is not JSON (line 1). "
        "Leave it out, or ask its learner to export their results again."]


def test_class_report_of_only_bad_files_fails_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    foreign = tmp_path / "notebook.ipynb"
    foreign.write_text('{"cells": []}', encoding="utf-8")
    assert main(["--lang", "en", "class-report", str(foreign), "--csv", str(tmp_path / "out.csv")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and str(foreign) in captured.err
    assert not (tmp_path / "out.csv").exists()


def test_class_report_of_learners_who_never_practised_says_so(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_learn.practice import Progress, export_results

    path = export_results(Progress("Zé"), tmp_path / "ze.json")
    assert main(["--lang", "en", "class-report", str(path)]) == 0
    assert capsys.readouterr().out == ("Class report: 1 learner\n"
                                       "No answers yet: these learners have not practised any skill.\n")
