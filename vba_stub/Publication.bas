Attribute VB_Name = "Publication"
' Event: *
' Group: Publication | Publishing
' The event's web site, from every event workbook and from the add-in's ribbon (appariements).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed: see docs/publish.md.

Option Explicit

' "Publier": writes the event's web site (pairings, results, standings, crosstable;
' pages that need no server) in the folder <workbook>-site beside this workbook,
' replacing the previous one. The workbook must be saved on this computer.
' Button: Publier | Publish
Sub PublierSite()
    RunPython "import addin.excel.buttons; addin.excel.buttons.publish_event()"
End Sub
