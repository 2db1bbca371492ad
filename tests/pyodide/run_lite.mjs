// Run the xlwings Lite edition inside a real Pyodide (the Python of xlwings Lite), under Node.
//
//   node run_lite.mjs config.json      -> prints one JSON object (the driver's report) on stdout
//
// config.json (written by tests/pyodide_harness.py):
//   site_wheels  pure-Python wheels unpacked into site-packages (the packages of requirements.txt)
//   files        {pyodide path: host path}: files copied into Pyodide's file system
//                (the project's wheel under /data, as Lite's Menu > Files > Import/Export puts it)
//   driver       host path of lite_driver.py, run with the whole config as `config`
// Pyodide's own packages come from the npm package; nothing is fetched from the network.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadPyodide } from "pyodide";

// A failure prints its message alone: Pyodide's own stack lines quote kilobytes of minified code.
process.on("uncaughtException", (error) => { process.stderr.write(`${error.message}\n`); process.exit(1); });
process.on("unhandledRejection", (error) => { process.stderr.write(`${error.message}\n`); process.exit(1); });

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const started = performance.now();
const pyodide = await loadPyodide({ stdout: (s) => process.stderr.write(s + "\n"),
                                    stderr: (s) => process.stderr.write(s + "\n") });
const loadedMs = performance.now() - started;

const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const wheel of config.site_wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
for (const [target, source] of Object.entries(config.files)) {
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(source));
}
pyodide.globals.set("config_json", JSON.stringify(config));
pyodide.runPython(readFileSync(config.driver, "utf8"), { filename: "lite_driver.py" });  // defines run(config)
const report = JSON.parse(await pyodide.runPythonAsync("import json; json.dumps(await run(json.loads(config_json)))"));
report.pyodide_load_ms = loadedMs;
report.pyodide_version = pyodide.version;
process.stdout.write(JSON.stringify(report) + "\n");
