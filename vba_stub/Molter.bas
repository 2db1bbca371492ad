Attribute VB_Name = "Molter"
' Event: molter
' Group: Molter | Molter
' Buttons of the Molter team-event workbook (appariements, seed 001).
' Needs the xlwings add-in (or the xlwings VBA module) and Python with the
' "appariements" package installed.
'
' The sheet Équipes (Teams): number of rounds in B2, players per team (boards)
' in D2, then one team per row from row 5: its name in column B, its
' withdrawal round in column C (empty: it plays), and its list of players,
' strongest first, from column D (the players after the boards are reserves).
' The sheet Compositions (Line-ups), once the event is built: per team, seat
' and round, empty for the regular player, or a number of the list, the name
' of a substitute from outside the list, or absent. Results are typed in the
' round sheets. See docs/molter-event.md.

Option Explicit

' "Créer le tournoi Molter": writes the rounds (result lists), the line-ups,
' the result grids, the live team standings, the cards per board and round
' and the envelopes per team into this workbook.
' Button: Créer le tournoi Molter | Build Molter event
Sub CreerTournoiMolter()
    RunPython "import addin.excel.buttons; addin.excel.buttons.build_molter_event()"
End Sub

' "Mettre à jour": reads what was typed (names, reserves, withdrawals,
' line-ups, substitutes, absences, results, another number of rounds or a
' late team before round 1) and rewrites the event keeping every typed
' result. Refuses, changing nothing, with one sentence when something typed
' breaks a rule (a result that would lose its game, a list's order inverted,
' a game played by an absent player...).
' Button: Mettre à jour | Refresh
Sub MettreAJourTournoiMolter()
    RunPython "import addin.excel.buttons; addin.excel.buttons.refresh_molter_event()"
End Sub

' "Saisir un résultat": asks the round, the board (of the round) and the result (empty clears it)
' and types it as 'appariements result' does.
' Button: Saisir un résultat | Enter a result
Sub SaisirResultat()
    SaisirResultatDe "Table (échiquier de la ronde) ?", "Board (of the round)?", "1-0, 0-1, 1/2, +/-, -/+"
End Sub

' "Abandon": a team (letter or name) withdraws from the first round it does not
' play (its games from then on are forfeits); no round: only marked.
' Button: Abandon | Withdrawal
Sub AbandonEquipe()
    AbandonDe "Équipe qui abandonne (lettre ou nom) ?", "Team that withdraws (letter or name)?", _
              "Première ronde qu'elle ne joue pas (vide : seulement marquée abandon) ?", _
              "First round it does not play (empty: only marked withdrawn)?"
End Sub

' "Inscription tardive": a team joins (only while no typed result would lose
' its game); its players are then typed in the sheet of the teams.
' Button: Inscription tardive | Late entry
Sub InscriptionTardiveEquipe()
    Dim nom As String
    If Not Demander("Nom de l'équipe qui s'inscrit ?", "Name of the team that joins?", nom) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.late_entrant(" & PyArgs(nom, "") & ")"
End Sub

' "Remplaçant": a player takes a seat of a team from a round on (to a round),
' as 'appariements molter substitute' does.
' Button: Remplaçant | Substitute
Sub Remplacant()
    Dim equipe As String, place As String, nom As String, debut As String, fin As String
    If Not Demander("Équipe (lettre ou nom) ?", "Team (letter or name)?", equipe) Then Exit Sub
    If Not Demander("Place dans l'équipe (1 = premier joueur) ?", "Seat in the team (1 = first player)?", place) _
        Then Exit Sub
    If Not Demander("Nom du remplaçant ?", "Name of the substitute?", nom) Then Exit Sub
    If Not Demander("À partir de la ronde ?", "From round?", debut) Then Exit Sub
    If Not Demander("Jusqu'à la ronde (vide : jusqu'à la fin) ?", "To round (empty: to the end)?", fin) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.substitute_entrant(" & _
        PyArgs(equipe, place, nom, debut, fin) & ")"
End Sub

' "Nouveau tournoi depuis un fichier": a new Molter event from a file of the
' teams (.csv or .xlsx: team name, then its players, strongest first), saved
' where chosen and opened.
' Button: Nouveau tournoi depuis un fichier | New event from a file
Sub NouveauDepuisFichier()
    Dim equipes As String, joueurs As String, chemin As String
    If Not ChoisirFichier("Fichier des équipes (.csv ou .xlsx)", "File of the teams (.csv or .xlsx)", equipes) _
        Then Exit Sub
    If Not Demander("Joueurs par équipe (un par échiquier) ?", "Players per team (one per board)?", joueurs) _
        Then Exit Sub
    If Not ChoisirDestination("molter.xlsx", "Classeur du tournoi à écrire", "Event workbook to write", chemin) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.new_molter_from_file(" & _
        PyArgs(equipes, joueurs, chemin) & ")"
End Sub
