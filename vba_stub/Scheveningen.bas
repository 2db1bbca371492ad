Attribute VB_Name = "Scheveningen"
' Event: scheveningen
' Group: Scheveningen | Scheveningen
' Button of a Scheveningen match workbook (appariements, issue 15).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.
'
' Before the match: a sheet "Compositions" (Line-ups) with team A's name in B2
' and team B's in G2, then from row 4 the players in board order: team A's
' names in column B (rating in C, licence in D), team B's in column G (H, I).

Option Explicit

' "Créer / mettre à jour le match": the first time, writes one sheet per round
' (the Scheveningen table: boards and colours), the crosstables and the score;
' afterwards reads what was typed (results, names, ratings) and rewrites the
' match, keeping every result. Refuses, changing nothing, what a rule forbids.
' Button: Créer / mettre à jour le match | Build / refresh the match
Sub MatchScheveningen()
    RunPython "import addin.excel.buttons; addin.excel.buttons.scheveningen_match()"
End Sub

' "Saisir un résultat": asks the round, the board and the result (empty clears it)
' and types it as 'appariements result' does.
' Button: Saisir un résultat | Enter a result
Sub SaisirResultat()
    SaisirResultatDe "Table ?", "Board?", "1-0, 0-1, 1/2, +/-, -/+"
End Sub

' "Nouveau match depuis deux fichiers": a new match from the files of the two
' teams (name, rating, id, board order), saved where chosen and opened.
' Button: Nouveau match depuis deux fichiers | New match from two files
Sub NouveauMatchDepuisFichiers()
    Dim equipeA As String, equipeB As String, chemin As String
    If Not ChoisirFichier("Joueurs de l'équipe A (.csv ou .xlsx)", "Players of team A (.csv or .xlsx)", equipeA) _
        Then Exit Sub
    If Not ChoisirFichier("Joueurs de l'équipe B (.csv ou .xlsx)", "Players of team B (.csv or .xlsx)", equipeB) _
        Then Exit Sub
    If Not ChoisirDestination("match.xlsx", "Classeur du match à écrire", "Match workbook to write", chemin) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.new_match_from_files(" & _
        PyArgs(equipeA, equipeB, chemin) & ")"
End Sub
