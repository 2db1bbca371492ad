Attribute VB_Name = "Appariements"
' Event: roundrobin
' Group: Toutes rondes | Round-robin
' Buttons of the round-robin event workbook (appariements).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed: see docs/excel-addin.md.

Option Explicit

' "Créer le tournoi": reads the sheet Joueurs (Players) and writes the event
' sheets (Paramètres, Rondes, Grille, Classement, Fiches) into this workbook.
' Button: Créer le tournoi | Build event
Sub CreerTournoi()
    RunPython "import addin.excel.buttons; addin.excel.buttons.build_event()"
End Sub

' "Mettre à jour": rebuilds after a change in Joueurs (late entry before
' round 1, corrected name, withdrawal) keeping every typed result. Refuses,
' changing nothing, if a typed result would no longer belong to its game.
' Button: Mettre à jour | Refresh
Sub MettreAJourTournoi()
    RunPython "import addin.excel.buttons; addin.excel.buttons.refresh_event()"
End Sub

' "Importer un TRF": writes into this workbook the event of the TRF file
' (FIDE TRF16 or TRF-2026) of a round-robin begun in another program, whose
' full path is typed in cell A1 of a sheet named TRF. Refuses, changing
' nothing, if a result typed here is not in the file as typed.
' Button: Importer un TRF | Import a TRF file
Sub ImporterTRF()
    RunPython "import addin.excel.buttons; addin.excel.buttons.import_trf_event()"
End Sub
