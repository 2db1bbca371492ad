"""Publishing an event: the static site (``site``, Jinja2 templates in ``templates/``) and the wall
posters (``posters``) as sinks of the report model (``addin.report``), the QR code (``qr``,
segno), the views shared by both (``views``, ``format``) and the whole-or-nothing folder
writer (``folder``)."""
