"""What the tests share: oracles, drivers, fixtures' inputs and the project's paths (tests/README.md).

Importable as ``support`` because pytest puts ``tests/`` on ``sys.path`` (``pythonpath`` in pyproject.toml).
"""
