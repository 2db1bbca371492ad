// Cold lookup of library Molter tables in Pyodide (the Python of xlwings Lite), issue 13.
//
// Each shape runs in a fresh Pyodide instance holding the add-in's pure-Python files
// (addin/core, addin/systems/molter, addin/data/molter; no OR-Tools, no networkx, as in
// xlwings Lite) and times, inside Python, the import of addin.systems.molter.tables,
// molter_table(N, P, R, "generated"), the cell index filled and one pairing read, with
// the garbage collector on.
//
//   npm install pyodide            (in any folder outside the repo, e.g. /work/peers/pyodide)
//   node benchmarks/bench_molter_pyodide.mjs /path/to/node_modules/pyodide [N×P×R …]
//
// Prints one line per shape and run, then per run the median, 90th percentile and maximum.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const pyodideDir = process.argv[2];
const shapes = (process.argv.length > 3 ? process.argv.slice(3) : ["3x2x1", "10x8x5", "13x12x9", "15x10x12",
  "19x8x13", "19x12x13", "20x12x19", "25x4x3"]).map((s) => s.split("x").map(Number));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : files(path);
    return [path];
  });
}

const wanted = ["addin/__init__.py", "addin/core", "addin/systems/__init__.py", "addin/systems/molter",
  "addin/data/molter", "addin/locale"].flatMap((p) => {
  const path = join(root, p);
  return statSync(path).isDirectory() ? files(path) : [path];
});

// The standard-library modules a library lookup needs (os, struct, zlib, functools, …) are
// imported first and timed apart: "ours" is what the add-in's own modules and the lookup add.
const code = (n, p, r) => `
import gc, time, sys
assert gc.isenabled()
start = time.perf_counter()
import os, struct, zlib, functools, contextlib, contextvars, math, collections, io
stdlib = time.perf_counter()
from addin.systems.molter.tables import molter_table, CellIndex
try:
    table = molter_table(${n}, ${p}, ${r}, "generated")
    answer = CellIndex(table).filled().pair[(1, 1)]
except Exception as exc:
    answer = "refused: " + str(exc)[:70]
end = time.perf_counter()
f"{(end - stdlib) * 1000:.1f} ms ours, {(stdlib - start) * 1000:.1f} ms stdlib; {answer} ortools={'ortools' in sys.modules}"
`;

// Two runs per shape: the add-in's sources only (compiled on import, as a fresh Pyodide
// does with files it has never seen), then with their bytecode, harvested once from a
// warm-up instance (as an installation that keeps __pycache__).
async function fresh(withBytecode) {
  const py = await loadPyodide({ indexURL: pyodideDir });
  for (const path of wanted) {
    const target = "/home/pyodide/" + relative(root, path);
    py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    py.FS.writeFile(target, readFileSync(path));
  }
  if (withBytecode) {
    for (const [target, data] of bytecode) {
      py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      py.FS.writeFile(target, data);
    }
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  return py;
}

const bytecode = [];
{
  const py = await fresh(false);
  py.runPython(`import sys; sys.dont_write_bytecode = False
import compileall, py_compile
# unchecked-hash bytecode: valid whatever the source files' times in the next instances
compileall.compile_dir('/home/pyodide/addin', quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)`);
  const walk = (dir) => {
    for (const name of py.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      if (py.FS.isDir(py.FS.stat(path).mode)) walk(path);
      else if (path.endsWith(".pyc")) bytecode.push([path, py.FS.readFile(path)]);
    }
  };
  walk("/home/pyodide/addin");
}

const results = { source: [], bytecode: [] };
for (const [n, p, r] of shapes) {
  for (const kind of ["source", "bytecode"]) {
    const py = await fresh(kind === "bytecode");
    const line = py.runPython(code(n, p, r));
    console.log(`${n}x${p}x${r} (${kind}): ${line}`);
    if (!line.includes("refused")) results[kind].push([parseFloat(line), parseFloat(line.split(", ")[1])]);
  }
}
const version = (await loadPyodide({ indexURL: pyodideDir })).version;
for (const kind of ["source", "bytecode"]) {
  const ours = results[kind].map((x) => x[0]).sort((a, b) => a - b);
  const std = results[kind].map((x) => x[1]).sort((a, b) => a - b);
  const q = (xs, f) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))].toFixed(1);
  console.log(`Pyodide ${version}, ${kind}: ours (add-in modules + lookup) median ${q(ours, 0.5)} ms, ` +
    `90th pct ${q(ours, 0.9)} ms, max ${ours[ours.length - 1].toFixed(1)} ms; the stdlib modules it needs: ` +
    `median ${q(std, 0.5)} ms (${bytecode.length} .pyc files)`);
}
