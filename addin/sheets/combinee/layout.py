"""The Formule Combinée event workbook as a layout (seed 002; issues 6 and 10).

Sheets, in tab order:

* **Joueurs/Players** — number, name, club, rating, group, position, the round a player
  withdraws from (typed by the organiser) and the round a late entry joined at.
* **Groupes/Groups** — per group, its players in position order and their phase-1
  opponents round by round.
* **R1 … Rn** — one sheet per round: the printable pairing and the score entry (both
  players' scores, ``F`` for a forfeit); PM and Pdep of each game are derived by formulas,
  including the bye given by a withdrawn opponent (hidden columns M–P).
* **Classement/Standings** — live standings (PM, PPM, Pdep, rank) sorted by formulas; its
  hidden columns hold the per-player computation.
* **Réglages/Settings** — scoring, bye and late-entry settings used by the formulas
  (defined names ``CB_*``) and read back by Python.
* **Calcul/Calc** (hidden) — one row per player and game, the ledger the standings sum
  over, and one row per round saying whether it has started.

The formulas follow ``addin.systems.combinee.event`` rule for rule (a round counts once a
score is typed in it or a later one; a withdrawn player's game counts as the bye for his
opponent unless both scores are typed; a late entry is credited per started round he
missed) and use only SUMIF(S), COUNTIF(S), COUNTA, INDEX/MATCH, SMALL, RANK, N, UPPER,
IF/AND/OR, MIN/MAX (docs/developing.md rule 7). PPM follows
``addin.systems.combinee.ranking`` exactly: among the players tied on PM, it applies only if
each of them has met (with a typed result) every other; the ``first`` flag counts each
opponent once.
"""

from __future__ import annotations

from addin.sheets.combinee.cells import (NAMES, SETTINGS, CalcCols, PlayersCols, RoundCols, SettingsCols,
                                         StandingsCols, round_sheet)
from addin.sheets.combinee.labels import LABELS
from addin.sheets.model import PrintSetup, Style, WorkbookLayout, col_letter, quote_sheet
from addin.sheets.page import page_header
from addin.sheets.keys import key_sheet
from addin.systems.combinee.event import FICTITIOUS, CombineeEvent

NO_ZERO = "0;-0;;@"  # the bye's opponent number 0 prints as an empty cell
NOTE = Style(italic=True, color="555555", wrap=True, valign="top")  # a round sheet's instruction line


def event_workbook(event: CombineeEvent) -> WorkbookLayout:
    """Every sheet of the event, from its state."""
    t = LABELS[event.header.lang]
    book = WorkbookLayout(title=t["title"])
    book.styles["note"] = NOTE
    h = event.header
    book.header, book.footer = page_header(h.title, h.place, h.dates, h.arbiter, t["page"], t["arbiter"] + " : {name}")
    n, total = event.n, event.phases.total
    players = book.add_sheet(t["players"])
    groups = book.add_sheet(t["groups"])
    round_sheets = [book.add_sheet(round_sheet(k)) for k in range(1, total + 1)]
    standing = book.add_sheet(t["standings"])
    settings = book.add_sheet(t["settings"])
    calc = book.add_sheet(t["calc"], hidden=True)
    book.active = round_sheets[min(max(event.paired, 1), total) - 1].name

    _settings_sheet(book, settings, event)
    _players_sheet(players, event, t)
    first, last = PlayersCols.FIRST_ROW, PlayersCols.FIRST_ROW + n - 1
    book.define_name("CB_Names", players.ref_range(first, PlayersCols.NAME, last, PlayersCols.NAME))
    book.define_name("CB_Out", players.ref_range(first, PlayersCols.WITHDRAWN, last, PlayersCols.WITHDRAWN))
    book.define_name("CB_Join", players.ref_range(first, PlayersCols.JOINED, last, PlayersCols.JOINED))
    book.define_name("CB_Clubs", players.ref_range(first, PlayersCols.CLUB, last, PlayersCols.CLUB))
    book.define_name("CB_Started", calc.ref_range(CalcCols.FIRST_ROW, CalcCols.STARTED,
                                                  CalcCols.FIRST_ROW + total - 1, CalcCols.STARTED))
    _groups_sheet(groups, event, t)
    for k, sheet in enumerate(round_sheets, 1):
        _round_sheet(sheet, event, k, t)
    _calc_sheet(calc, round_sheets, event.tables, standing.name, n)
    _standings_sheet(standing, calc.name, n, event.tables * 2 * total, total, t, event)
    book.sheets.append(key_sheet(event.header.lang, (("players", p.number, p.name) for p in event.players)))
    return book


def _settings_sheet(book, sheet, event: CombineeEvent) -> None:
    t = LABELS[event.header.lang]
    rules = event.rules
    values = {
        "players": event.n, "entrants": event.entrants, "phase1": event.phases.phase1,
        "phase2": event.phases.phase2, "phase3": event.phases.phase3, "scoring": rules.name, "win": rules.win,
        "draw": rules.draw, "loss": rules.loss, "forfeit": rules.forfeit, "bye_pm": rules.bye_points,
        "bye_pdep": rules.bye_pdep, "forfeit_pdep": rules.forfeit_pdep, "cap": rules.cap,
        "late_pm": rules.late_pm, "late_pdep": rules.late_pdep, "seed": event.seed,
        "improved": 1 if event.improved else 0, "lang": event.header.lang, "title": event.header.title,
        "place": event.header.place, "dates": event.header.dates, "arbiter": event.header.arbiter,
    }
    C = SettingsCols
    sheet.row(1, 1, [t["setting"], t["value"]], style="header")
    for row, (key, editable) in enumerate(SETTINGS, C.FIRST_ROW):
        value = values[key]
        sheet.set(row, C.LABEL, t["s_" + key], style="cell", text=True)
        # the improved snake is 1 or 0 (read back as such), shown "oui" / "non"
        sheet.set(row, C.VALUE, value if value != "" else None, style="input_center" if editable else "center",
                  text=isinstance(value, str),
                  number_format=f'[=1]"{t["yes"]}";[=0]"{t["no_word"]}";General' if key == "improved" else None)
        sheet.set(row, C.KEY, key, style="hidden_calc", text=True)
        if key in NAMES:
            book.define_name(NAMES[key], sheet.ref(row, C.VALUE))
    sheet.hidden_columns.add(C.KEY)
    sheet.width(1, 50)
    sheet.width(2, 30)
    sheet.print_setup = PrintSetup(fit_width=1, fit_height=1)


def _positions(event: CombineeEvent) -> dict[int, tuple[int, int]]:
    return {number: (g, pos) for g, members in enumerate(event.groups, 1)
            for pos, number in enumerate(members, 1) if number != FICTITIOUS}


def _players_sheet(sheet, event: CombineeEvent, t) -> None:
    C = PlayersCols
    sheet.row(1, 1, [t["no"], t["name"], t["club"], t["rating"], t["group"], t["position"], t["withdrawn"],
                     t["joined"]], style="header")
    where = _positions(event)
    for p in event.players:
        row = C.FIRST_ROW + p.number - 1
        sheet.set(row, C.NUMBER, p.number, style="number")
        sheet.set(row, C.NAME, p.name, style="input", text=True)
        sheet.set(row, C.CLUB, p.club, style="input", text=True)
        sheet.set(row, C.RATING, p.rating, style="input_center")
        group, pos = where.get(p.number, (None, None))
        sheet.set(row, C.GROUP, group, style="number")
        sheet.set(row, C.POSITION, None if pos is None else f"A{pos}", style="center", text=pos is not None)
        sheet.set(row, C.WITHDRAWN, event.withdrawn.get(p.number), style="input_center")
        sheet.set(row, C.JOINED, p.joined if p.joined > 1 else None, style="number")
    sheet.freeze = "A2"
    sheet.height(1, 30)  # "Abandon (ronde)", "Arrivée (ronde)" on two lines
    for col, width in ((1, 6), (2, 30), (3, 18), (4, 8), (5, 8), (6, 9), (7, 10), (8, 10)):
        sheet.width(col, width)
    sheet.print_setup = PrintSetup(repeat_rows=(1, 1))


#: Rows of the *Groupes* sheet a printed page holds at most, at full scale with the page
#: header and footer: A4 with the default margins and Excel's default row height (15 pt;
#: LibreOffice's rows are lower, so it fits more). Fitting the width only ever shrinks the
#: print, so a group placed within these rows never straddles two pages in either program.
GROUP_PAGE_ROWS = {"portrait": 44, "landscape": 28}


def _groups_sheet(sheet, event: CombineeEvent, t) -> None:
    rounds = event.phases.phase1
    opponents: dict[tuple[int, int], int] = {}
    for r, tables in enumerate(event.rounds[:rounds], 1):
        for table in tables:
            opponents[(table.a, r)] = table.b
            if table.b:
                opponents[(table.b, r)] = table.a
    names = {p.number: p.name for p in event.players}
    landscape = rounds > 7
    capacity = GROUP_PAGE_ROWS["landscape" if landscape else "portrait"]
    breaks: list[int] = []
    row = page_start = 1
    for g, members in enumerate(event.groups, 1):
        real = [m for m in members if m != FICTITIOUS]
        height = len(members) + 2  # title, header, one row per position
        if row > page_start and row + height - page_start > capacity:
            breaks.append(row - 1)
            page_start = row
        sheet.set(row, 1, t["group_title"].format(g=g, n=len(real)), style="title", text=True)
        row += 1
        sheet.row(row, 1, [t["position"], t["no"], t["name"]]
                  + [f"{t['round']} {r}" for r in range(1, rounds + 1)], style="header")
        row += 1
        for pos, number in enumerate(members, 1):
            sheet.set(row, 1, f"A{pos}", style="center", text=True)
            if number == FICTITIOUS:
                sheet.set(row, 2, None, style="number")
                sheet.set(row, 3, t["bye"], style="cell", text=True)
            else:
                sheet.set(row, 2, number, style="number")
                sheet.set(row, 3, names[number], style="cell", text=True)
                for r in range(1, rounds + 1):
                    opp = opponents.get((number, r))
                    if opp == FICTITIOUS:
                        sheet.set(row, 3 + r, t["bye"], style="center", text=True)
                    else:
                        sheet.set(row, 3 + r, opp, style="number")
            row += 1
        row += 1
    sheet.width(1, 9)
    sheet.width(2, 5)
    sheet.width(3, 28)
    for r in range(1, rounds + 1):
        sheet.width(3 + r, 8)
    # the rounds print beside the names (issue 11): one page wide, landscape for 9 rounds;
    # a group never straddles two pages (a page break before a group that would not fit)
    sheet.print_setup = PrintSetup(fit_width=1, orientation="landscape" if landscape else "portrait",
                                   row_breaks=tuple(breaks))


def _round_sheet(sheet, event: CombineeEvent, k: int, t) -> None:
    C = RoundCols
    tables = event.tables
    phase = event.phases.phase_of(k)
    sheet.set(C.TITLE_ROW, 1, f"{t['title']} — {t['round']} {k} — {t['phase']} {phase}", style="title", text=True)
    sheet.set(C.NOTE_ROW, 1, t["entry"] if phase == 1 else f'{t["entry"]} {t["not_paired"]}', style="note",
              text=True)
    sheet.merge(C.NOTE_ROW, 1, C.NOTE_ROW, C.B)  # printed whole within the pairing's width (issue 11)
    sheet.height(C.NOTE_ROW, 18 if phase == 1 else 45)
    sheet.row(C.HEADER_ROW, 1, [t["table"], t["group"], t["no"], t["player"], t["score"], t["score"], t["player"],
                                t["no"], t["pm"], t["pm"], t["pdep"], t["pdep"], "out_a", "out_b", "opp_a", "opp_b"],
              style="header")
    games = event.rounds[k - 1] if k <= event.paired else ()
    first, last = C.FIRST_ROW, C.FIRST_ROW + tables - 1
    started = f"INDEX(CB_Started,{k})"
    for i in range(tables):
        r = first + i
        sheet.set(r, C.TABLE, i + 1, style="number")
        game = games[i] if i < len(games) else None
        sheet.set(r, C.GROUP, None if game is None else game.group, style="number")
        sheet.set(r, C.A, None if game is None else game.a, style="number")
        sheet.set(r, C.B, None if game is None else game.b, style="number", number_format=NO_ZERO)
        sa, sb = event.score(k, i + 1)
        sheet.set(r, C.SCORE_A, sa, style="input_center", text=isinstance(sa, str))
        sheet.set(r, C.SCORE_B, sb, style="input_center", text=isinstance(sb, str))
        c, e, f, h = f"$C{r}", f"$E{r}", f"$F{r}", f"$H{r}"
        m, nn = f"$M{r}", f"$N{r}"
        name_a = "" if game is None else event.player(game.a).name
        name_b = "" if game is None else t["bye"] if game.b == FICTITIOUS else event.player(game.b).name
        (pm_a_value, pdep_a_value), (pm_b_value, pdep_b_value) = game_points(event, k, game, sa, sb)
        # a player withdrawn by this round: "— forfait", his opponent "— exempt" (FFE), from the Players
        # sheet's withdrawal cells (the hidden OUT columns)
        mark_a = f'IF({m}=1," — {t["mark_forfeit"]}",IF(AND({nn}=1,N({h})>0)," — {t["mark_bye"]}",""))'
        mark_b = f'IF({nn}=1," — {t["mark_forfeit"]}",IF({m}=1," — {t["mark_bye"]}",""))'
        if game is not None:
            out_a = event.out(game.a, k)
            out_b = game.b != FICTITIOUS and event.out(game.b, k)
            name_a += f' — {t["mark_forfeit"]}' if out_a else f' — {t["mark_bye"]}' if out_b else ""
            if game.b != FICTITIOUS:
                name_b += f' — {t["mark_forfeit"]}' if out_b else f' — {t["mark_bye"]}' if out_a else ""
        sheet.formula(r, C.NAME_A, f'=IF({c}="","",INDEX(CB_Names,{c})&{mark_a})', style="cell", cached=name_a)
        sheet.formula(r, C.NAME_B, f'=IF({h}="","",IF({h}=0,"{t["bye"]}",INDEX(CB_Names,{h})&{mark_b}))',
                      style="cell", cached=name_b)
        for col, who in ((C.OUT_A, c), (C.OUT_B, h)):
            sheet.formula(r, col, f"=IF(N({who})=0,0,IF(AND(N(INDEX(CB_Out,{who}))>0,"
                                  f"N(INDEX(CB_Out,{who}))<={k}),1,0))", style="hidden_calc")
        bye = f"N({h})=0"
        typed = f'AND({e}<>"",{f}<>"")'
        blank = f'OR({e}="",{f}="")'
        fa, fb = f'UPPER({e})="F"', f'UPPER({f})="F"'
        pm_a = f"IF({fa},CB_Forfeit,IF({fb},CB_Win,IF({e}>{f},CB_Win,IF({e}={f},CB_Draw,CB_Loss))))"
        pm_b = f"IF({fb},CB_Forfeit,IF({fa},CB_Win,IF({f}>{e},CB_Win,IF({e}={f},CB_Draw,CB_Loss))))"
        pdep_a = (f'IF({fa},IF({fb},0,-CB_ForfeitPdep),IF({fb},CB_ForfeitPdep,'
                  f'IF(CB_Cap="",{e}-{f},MAX(-CB_Cap,MIN(CB_Cap,{e}-{f})))))')
        pdep_b = (f'IF({fb},IF({fa},0,-CB_ForfeitPdep),IF({fa},CB_ForfeitPdep,'
                  f'IF(CB_Cap="",{f}-{e},MAX(-CB_Cap,MIN(CB_Cap,{f}-{e})))))')
        sheet.formula(r, C.PM_A, f'=IF({c}="","",IF({started}=0,"",IF({bye},IF({m}=1,"",CB_ByePM),'
                                 f'IF({typed},{pm_a},IF(AND({m}=0,{nn}=1),CB_ByePM,"")))))', style="number",
                      cached=pm_a_value)
        sheet.formula(r, C.PDEP_A, f'=IF({c}="","",IF({started}=0,"",IF({bye},IF({m}=1,"",CB_ByePdep),'
                                   f'IF({typed},{pdep_a},IF(AND({m}=0,{nn}=1),CB_ByePdep,"")))))', style="number",
                      cached=pdep_a_value)
        sheet.formula(r, C.PM_B, f'=IF(OR({c}="",{bye}),"",IF({started}=0,"",'
                                 f'IF({typed},{pm_b},IF(AND({nn}=0,{m}=1),CB_ByePM,""))))', style="number",
                      cached=pm_b_value)
        sheet.formula(r, C.PDEP_B, f'=IF(OR({c}="",{bye}),"",IF({started}=0,"",'
                                   f'IF({typed},{pdep_b},IF(AND({nn}=0,{m}=1),CB_ByePdep,""))))', style="number",
                      cached=pdep_b_value)
        sheet.formula(r, C.OPP_A, f"=IF(OR({bye},AND({blank},{nn}=1)),0,N({h}))", style="hidden_calc")
        sheet.formula(r, C.OPP_B, f"=IF(AND({blank},{m}=1),0,N({c}))", style="hidden_calc")
    for col, width in ((1, 5), (2, 7), (3, 5), (4, 29), (5, 7), (6, 7), (7, 29), (8, 5),
                       (9, 5), (10, 5), (11, 6), (12, 6)):
        sheet.width(col, width)
    sheet.hidden_columns.update(C.HIDDEN)
    sheet.freeze = "A4"
    # the tables of the round: a paired round prints its own (a late entry's table count is not every round's)
    printed = first + len(games) - 1 if games else last
    sheet.print_setup = PrintSetup(area=(f"A1:H{printed}",), repeat_rows=(C.HEADER_ROW, C.HEADER_ROW))


def game_points(event: CombineeEvent, k: int, game, sa, sb) -> tuple[tuple, tuple]:
    """``((PM, Pdep) of a, (PM, Pdep) of b)`` a round sheet shows for a table ("" where it shows nothing).

    The rules of ``CombineeEvent.table_results``: nothing before the round has started; a
    bye, or a withdrawn opponent's game without both scores, gives the bye's points; both
    scores typed always count (``Scoring.game``).
    """
    none = ("", "")
    if game is None or not event.started(k):
        return none, none
    rules = event.rules
    bye = (rules.bye_points, rules.bye_pdep)
    if game.b == FICTITIOUS:
        return (none if event.out(game.a, k) else bye), none
    if sa is not None and sb is not None:
        return rules.game(sa, sb), rules.game(sb, sa)
    a_out, b_out = event.out(game.a, k), event.out(game.b, k)
    return (bye if b_out and not a_out else none), (bye if a_out and not b_out else none)


def _calc_sheet(sheet, round_sheets, tables: int, standings_name: str, n: int) -> None:
    C, R = CalcCols, RoundCols
    sheet.row(1, 1, ["player", "opponent", "pm", "pdep", "key", "first", "opp_pm", "", "round", "typed", "started"])
    last = C.FIRST_ROW - 1 + len(round_sheets) * tables * 2
    keys = f"$E${C.FIRST_ROW}:$E${last}"
    top = StandingsCols.FIRST_ROW
    pm_col = f"{quote_sheet(standings_name)}!$J${top}:$J${top + n - 1}"
    row = C.FIRST_ROW
    for rs in round_sheets:
        q = quote_sheet(rs.name)
        for i in range(tables):
            r = R.FIRST_ROW + i
            a, b = f"{q}!$C${r}", f"{q}!$H${r}"
            col = lambda number: f"{q}!${col_letter(number)}${r}"  # noqa: E731
            for side in (0, 1):
                if side == 0:
                    sheet.formula(row, C.PLAYER, f'=IF({a}="","",{a})')
                    sheet.formula(row, C.OPPONENT, f"={col(R.OPP_A)}")
                    sheet.formula(row, C.PM, f"={col(R.PM_A)}")
                    sheet.formula(row, C.PDEP, f"={col(R.PDEP_A)}")
                else:
                    sheet.formula(row, C.PLAYER, f'=IF(N({b})=0,"",{b})')
                    sheet.formula(row, C.OPPONENT, f"={col(R.OPP_B)}")
                    sheet.formula(row, C.PM, f"={col(R.PM_B)}")
                    sheet.formula(row, C.PDEP, f"={col(R.PDEP_B)}")
                sheet.formula(row, C.KEY, f'=IF(OR(A{row}="",C{row}=""),"",A{row}*10000+B{row})')
                sheet.formula(row, C.FIRST, f'=IF(E{row}="",0,IF(MATCH(E{row},{keys},0)={row - 1},1,0))')
                sheet.formula(row, C.OPP_PM, f'=IF(OR(E{row}="",B{row}=0),"",INDEX({pm_col},B{row}))')
                row += 1
    total = len(round_sheets)
    end = C.FIRST_ROW + total - 1
    for k, rs in enumerate(round_sheets, 1):
        r = C.FIRST_ROW + k - 1
        q = quote_sheet(rs.name)
        scores = f"{q}!$E${R.FIRST_ROW}:$F${R.FIRST_ROW + tables - 1}"
        sheet.set(r, C.ROUND, k)
        sheet.formula(r, C.TYPED, f"=COUNTA({scores})")
        sheet.formula(r, C.STARTED, f"=IF(SUM($J${r}:$J${end})>0,1,0)")


def _standings_sheet(sheet, calc_name: str, n: int, ledger_rows: int, total: int, t, event: CombineeEvent) -> None:
    """The ranking: a title, after which round it stands, then the table sorted by formulas (rank,
    number, name, PM, PPM, Pdep, club, remark: "abandon ronde R", "arrivée ronde R", from the
    Players sheet) with the values Python computes, for previews; per-player computation (by
    number) in H:U of the same rows, hidden (``StandingsCols``)."""
    S = StandingsCols
    table = event.standings()
    q = quote_sheet(calc_name)
    last = ledger_rows + 1
    col = lambda letter: f"{q}!${letter}$2:${letter}${last}"  # noqa: E731
    players, opp, pm, pdep, first, opp_pm = col("A"), col("B"), col("C"), col("D"), col("F"), col("G")
    rounds = f"{q}!$I$2:$I${total + 1}"
    started = f"{q}!$K$2:$K${total + 1}"
    top, end = S.FIRST_ROW, S.FIRST_ROW + n - 1
    rng = lambda letter: f"${letter}${top}:${letter}${end}"  # noqa: E731
    title = event.header.title
    sheet.set(S.TITLE_ROW, 1, f'{t["final_title"]} — {title}' if title else t["final_title"], style="title", text=True)
    sheet.row(S.HEADER_ROW, 1, [t["rank"], t["no"], t["name"], t["pm"], t["ppm"], t["pdep"], t["club"]],
              style="header")
    sheet.set(S.HEADER_ROW, S.REMARK, t["remark"], style="header", text=True)
    sheet.row(S.HEADER_ROW, 8, ["no", "", "pm", "pdep", "tied", "met", "allmet", "ppm_raw", "ppm", "key", "rank",
                                "sortkey", "index", "missed"], style="header")
    for i in range(1, n + 1):
        r = top + i - 1
        sheet.set(r, 8, i, style="hidden_calc")                                   # H no
        sheet.formula(r, 21, f'=IF(N(INDEX(CB_Join,H{r}))>1,COUNTIFS({rounds},"<"&INDEX(CB_Join,H{r}),'
                             f'{started},1),0)', style="hidden_calc")              # U missed rounds
        sheet.formula(r, 10, f"=SUMIF({players},H{r},{pm})+CB_LatePM*U{r}", style="hidden_calc")  # J pm
        sheet.formula(r, 11, f"=SUMIF({players},H{r},{pdep})+CB_LatePdep*U{r}", style="hidden_calc")  # K pdep
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
        line = table[i - 1]
        player = event.player(line.player)
        sheet.formula(r, 1, f"=INDEX({rng('R')},T{r})", style="number", cached=line.rank)
        sheet.formula(r, 2, f"=INDEX({rng('H')},T{r})", style="number", cached=line.player)
        sheet.formula(r, 3, f"=INDEX(CB_Names,T{r})", style="cell", cached=player.name)
        sheet.formula(r, 4, f"=INDEX({rng('J')},T{r})", style="number", cached=line.pm)
        sheet.formula(r, 5, f'=IF(INDEX({rng("P")},T{r})="","",INDEX({rng("P")},T{r}))', style="number",
                      cached="" if line.ppm is None else line.ppm)
        sheet.formula(r, 6, f"=INDEX({rng('K')},T{r})", style="number", cached=line.pdep)
        sheet.formula(r, S.CLUB, f'=INDEX(CB_Clubs,T{r})&""', style="cell", cached=player.club or "")
        out, join = f"N(INDEX(CB_Out,T{r}))", f"N(INDEX(CB_Join,T{r}))"
        sheet.formula(r, S.REMARK, f'=IF({out}>0,"{t["mark_withdrawn"]} "&{out},"")&IF(AND({out}>0,{join}>1),"; ","")'
                                   f'&IF({join}>1,"{t["mark_joined"]} "&{join},"")', style="cell",
                      cached=_remark(event, line.player, t))
    sheet.hidden_columns.update(range(8, 22))
    for c, width in ((1, 6), (2, 5), (3, 27), (4, 6), (5, 6), (6, 7), (7, 16), (S.REMARK, 18)):
        sheet.width(c, width)
    last = event.last_scored()
    sheet.formula(S.AFTER_ROW, 1, f'=IF(SUM(CB_Started)=0,"{t["no_result_yet"]}","{t["after_round"]} "'
                                  f'&SUM(CB_Started)&" / {total}")', style="subtitle",
                  cached=f'{t["after_round"]} {last} / {total}' if last else t["no_result_yet"])
    sheet.freeze = f"A{top}"
    sheet.print_setup = PrintSetup(area=(f"A1:{col_letter(S.REMARK)}{end}",), repeat_rows=(S.HEADER_ROW, S.HEADER_ROW),
                                   fit_width=1)


def _remark(event: CombineeEvent, number: int, t) -> str:
    """The standings' remark of a player (the rule of its formula)."""
    parts = []
    if event.withdrawn.get(number):
        parts.append(f'{t["mark_withdrawn"]} {event.withdrawn[number]}')
    if event.player(number).joined > 1:
        parts.append(f'{t["mark_joined"]} {event.player(number).joined}')
    return "; ".join(parts)
