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
