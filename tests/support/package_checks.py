"""Independent readers of a written package: the Open XML schemas (openxml-audit) and xlwings Lite's part.

``audit_errors(path, version)`` runs PyPI's ``openxml-audit`` — a Python port of the Open XML
SDK's validator (``OpenXmlValidator``), with the schemas and semantic constraints of each
Office version — as its command line does (``openxml-audit -f office2010 -o json FILE``) and
returns the findings of severity ``error`` (its warnings, such as inline strings that Excel
moves to a shared-string table on its next save, are not schema errors).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def audit_errors(path: Path, version: str) -> list[str]:
    """The schema and semantic errors ``openxml-audit`` finds in ``path`` against ``version``."""
    done = subprocess.run([sys.executable, "-m", "openxml_audit", "-f", version, "-o", "json", "-m", "0", str(path)],
                          capture_output=True, text=True, timeout=600)
    try:
        report = json.loads(done.stdout)[0]
    except (ValueError, IndexError):
        raise AssertionError(f"openxml-audit gave no report ({done.returncode}): {done.stderr[-2000:]}") from None
    return [f"{e.get('part_uri')} {e.get('path')}: {e['description']}" for e in report["errors"]
            if e.get("severity") == "error"]
