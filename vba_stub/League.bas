Attribute VB_Name = "Ligue"
' Event: league
' Group: Ligue | League
' Buttons of a league season workbook (appariements, issue 15: interclubs).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.
'
' Before the season: a sheet "Équipes inscrites" (Registered teams) with the
' columns Division, Équipe, Club, one team per row from row 2, and optionally a
' sheet "Effectifs" (Rosters) with the columns Équipe, Nom, Elo, Licence, one
' player per row in board order.

Option Explicit

' "Créer la saison": draws the team numbers, writes the calendar, one match
' sheet per round, the league table and the player statistics.
' Button: Créer la saison | Build season
Sub CreerSaison()
    RunPython "import addin.excel.buttons; addin.excel.buttons.build_league_season()"
End Sub

' "Mettre à jour": reads what was typed (results, line-ups, forfeits, names,
' players, withdrawal rounds, dates) and rewrites the season, keeping every
' result. Refuses, changing nothing, when something typed contradicts a rule.
' Button: Mettre à jour | Refresh
Sub MettreAJourSaison()
    RunPython "import addin.excel.buttons; addin.excel.buttons.refresh_league_season()"
End Sub

' "Saisir un résultat": asks the round, the match and board (match.board, e.g. 2.3) and the result (empty clears it)
' and types it as 'appariements result' does.
' Button: Saisir un résultat | Enter a result
Sub SaisirResultat()
    SaisirResultatDe "Match et échiquier (MATCH.ÉCHIQUIER, ex. 2.3) ?", "Match and board (MATCH.BOARD, e.g. 2.3)?", _
                     "1-0, 0-1, 1/2, +/-, -/+"
End Sub

' "Abandon": a team (name) withdraws from the first round it does not
' play (its games from then on are forfeits); no round: only marked.
' Button: Abandon | Withdrawal
Sub AbandonEquipe()
    AbandonDe "Équipe qui abandonne (nom) ?", "Team that withdraws (name)?", _
              "Première ronde qu'elle ne joue pas (vide : seulement marquée abandon) ?", _
              "First round it does not play (empty: only marked withdrawn)?"
End Sub

' "Exporter en TRF": the FIDE report of one division, in the file chosen.
' Button: Exporter en TRF | Export a TRF file
Sub ExporterTRF()
    Dim division As String, chemin As String
    If Not Demander("Division à exporter (vide s'il n'y en a qu'une) ?", "Division to export (empty if only one)?", _
                    division) Then Exit Sub
    If Not ChoisirDestination("division.trf", "Fichier TRF à écrire", "TRF file to write", chemin) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.export_trf_file(" & PyArgs(chemin, division) & ")"
End Sub

' "Nouvelle saison depuis un fichier": a new season from the file of the
' registered teams (division, team, club) and, if chosen, the rosters (team,
' name, rating, licence), saved where chosen and opened.
' Button: Nouvelle saison depuis un fichier | New season from a file
Sub NouvelleSaisonDepuisFichier()
    Dim equipes As String, effectifs As String, echiquiers As String, chemin As String
    If Not ChoisirFichier("Équipes inscrites (.csv ou .xlsx)", "Registered teams (.csv or .xlsx)", equipes) _
        Then Exit Sub
    If Not ChoisirFichier("Effectifs (Annuler : aucun)", "Rosters (Cancel: none)", effectifs) Then effectifs = ""
    If Not Demander("Échiquiers par match ?", "Boards per match?", echiquiers) Then Exit Sub
    If Not ChoisirDestination("saison.xlsx", "Classeur de la saison à écrire", "Season workbook to write", chemin) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.new_league_from_files(" & _
        PyArgs(equipes, effectifs, echiquiers, chemin) & ")"
End Sub
