"""``python -m addin`` runs the ``appariements`` command line."""

from .cli import main

main()
