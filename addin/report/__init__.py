"""The report model: what an event shows, typed and computed once (``model``), built for each kind
of event from the event its workbook's reader reads (``roundrobin``, ``molter``, ``combinee``,
``league``, ``scheveningen``), with the labels of its columns and tie-breaks in every language of
the catalogue (``labels``). Outputs read it through ``model.walk`` and a ``model.Visitor``."""
