"""The parts of a Settings sheet that every event workbook writes alike (issue 27).

Three blocks, each at rows its kind's ``SettingsRows`` gives:

* labelled values: one row a setting, its label in A (from the labels), its value in B;
* the tie-break order: a header row, then one row a slot: "Tie-break k" in A, the code in B (an
  input with a drop-down of the kind's codes and the empty code), in C the code's meaning by
  formula, so that a code typed in B explains itself;
* the result codes: a header row, then one row a code (the six of ``RESULT_CODES``, as the
  workbook writes them) with its meaning.
"""

from __future__ import annotations

from typing import Any, Sequence

from addin.core.results import RESULT_CODES, WORKBOOK_CODES
from addin.sheets.model import SheetLayout, ref


def labelled_values(s: SheetLayout, L: dict[str, str], rows: Sequence[tuple[int, str, Any, str]],
                    label_style: str = "cell") -> None:
    """``(row, label key, value, value style)`` rows: the label in A, the value in B (text when a string)."""
    for row, key, value, style in rows:
        s.set(row, 1, L[key], label_style, text=True)
        s.set(row, 2, value, style, text=isinstance(value, str))


def tiebreak_block(s: SheetLayout, L: dict[str, str], header_row: int, first: int, chosen: Sequence[str],
                   codes: Sequence[str], slots: int, none_code: str) -> None:
    """The tie-break order: the header on ``header_row``, then ``slots`` rows from ``first`` holding the
    ``chosen`` codes (``none_code`` in a slot left empty) and each code's meaning (``L["tb_" + code]``,
    ``L["tb_none"]`` for any other text) by formula."""
    s.set(header_row, 1, L["tiebreak_order"], "header", text=True)
    s.set(header_row, 2, L["codes"], "header", text=True)
    s.set(header_row, 3, L["meaning"], "header", text=True)
    for k in range(slots):
        row = first + k
        code = chosen[k] if k < len(chosen) else none_code
        s.set(row, 1, f"{L['tiebreak']} {k + 1}", "cell", text=True)
        s.set(row, 2, code, "input_center", text=True)
        cell = ref(row, 2)
        s.formula(row, 3, "=" + "".join(f'IF({cell}="{c}","{L["tb_" + c]}",' for c in codes)
                  + f'"{L["tb_none"]}"' + ")" * len(codes),
                  "cell", cached=L["tb_" + code] if code in codes else L["tb_none"])
    s.validation(f"{ref(first, 2)}:{ref(first + slots - 1, 2)}", [*codes, none_code], allow_blank=True)


def result_codes_block(s: SheetLayout, L: dict[str, str], header_row: int, first: int) -> None:
    """The result codes under their header on ``header_row``, from row ``first``: each code in B, its
    meaning in C."""
    s.set(header_row, 1, L["result_codes"], "header", text=True)
    s.set(header_row, 2, L["codes"], "header", text=True)
    s.set(header_row, 3, L["meaning"], "header", text=True)
    for k, code in enumerate(RESULT_CODES):
        s.set(first + k, 2, WORKBOOK_CODES[code], "center", text=True)
        s.set(first + k, 3, L["code_" + code], "cell", text=True)
