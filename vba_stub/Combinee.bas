Attribute VB_Name = "Combinee"
' Button of the Scrabble "Formule Combinée" workbook (appariements, seed 002).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.

Option Explicit

' "Ronde suivante": reads the scores typed so far, ranks the players (PM, PPM,
' Pdep) and writes the next round's pairings into its sheet. Refuses, changing
' nothing, while a result of the current round is missing.
Sub RondeSuivante()
    RunPython "import addin.excel.buttons; addin.excel.buttons.combinee_next_round()"
End Sub
