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

' "Saisir un résultat": asks the round, the board and the result (1-0, 0-1, 1/2,
' +/-, -/+, 0-0; empty clears it) and types it as 'appariements result' does.
' Button: Saisir un résultat | Enter a result
Sub SaisirResultat()
    SaisirResultatDe "Table ?", "Board?", "1-0, 0-1, 1/2, +/-, -/+, 0-0"
End Sub

' "Abandon": a player (number or name) withdraws, from the first round he does
' not play (his games from then on are forfeits); no round: only marked.
' Button: Abandon | Withdrawal
Sub AbandonJoueur()
    AbandonDe "Joueur qui abandonne (numéro ou nom) ?", "Player who withdraws (number or name)?", _
              "Première ronde qu'il ne joue pas (vide : seulement marqué abandon) ?", _
              "First round he does not play (empty: only marked withdrawn)?"
End Sub

' "Inscription tardive": a player joins (only before round 1).
' Button: Inscription tardive | Late entry
Sub InscriptionTardive()
    Dim nom As String, elo As String
    If Not Demander("Nom du joueur qui s'inscrit ?", "Name of the player who joins?", nom) Then Exit Sub
    If Not Demander("Son Elo (vide s'il n'en a pas) ?", "His rating (empty if none)?", elo) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.late_entrant(" & PyArgs(nom, elo) & ")"
End Sub

' "Remplacer un joueur": another person takes a player's number (only before
' that player has played).
' Button: Remplacer un joueur | Replace a player
Sub RemplacerJoueur()
    Dim joueur As String, nom As String, elo As String
    If Not Demander("Joueur remplacé (numéro ou nom) ?", "Player replaced (number or name)?", joueur) Then Exit Sub
    If Not Demander("Nom du remplaçant ?", "Name of the newcomer?", nom) Then Exit Sub
    If Not Demander("Son Elo (vide s'il n'en a pas) ?", "His rating (empty if none)?", elo) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.replace_entrant(" & PyArgs(joueur, nom, elo) & ")"
End Sub

' "Exporter en TRF": the FIDE report (TRF16) of the event as it stands, in the
' file chosen (a file already there is kept as a copy first).
' Button: Exporter en TRF | Export a TRF file
Sub ExporterTRF()
    Dim chemin As String
    If Not ChoisirDestination("tournoi.trf", "Fichier TRF à écrire", "TRF file to write", chemin) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.export_trf_file(" & PyArgs(chemin, "") & ")"
End Sub

' "Importer un TRF": writes into this workbook the event of a TRF file (FIDE
' TRF16 or TRF-2026) of a round-robin begun in another program, chosen in the
' file dialog. Refuses, changing nothing, if a result typed here is not in the
' file as typed.
' Button: Importer un TRF | Import a TRF file
Sub ImporterTRF()
    Dim chemin As String
    If Not ChoisirFichier("Fichier TRF à importer", "TRF file to import", chemin) Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.import_trf_file(" & PyArgs(chemin) & ")"
End Sub

' "Nouveau tournoi depuis une liste": a new event workbook from a list of
' players (.csv or .xlsx: name, rating, club), saved where chosen and opened.
' Button: Nouveau tournoi depuis une liste | New event from a list
Sub NouveauDepuisListe()
    Dim liste As String, chemin As String
    If Not ChoisirFichier("Liste des joueurs (.csv ou .xlsx)", "List of the players (.csv or .xlsx)", liste) _
        Then Exit Sub
    If Not ChoisirDestination("tournoi.xlsx", "Classeur du tournoi à écrire", "Event workbook to write", chemin) _
        Then Exit Sub
    RunPython "import addin.excel.buttons; addin.excel.buttons.new_roundrobin_from_list(" & _
        PyArgs(liste, chemin) & ")"
End Sub
