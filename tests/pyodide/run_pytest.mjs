// Run pytest inside Pyodide (CPython compiled to WebAssembly, the Python of JupyterLite) in
// Node, offline: the checkout and the pure-Python test tools are mounted from the host.
//
//   node tests/pyodide/run_pytest.mjs PYODIDE_DIR REPO_DIR SITE_PACKAGES [pytest args...]
//
// PYODIDE_DIR is npm's `pyodide` package (its core: no download at run time); SITE_PACKAGES
// a host folder holding only pytest and its pure-Python dependencies (pluggy, iniconfig,
// packaging, pygments): the same files run under Pyodide. Exits with pytest's status.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, repoDir, sitePackages, ...pytestArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir });
const { FS } = pyodide;
for (const [host, at] of [[repoDir, "/repo"], [sitePackages, "/host-site-packages"]]) {
  FS.mkdirTree(at);
  FS.mount(FS.filesystems.NODEFS, { root: host }, at);
}
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const status = await pyodide.runPythonAsync(`
import os, sys
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"   # the host's compiled plugins cannot load
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path[:0] = ["/repo", "/repo/tests"]
sys.path.append("/host-site-packages")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}", flush=True)
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(status);
