// Run a Python script in the book's own Pyodide, under Node, at build time
// (tools/lite/live_bundle.py): the bytecode it writes is that of the browser's
// Python, whatever Python runs the build.
//
//   node compile_pyc.mjs PYODIDE_DIR WORK_DIR
//
// WORK_DIR is mounted at /bundle; the script /bundle/compile.py runs with it as its
// working directory.  Nothing is fetched: Pyodide reads its files from PYODIDE_DIR.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, work] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, packages: [] });
pyodide.FS.mkdirTree("/bundle");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/bundle");
pyodide.runPython("import os; os.chdir('/bundle')");
pyodide.runPython(readFileSync(path.join(work, "compile.py"), "utf8"), { filename: "compile.py" });
