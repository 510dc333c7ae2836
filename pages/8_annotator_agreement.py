"""Annotator agreement: two people's labels for the same units, raw agreement beside Cohen's kappa."""

import pandas as pd
import streamlit as st

from ui.data_kinds import AGREEMENT_A, AGREEMENT_B
from ui.data_source import Loaded, stored_upload, stored_upload_data
from ui.i18n import format_number, format_percent, translate
from ui.input_errors import error_text
from ui.layout import card_row
from ui.limits import check_count
from ui.rag_view import proportion_text
from ui.session import finish_page, kept, setup_page, t
from ui.text import id_list
from uncase_core.agreement import agreement_from_bytes
from uncase_core.errors import InputError
from uncase_core.jsonfiles import decode_text
from uncase_core.scenarios import ASSETS

FIELDS = ("all", "relevant", "supported", "correct", "covered")

lang = setup_page("agr.title")


def _builtin_pair(language: str) -> tuple[bytes, str, bytes, str]:
    folder = ASSETS / "agreement"
    a, b = folder / f"annotator_a_{language}.json", folder / f"annotator_b_{language}.json"
    return a.read_bytes(), a.name, b.read_bytes(), b.name


def _as_text(data: bytes, name: str) -> str:
    try:
        return decode_text(data)
    except InputError as error:
        raise error.located(name) from None


def _label(value: object) -> str:
    return t(f"agr.value.{str(value).lower()}") if isinstance(value, bool) else str(value)


# ---------------------------------------------------------------- sidebar
with st.sidebar:
    st.subheader(t("rag.data"))
    source = kept(st.radio, "agr_source", "builtin", t("agr.source"), options=["builtin", "upload"],
                  format_func=lambda s, lang=lang: translate(lang, f"agr.source.{s}"))
    if source == "upload":
        for side, kind in (("a", AGREEMENT_A), ("b", AGREEMENT_B)):
            # Kept as the file's text; read (and matched with the other file) below, on every run.
            stored_upload(kind, f"agr_upload_{side}", "agreement", f"agr.upload_{side}", "agr.upload_help",
                          ("json", "jsonl"), lambda data, name: Loaded(_as_text(data, name), name, "upload"),
                          count=lambda text: 0)
    field = kept(st.selectbox, "agr_field", "all", t("agr.field"), options=list(FIELDS),
                 format_func=lambda f, lang=lang: translate(lang, f"agr.field.{f}"))

st.title(t("agr.title"))
st.markdown(t("agr.intro"))

if source == "builtin":
    files = _builtin_pair(lang)
    st.caption(t("agr.builtin_note"))
elif (a := stored_upload_data(AGREEMENT_A)) is not None and (b := stored_upload_data(AGREEMENT_B)) is not None:
    files = (a[0].encode("utf-8"), a[1], b[0].encode("utf-8"), b[1])
else:
    st.info(t("agr.upload_both"))
    finish_page()
    st.stop()

try:
    matched = agreement_from_bytes(*files, field=None if field == "all" else field)
except InputError as error:
    st.error(t("rag.upload_failed", message=error_text(error, lang)))
    finish_page()
    st.stop()
try:
    check_count("agreement", len(matched.pairs), files[1])
except InputError as error:
    st.error(t("rag.upload_failed", message=error_text(error, lang)))
    finish_page()
    st.stop()
result = matched.agreement()

# ---------------------------------------------------------------- figures
left, middle, right = card_row(3, border=False)
left.metric(t("agr.raw"), "N/A" if result.agreement is None else format_percent(result.agreement, lang),
            help=t("agr.raw_help"))
middle.metric(t("agr.kappa"), "N/A" if result.kappa is None else format_number(result.kappa, lang),
              help=t("agr.kappa_help"))
right.metric(t("agr.chance"), "N/A" if result.expected_agreement is None else
             format_percent(result.expected_agreement, lang), help=t("agr.chance_help"))
st.caption(t("agr.raw_line", line=proportion_text(result.agreement_interval)))
if result.kappa is not None and result.low is not None:
    st.caption(t("agr.kappa_line", kappa=format_number(result.kappa, lang), low=format_number(result.low, lang),
                 high=format_number(result.high, lang)))
if result.kappa is None:
    st.warning(t("agr.kappa_na"))
elif result.note:
    st.caption(t(f"agr.note.{result.note}"))
st.caption(t("agr.matched", units=result.units, only_a=matched.only_a, only_b=matched.only_b,
             neither=matched.neither))
for side, ids in (("a", matched.cases_only_a), ("b", matched.cases_only_b)):
    if ids:
        st.caption(t(f"agr.cases_only_{side}", count=len(ids), ids=id_list(ids)))

with st.expander(t("agr.why_title"), expanded=True):
    if result.kappa is not None:
        st.markdown(t("agr.why", raw=format_percent(result.agreement, lang),
                      chance=format_percent(result.expected_agreement, lang),
                      kappa=format_number(result.kappa, lang)))
    else:
        st.markdown(t("agr.why_general"))

# ---------------------------------------------------------------- confusion table and disagreements
st.subheader(t("agr.table_title"))
if result.categories:
    names = [_label(c) for c in result.categories]
    table = pd.DataFrame([list(row) for row in result.table], columns=[f"B: {n}" for n in names],
                         index=[f"A: {n}" for n in names])
    st.dataframe(table, width="content")
st.subheader(t("agr.disagreements_title", count=len(matched.disagreements)))
if matched.disagreements:
    st.dataframe(pd.DataFrame([{
        t("rag.case"): p.case, t("agr.unit"): f"{translate(lang, f'units.{p.kind}')} {p.unit}",
        t("agr.label"): translate(lang, f"agr.field.{p.field}"), t("agr.text"): p.text,
        "A": _label(p.a), "B": _label(p.b),
    } for p in matched.disagreements]), hide_index=True, width="stretch")
else:
    st.caption(t("agr.no_disagreements"))

finish_page()
