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
// Prints one line per shape and the median and maximum.
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

const code = (n, p, r) => `
import gc, time, sys
assert gc.isenabled()
start = time.perf_counter()
from addin.systems.molter.tables import molter_table, CellIndex
try:
    table = molter_table(${n}, ${p}, ${r}, "generated")
    answer = CellIndex(table).filled().pair[(1, 1)]
except Exception as exc:
    answer = "refused: " + str(exc)[:70]
f"{(time.perf_counter() - start) * 1000:.1f} ms {answer} ortools={'ortools' in sys.modules}"
`;

const times = [];
for (const [n, p, r] of shapes) {
  const py = await loadPyodide({ indexURL: pyodideDir });
  for (const path of wanted) {
    const target = "/home/pyodide/" + relative(root, path);
    py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    py.FS.writeFile(target, readFileSync(path));
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  const line = py.runPython(code(n, p, r));
  console.log(`${n}x${p}x${r}: ${line}`);
  if (!line.includes("refused")) times.push(parseFloat(line));
}
times.sort((a, b) => a - b);
console.log(`Pyodide ${(await loadPyodide({ indexURL: pyodideDir })).version}: library shapes median ` +
  `${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
