"""The Excel door of classic xlwings: the functions (UDFs) and the buttons (RunPython)."""
