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
