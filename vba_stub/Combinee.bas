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

' "Saisir les scores": asks the round, the table and the two scores (F: forfeit;
' both empty: cleared), as 'appariements score' does.
' Button: Saisir les scores | Enter the scores
Sub SaisirScores()
    Dim ronde As String, table As String, scoreA As String, scoreB As String
    If Not Demander("Ronde ?", "Round?", ronde) Then Exit Sub
    If Not Demander("Table ?", "Table?", table) Then Exit Sub
    If Not Demander("Score du premier joueur (F : forfait) ?", "Score of the first player (F: forfeit)?", scoreA) _
        Then Exit Sub
    If Not Demander("Score du second joueur (F : forfait) ?", "Score of the second player (F: forfeit)?", scoreB) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.enter_scores(" & PyArgs(ronde, table, scoreA, scoreB) & ")"
End Sub

' "Abandon": a player (number or name) withdraws from a round on (empty: from
' the next round to pair).
' Button: Abandon | Withdrawal
Sub AbandonJoueur()
    AbandonDe "Joueur qui abandonne (numéro ou nom) ?", "Player who withdraws (number or name)?", _
              "Première ronde qu'il ne joue pas (vide : la prochaine ronde) ?", _
              "First round he does not play (empty: the next round)?"
End Sub

' "Inscription tardive": a player joins at the next round.
' Button: Inscription tardive | Late entry
Sub InscriptionTardive()
    Dim nom As String, elo As String
    If Not Demander("Nom du joueur qui s'inscrit ?", "Name of the player who joins?", nom) Then Exit Sub
    If Not Demander("Son classement (vide s'il n'en a pas) ?", "His rating (empty if none)?", elo) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.late_entrant(" & PyArgs(nom, elo) & ")"
End Sub

' "Nouveau tournoi depuis une liste": a new Formule Combinée event from a list
' of players (.csv or .xlsx: name, rating, club), saved where chosen and opened.
' Button: Nouveau tournoi depuis une liste | New event from a list
Sub NouveauDepuisListe()
    Dim liste As String, phase1 As String, phase2 As String, chemin As String
    If Not ChoisirFichier("Liste des joueurs (.csv ou .xlsx)", "List of the players (.csv or .xlsx)", liste) _
        Then Exit Sub
    If Not Demander("Rondes de la phase 1 (5, 7 ou 9) ?", "Rounds of phase 1 (5, 7 or 9)?", phase1) Then Exit Sub
    If Not Demander("Rondes de la phase 2 (au moins 3) ?", "Rounds of phase 2 (at least 3)?", phase2) Then Exit Sub
    If Not ChoisirDestination("combinee.xlsx", "Classeur du tournoi à écrire", "Event workbook to write", chemin) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.new_combinee_from_list(" & _
        PyArgs(liste, phase1, phase2, chemin) & ")"
End Sub
