Attribute VB_Name = "Molter"
' Buttons of the Molter team-event workbook (appariements, seed 001).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.
'
' The sheet Équipes (Teams): number of rounds in B2 (players per team in D2,
' optional), then one team per row from row 5: its name in column B and its
' players, in board order, from column C.

Option Explicit

' "Créer le tournoi Molter": writes the rounds (result lists), the result
' grids, the live team standings, the cards per board and round and the
' envelopes per team into this workbook.
Sub CreerTournoiMolter()
    RunPython "import addin.excel.buttons; addin.excel.buttons.build_molter_event()"
End Sub

' "Mettre à jour": rebuilds after a change in Équipes (corrected name, late
' team before round 1) keeping every typed result. Refuses, changing nothing,
' if a typed result would no longer belong to its game.
Sub MettreAJourTournoiMolter()
    RunPython "import addin.excel.buttons; addin.excel.buttons.refresh_molter_event()"
End Sub
