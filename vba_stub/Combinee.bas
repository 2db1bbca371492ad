Attribute VB_Name = "Combinee"
' Event: combinee
' Group: Formule Combinée | Formule Combinée
' Buttons of the Scrabble "Formule Combinée" workbook (appariements, seed 002).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.

Option Explicit

' "Ronde suivante": reads the scores typed so far (and the withdrawals and late
' entries typed in the player list), ranks the players (PM, PPM, Pdep) and
' writes the next round's pairings into its sheet. Refuses, changing nothing,
' while a result is missing or the round to pair already holds a score.
' Button: Ronde suivante | Next round
Sub RondeSuivante()
    RunPython "import addin.excel.buttons; addin.excel.buttons.combinee_next_round()"
End Sub

' "Mettre à jour": takes in what was typed (scores, withdrawal rounds, corrected
' names, a late entry in a new row of the player list) and rewrites the event;
' every pairing and every typed score is kept.
' Button: Mettre à jour | Refresh
Sub MettreAJour()
    RunPython "import addin.excel.buttons; addin.excel.buttons.combinee_refresh()"
End Sub

' "Réapparier la ronde": pairs the last paired round again (phases 2 and 3),
' only while it holds no score (after a withdrawal or a late entry, say).
' Button: Réapparier la ronde | Pair the round again
Sub ReapparierRonde()
    RunPython "import addin.excel.buttons; addin.excel.buttons.combinee_repair_round()"
End Sub
