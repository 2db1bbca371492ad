"""The Formule Combinée event workbook as a layout (seed 002; issue 6, "The event").

Sheets, in tab order:

* **Joueurs/Players** — number (seed rank), name, club, rating, group, position.
* **Groupes/Groups** — per group, its players in position order and their
  phase-1 opponents round by round.
* **R1 … Rn** — one sheet per round: the printable pairing and the score
  entry (both players' scores, ``F`` for a forfeit); PM and Pdep of each game
  are derived by formulas. Phase-1 rounds are filled at creation; later rounds
  are filled by ``appariements combinee next-round`` (or the workbook button),
  which writes only the two player-number cells of each table.
* **Classement/Standings** — live standings (PM, PPM, Pdep, rank) sorted by
  formulas; its hidden columns hold the per-player computation.
* **Réglages/Settings** — scoring and bye settings used by the formulas
  (defined names ``CB_*``) and read back by Python.
* **Calcul/Calc** (hidden) — one row per player and game, the ledger the
  standings sum over.

Formulas use only SUMIF(S), COUNTIF(S), INDEX/MATCH, SMALL, RANK, N, UPPER,
IF/AND/OR, MIN/MAX (docs/developing.md rule 7). PPM follows
``addin.systems.combinee.ranking`` exactly: among the players tied on PM, it applies
only if each of them has met (with a typed result) every other; the
``first`` flag counts each opponent once.
"""

from __future__ import annotations

from addin.systems.combinee import event as ev
from addin.systems.combinee.event import Event
from addin.sheets.model import PrintSetup, WorkbookLayout, absref, quote_sheet

LABELS = {
    "fr": {
        "players": "Joueurs", "groups": "Groupes", "standings": "Classement", "settings": "Réglages",
        "calc": "Calcul", "no": "N°", "name": "Nom", "club": "Club", "rating": "Cote", "group": "Groupe",
        "position": "Position", "round": "Ronde", "phase": "Phase", "table": "Table", "player": "Joueur",
        "score": "Score", "pm": "PM", "ppm": "PPM", "pdep": "Pdep", "rank": "Rang", "bye": "Exempt",
        "title": "Formule Combinée", "entry": "Tapez les deux scores (F = forfait). PM et Pdep se calculent.",
        "group_title": "Groupe {g} ({n} joueurs)", "setting": "Réglage", "value": "Valeur",
        "not_paired": "Appariement fait par « appariements combinee next-round » après la ronde précédente.",
        "s_players": "Nombre de joueurs", "s_phase1": "Rondes de la phase 1", "s_phase2": "Rondes de la phase 2",
        "s_phase3": "Rondes de la phase 3", "s_scoring": "Barème", "s_win": "PM victoire",
        "s_draw": "PM nul", "s_loss": "PM défaite", "s_forfeit": "PM forfait",
        "s_bye_pm": "PM de l'exempt", "s_bye_pdep": "Pdep de l'exempt",
        "s_forfeit_pdep": "Pdep d'un forfait (gagnant +, forfait −)",
        "s_cap": "Plafond de Pdep par partie (vide = aucun)", "s_seed": "Graine du tirage des positions",
        "s_improved": "Serpentin amélioré", "s_lang": "Langue",
    },
    "en": {
        "players": "Players", "groups": "Groups", "standings": "Standings", "settings": "Settings",
        "calc": "Calc", "no": "No", "name": "Name", "club": "Club", "rating": "Rating", "group": "Group",
        "position": "Position", "round": "Round", "phase": "Phase", "table": "Table", "player": "Player",
        "score": "Score", "pm": "PM", "ppm": "PPM", "pdep": "Pdep", "rank": "Rank", "bye": "Bye",
        "title": "Formule Combinée", "entry": "Type both scores (F = forfeit). PM and Pdep are computed.",
        "group_title": "Group {g} ({n} players)", "setting": "Setting", "value": "Value",
        "not_paired": "Paired by 'appariements combinee next-round' after the previous round.",
        "s_players": "Number of players", "s_phase1": "Phase-1 rounds", "s_phase2": "Phase-2 rounds",
        "s_phase3": "Phase-3 rounds", "s_scoring": "Scoring", "s_win": "PM for a win",
        "s_draw": "PM for a draw", "s_loss": "PM for a loss", "s_forfeit": "PM for a forfeit",
        "s_bye_pm": "PM for the bye", "s_bye_pdep": "Pdep for the bye",
        "s_forfeit_pdep": "Pdep of a forfeit (winner +, forfeiter −)",
        "s_cap": "Pdep cap per game (empty = none)", "s_seed": "Seed of the positions draw",
        "s_improved": "Improved snake", "s_lang": "Language",
    },
}

NO_ZERO = "0;-0;;@"  # the bye's opponent number 0 prints as an empty cell

NAMES = {"win": "CB_Win", "draw": "CB_Draw", "loss": "CB_Loss", "forfeit": "CB_Forfeit",
         "bye_pm": "CB_ByePM", "bye_pdep": "CB_ByePdep", "forfeit_pdep": "CB_ForfeitPdep", "cap": "CB_Cap"}


def sheet_names(lang: str) -> dict[str, str]:
    t = LABELS[lang]
    return {key: t[key] for key in ("players", "groups", "standings", "settings", "calc")}


def event_layout(event: Event, lang: str = "fr") -> WorkbookLayout:
    t = LABELS[lang]
    book = WorkbookLayout(title=t["title"])
    n, tables, total = event.n, event.tables, event.phases.total
    players = book.add_sheet(t["players"])
    groups = book.add_sheet(t["groups"])
    round_sheets = [book.add_sheet(ev.ROUND_SHEET.format(k)) for k in range(1, total + 1)]
    standing = book.add_sheet(t["standings"])
    settings = book.add_sheet(t["settings"])
    calc = book.add_sheet(t["calc"], hidden=True)
    book.active = round_sheets[0].name

    _settings_sheet(book, settings, event, lang)
    group_of, position_of = {}, {}
    for g, members in enumerate(event.groups, 1):
        for pos, number in enumerate(members, 1):
            group_of[number], position_of[number] = g, pos
    _players_sheet(book, players, event, t, group_of, position_of)
    names_ref = f"{quote_sheet(players.name)}!$B$2:$B${n + 1}"
    book.define_name("CB_Names", names_ref)
    _groups_sheet(groups, event, t)
    for k, sheet in enumerate(round_sheets, 1):
        _round_sheet(sheet, event, k, t)
    _calc_sheet(calc, round_sheets, tables, standing.name, n)
    _standings_sheet(standing, calc.name, n, tables * 2 * total, t)
    return book


def _settings_sheet(book, sheet, event: Event, lang: str) -> None:
    t = LABELS[lang]
    rules = event.rules
    sheet.row(1, 1, [t["setting"], t["value"]], style="header")
    rows = [
        ("players", event.n), ("phase1", event.phases.phase1), ("phase2", event.phases.phase2),
        ("phase3", event.phases.phase3), ("scoring", rules.name), ("win", rules.win),
        ("draw", rules.draw), ("loss", rules.loss), ("forfeit", rules.forfeit),
        ("bye_pm", rules.bye_points), ("bye_pdep", rules.bye_pdep),
        ("forfeit_pdep", rules.forfeit_pdep), ("cap", rules.cap), ("seed", event.seed),
        ("improved", "1" if event.improved else "0"), ("lang", lang),
    ]
    for row, (key, value) in enumerate(rows, 2):
        sheet.set(row, 1, t["s_" + key], style="cell", text=True)
        editable = key in NAMES
        sheet.set(row, ev.SETTINGS_VALUE_COL, value, style="input_center" if editable else "center",
                  text=isinstance(value, str))
        sheet.set(row, ev.SETTINGS_KEY_COL, key, style="hidden_calc", text=True)
        if key in NAMES:
            book.define_name(NAMES[key], sheet.ref(row, ev.SETTINGS_VALUE_COL))
    sheet.hidden_columns.add(ev.SETTINGS_KEY_COL)
    sheet.width(1, 44)
    sheet.width(2, 14)


def _players_sheet(book, sheet, event: Event, t, group_of, position_of) -> None:
    sheet.row(1, 1, [t["no"], t["name"], t["club"], t["rating"], t["group"], t["position"]], style="header")
    for p in event.players:
        row = ev.PLAYERS_FIRST_ROW + p.number - 1
        sheet.set(row, 1, p.number, style="number")
        sheet.set(row, 2, p.name, style="cell", text=True)
        sheet.set(row, 3, p.club, style="cell", text=True)
        sheet.set(row, 4, p.rating, style="number")
        sheet.set(row, 5, group_of[p.number], style="number")
        sheet.set(row, 6, f"A{position_of[p.number]}", style="center", text=True)
    sheet.freeze = "A2"
    for col, width in ((1, 6), (2, 30), (3, 18), (4, 8), (5, 8), (6, 9)):
        sheet.width(col, width)
    sheet.print_setup = PrintSetup(repeat_rows=(1, 1))


def _groups_sheet(sheet, event: Event, t) -> None:
    rounds = event.phases.phase1
    opponents: dict[tuple[int, int], int] = {}
    for r, games in enumerate(event.phase1, 1):
        for _, a, b in games:
            opponents[(a, r)] = b
            if b:
                opponents[(b, r)] = a
    names = {p.number: p.name for p in event.players}
    fictitious = event.n + 1
    row = 1
    for g, members in enumerate(event.groups, 1):
        real = [m for m in members if m != fictitious]
        sheet.set(row, 1, t["group_title"].format(g=g, n=len(real)), style="title", text=True)
        row += 1
        sheet.row(row, 1, [t["position"], t["no"], t["name"]]
                  + [f"{t['round']} {r}" for r in range(1, rounds + 1)], style="header")
        row += 1
        for pos, number in enumerate(members, 1):
            sheet.set(row, 1, f"A{pos}", style="center", text=True)
            if number == fictitious:
                sheet.set(row, 2, None, style="number")
                sheet.set(row, 3, t["bye"], style="cell", text=True)
            else:
                sheet.set(row, 2, number, style="number")
                sheet.set(row, 3, names[number], style="cell", text=True)
                for r in range(1, rounds + 1):
                    opp = opponents.get((number, r))
                    if opp == 0:
                        sheet.set(row, 3 + r, t["bye"], style="center", text=True)
                    else:
                        sheet.set(row, 3 + r, opp, style="number")
            row += 1
        row += 1
    sheet.width(3, 28)


def _round_sheet(sheet, event: Event, k: int, t) -> None:
    tables = event.tables
    phase = event.phases.phase_of(k)
    sheet.set(1, 1, f"{t['title']} — {t['round']} {k} — {t['phase']} {phase}", style="title", text=True)
    sheet.set(2, 1, t["entry"] if phase == 1 else f'{t["entry"]} {t["not_paired"]}', style="subtitle", text=True)
    sheet.row(3, 1, [t["table"], t["group"], t["no"], t["player"], t["score"], t["score"], t["player"],
                     t["no"], t["pm"], t["pm"], t["pdep"], t["pdep"]], style="header")
    games = event.phase1[k - 1] if phase == 1 else []
    first, last = ev.FIRST_TABLE_ROW, ev.FIRST_TABLE_ROW + tables - 1
    for i in range(tables):
        r = first + i
        sheet.set(r, ev.COL_TABLE, i + 1, style="number")
        if i < len(games):
            g, a, b = games[i]
            sheet.set(r, ev.COL_GROUP, g, style="number")
            sheet.set(r, ev.COL_A, a, style="number")
            sheet.set(r, ev.COL_B, b, style="number", number_format=NO_ZERO)
        else:
            sheet.set(r, ev.COL_GROUP, None, style="number")
            sheet.set(r, ev.COL_A, None, style="number")
            sheet.set(r, ev.COL_B, None, style="number", number_format=NO_ZERO)
        c, e, f, h = f"$C{r}", f"$E{r}", f"$F{r}", f"$H{r}"
        sheet.formula(r, ev.COL_NAME_A, f'=IF({c}="","",INDEX(CB_Names,{c}))', style="cell")
        sheet.formula(r, ev.COL_NAME_B, f'=IF({h}="","",IF({h}=0,"{t["bye"]}",INDEX(CB_Names,{h})))',
                      style="cell")
        sheet.set(r, ev.COL_SCORE_A, None, style="input_center")
        sheet.set(r, ev.COL_SCORE_B, None, style="input_center")
        bye = f"N({h})=0"
        blank = f'OR({e}="",{f}="")'
        fa, fb = f'UPPER({e})="F"', f'UPPER({f})="F"'
        sheet.formula(r, ev.COL_PM_A,
                      f'=IF({c}="","",IF({bye},CB_ByePM,IF({blank},"",IF({fa},CB_Forfeit,IF({fb},CB_Win,'
                      f'IF({e}>{f},CB_Win,IF({e}={f},CB_Draw,CB_Loss)))))))', style="number")
        sheet.formula(r, ev.COL_PM_B,
                      f'=IF(OR({c}="",{bye}),"",IF({blank},"",IF({fb},CB_Forfeit,IF({fa},CB_Win,'
                      f'IF({f}>{e},CB_Win,IF({e}={f},CB_Draw,CB_Loss))))))', style="number")
        sheet.formula(r, ev.COL_PDEP_A,
                      f'=IF({c}="","",IF({bye},CB_ByePdep,IF({blank},"",IF({fa},IF({fb},0,-CB_ForfeitPdep),'
                      f'IF({fb},CB_ForfeitPdep,IF(CB_Cap="",{e}-{f},MAX(-CB_Cap,MIN(CB_Cap,{e}-{f}))))))))',
                      style="number")
        sheet.formula(r, ev.COL_PDEP_B,
                      f'=IF(OR({c}="",{bye}),"",IF({blank},"",IF({fb},IF({fa},0,-CB_ForfeitPdep),'
                      f'IF({fa},CB_ForfeitPdep,IF(CB_Cap="",{f}-{e},MAX(-CB_Cap,MIN(CB_Cap,{f}-{e})))))))',
                      style="number")
    for col, width in ((1, 6), (2, 7), (3, 5), (4, 26), (5, 8), (6, 8), (7, 26), (8, 5),
                       (9, 5), (10, 5), (11, 6), (12, 6)):
        sheet.width(col, width)
    sheet.freeze = "A4"
    sheet.print_setup = PrintSetup(area=(f"A1:H{last}",), repeat_rows=(3, 3))


def _calc_sheet(sheet, round_sheets, tables: int, standings_name: str, n: int) -> None:
    headers = ["player", "opponent", "pm", "pdep", "key", "first", "opp_pm"]
    sheet.row(1, 1, headers)
    last = 1 + len(round_sheets) * tables * 2
    keys = f"$E$2:$E${last}"
    pm_col = f"{quote_sheet(standings_name)}!$J$2:$J${n + 1}"
    row = 2
    for rs in round_sheets:
        q = quote_sheet(rs.name)
        for i in range(tables):
            r = ev.FIRST_TABLE_ROW + i
            a, b = f"{q}!$C${r}", f"{q}!$H${r}"
            for side in (0, 1):
                if side == 0:
                    sheet.formula(row, 1, f'=IF({a}="","",{a})')
                    sheet.formula(row, 2, f"=N({b})")
                    sheet.formula(row, 3, f"={q}!$I${r}")
                    sheet.formula(row, 4, f"={q}!$K${r}")
                else:
                    sheet.formula(row, 1, f'=IF(N({b})=0,"",{b})')
                    sheet.formula(row, 2, f"=N({a})")
                    sheet.formula(row, 3, f"={q}!$J${r}")
                    sheet.formula(row, 4, f"={q}!$L${r}")
                sheet.formula(row, 5, f'=IF(OR(A{row}="",C{row}=""),"",A{row}*10000+B{row})')
                sheet.formula(row, 6, f'=IF(E{row}="",0,IF(MATCH(E{row},{keys},0)={row - 1},1,0))')
                sheet.formula(row, 7, f'=IF(OR(E{row}="",B{row}=0),"",INDEX({pm_col},B{row}))')
                row += 1


def _standings_sheet(sheet, calc_name: str, n: int, ledger_rows: int, t) -> None:
    """Sorted view in A:F; per-player computation (by number) in H:S, hidden."""
    q = quote_sheet(calc_name)
    last = ledger_rows + 1
    col = lambda letter: f"{q}!${letter}$2:${letter}${last}"  # noqa: E731
    players, opp, pm, pdep, first, opp_pm = col("A"), col("B"), col("C"), col("D"), col("F"), col("G")
    end = n + 1
    rng = lambda letter: f"${letter}$2:${letter}${end}"  # noqa: E731
    sheet.row(1, 1, [t["rank"], t["no"], t["name"], t["pm"], t["ppm"], t["pdep"]], style="header")
    sheet.row(1, 8, ["no", "", "pm", "pdep", "tied", "met", "allmet", "ppm_raw", "ppm", "key", "rank",
                     "sortkey", "index"], style="header")
    for i in range(1, n + 1):
        r = i + 1
        sheet.set(r, 8, i, style="hidden_calc")                                   # H no
        sheet.formula(r, 10, f"=SUMIF({players},H{r},{pm})", style="hidden_calc")  # J pm
        sheet.formula(r, 11, f"=SUMIF({players},H{r},{pdep})", style="hidden_calc")  # K pdep
        sheet.formula(r, 12, f"=COUNTIF({rng('J')},J{r})", style="hidden_calc")     # L tied
        sheet.formula(r, 13, f"=COUNTIFS({players},H{r},{first},1,{opp_pm},J{r})", style="hidden_calc")  # M met
        sheet.formula(r, 14, f"=IF(M{r}=L{r}-1,1,0)", style="hidden_calc")         # N allmet
        sheet.formula(r, 15, f"=SUMIFS({pm},{players},H{r},{opp_pm},J{r})", style="hidden_calc")  # O raw
        sheet.formula(r, 16, f'=IF(AND(L{r}>1,COUNTIFS({rng("J")},J{r},{rng("N")},0)=0),O{r},"")',
                      style="hidden_calc")                                          # P ppm
        sheet.formula(r, 17, f"=J{r}*10000000000+N(P{r})*10000000+K{r}+5000000", style="hidden_calc")  # Q key
        sheet.formula(r, 18, f"=RANK(Q{r},{rng('Q')},0)", style="hidden_calc")     # R rank
        sheet.formula(r, 19, f"=R{r}*10000+H{r}", style="hidden_calc")             # S sortkey
        sheet.formula(r, 20, f"=MATCH(SMALL({rng('S')},{i}),{rng('S')},0)", style="hidden_calc")  # T index
        sheet.formula(r, 1, f"=INDEX({rng('R')},T{r})", style="number")
        sheet.formula(r, 2, f"=INDEX({rng('H')},T{r})", style="number")
        sheet.formula(r, 3, f"=INDEX(CB_Names,T{r})", style="cell")
        sheet.formula(r, 4, f"=INDEX({rng('J')},T{r})", style="number")
        sheet.formula(r, 5, f'=IF(INDEX({rng("P")},T{r})="","",INDEX({rng("P")},T{r}))', style="number")
        sheet.formula(r, 6, f"=INDEX({rng('K')},T{r})", style="number")
    sheet.hidden_columns.update(range(8, 21))
    for c, width in ((1, 6), (2, 6), (3, 30), (4, 7), (5, 7), (6, 8)):
        sheet.width(c, width)
    sheet.freeze = "A2"
    sheet.print_setup = PrintSetup(area=(f"A1:F{end}",), repeat_rows=(1, 1))
