"""appariements: the French arbiters' pairing systems for spreadsheets.

The package is split so that the pairing rules never depend on a spreadsheet
library:

* ``addin.core.errors`` and ``addin.core.args``: the one error type users see, and the
  coercion of what Excel sends (floats, empty cells, text) into checked values;
* pure pairing systems (``addin.systems.roundrobin`` …): no I/O, no xlwings, no openpyxl;
* ``addin.excel.udfs``: the module xlwings loads; thin wrappers over the systems;
* ``addin.cli``: the ``appariements`` command line.
"""

__version__ = "0.1.0"
