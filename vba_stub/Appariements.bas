Attribute VB_Name = "Appariements"
' Buttons of the round-robin event workbook (appariements).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed: see docs/excel-addin.md.

Option Explicit

' "Créer le tournoi": reads the sheet Joueurs (Players) and writes the event
' sheets (Paramètres, Rondes, Grille, Classement, Fiches) into this workbook.
Sub CreerTournoi()
    RunPython "import addin.excel.buttons; addin.excel.buttons.build_event()"
End Sub

' "Mettre à jour": rebuilds after a change in Joueurs (late entry before
' round 1, corrected name, withdrawal) keeping every typed result. Refuses,
' changing nothing, if a typed result would no longer belong to its game.
Sub MettreAJourTournoi()
    RunPython "import addin.excel.buttons; addin.excel.buttons.refresh_event()"
End Sub

' "Importer un TRF": asks for the TRF file (FIDE TRF16 or TRF-2026) of a
' round-robin begun in another program, leaves its path in cell A1 of the
' sheet TRF (made if missing; the path may also be typed there) and writes
' the event into this workbook. Refuses, changing nothing, if a result typed
' here is not in the file as typed.
Sub ImporterTRF()
    Dim chosen As Variant
    Dim target As Worksheet
    chosen = Application.GetOpenFilename("TRF (*.trf;*.txt),*.trf;*.txt", , "TRF")
    If VarType(chosen) = vbBoolean Then Exit Sub
    On Error Resume Next
    Set target = ThisWorkbook.Worksheets("TRF")
    On Error GoTo 0
    If target Is Nothing Then
        Set target = ThisWorkbook.Worksheets.Add(After:=ThisWorkbook.Worksheets(ThisWorkbook.Worksheets.Count))
        target.Name = "TRF"
    End If
    target.Range("A1").NumberFormat = "@"
    target.Range("A1").Value = chosen
    RunPython "import addin.excel.buttons; addin.excel.buttons.import_trf_event()"
End Sub
