"""``python -m addin`` runs the ``appariements`` command line."""

from addin.cli import main

main()
