"""The use cases of each event: build, read back, update keeping results, and the event
as it happens. The doors (command line, Excel buttons, Lite) call these and nothing else."""
