"""The agreement page's matching of the two files, worked out once per change instead of once per fragment, and one
case per change instead of every case.

A label tick reruns the figures' and the tables' fragments, and each used to match every label of both files again
(80 ms at 1,000 cases, twice a click). The last matching is kept in the session with the very pair and field it was
made from, and reused while they are the same; after a change :func:`uncase_core.agreement.pairs.matched_cases`
matches again only the couple of cases that changed (a label change replaces one case object and keeps every other).
The rows of the table of disagreements are kept likewise, with each case's match object (:mod:`ui.frame.reuse`).
"""

from __future__ import annotations

from itertools import chain

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from ui.frame.reuse import reuse
from ui.frame.state import t
from ui.i18n import translate
from ui.page_data.stored_pair import Pair
from uncase_core.agreement.pairs import CaseMatch, MatchedLabels, matched_cases
from uncase_core.shared.bidi import mark_bidi_controls

_MATCHED = "_agr_matched"  # {field: (A, B, their MatchedLabels)}
_ROWS = "_agr_disagreement_rows"  # (language, the case matches, their rows)
TEXT = pd.StringDtype("pyarrow", na_value=np.nan)  # the dtype pandas gives a column of texts


def matched(pair: Pair, label_field: str | None) -> MatchedLabels:
    """:func:`uncase_core.agreement.pairs.match_labels` of ``pair``, reused while the pair is the same objects, and
    matched again from the kept matching of the same field, one changed case at a time."""
    kept: dict[str | None, tuple[object, object, MatchedLabels]] = st.session_state.setdefault(_MATCHED, {})
    last = kept.get(label_field)
    if last is not None and last[0] is pair[0] and last[1] is pair[1]:
        return last[2]
    result = matched_cases(pair[0], pair[1], label_field, None if last is None else last[2])
    kept[label_field] = (pair[0], pair[1], result)
    return result


def bool_label(value: object) -> str:
    return t(f"agr.value.{str(value).lower()}") if isinstance(value, bool) else str(value)


def disagreement_table(matched_labels: MatchedLabels, lang: str) -> pd.DataFrame:
    """Every disagreement: case, unit, label, text and both labels, a row each; each case's rows made again only
    when its match is new (the words looked up once per run, not once per cell), with their cells' bidirectional
    controls marked as :func:`ui.widgets.text.cell_text` marks them (give the table to
    ``text_table(..., marked_columns=table.columns)``)."""
    columns = [t("common.case"), t("agr.unit"), t("agr.label"), t("agr.text"), "A", "B"]
    by_case = matched_labels.by_case
    matches: tuple[CaseMatch, ...] = () if by_case is None else by_case[2]
    kept_language, *kept = st.session_state.get(_ROWS, (None, (), ()))

    def make(missing: list[CaseMatch]) -> list[tuple[tuple[str, ...], ...]]:
        """Each case's rows, column by column (a tuple of cells per column)."""
        units, fields, labels = {}, {}, {value: bool_label(value) for value in (True, False)}
        made = []
        for match in missing:
            rows = []
            for p in match.disagreements:
                if p.kind not in units:
                    units[p.kind] = translate(lang, f"units.{p.kind}")
                if p.field not in fields:
                    fields[p.field] = translate(lang, f"agr.field.{p.field}")
                rows.append(tuple(mark_bidi_controls(cell) for cell in (
                    p.case, f"{units[p.kind]} {p.unit}", fields[p.field], p.text, labels[p.a], labels[p.b])))
            made.append(tuple(zip(*rows, strict=True)) if rows else ((),) * len(columns))
        return made

    by_column = reuse(matches, tuple(kept) if kept_language == lang else None, make)
    st.session_state[_ROWS] = (lang, matches, by_column)
    # Through Arrow: the frame pd.DataFrame(rows, columns=columns) makes (pandas' text columns), a quarter the time.
    table = pa.table({name: pa.array(list(chain.from_iterable(case[i] for case in by_column)), type=pa.large_string())
                      for i, name in enumerate(columns)})
    return table.to_pandas(types_mapper={pa.large_string(): TEXT}.get)
