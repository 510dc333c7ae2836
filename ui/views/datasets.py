"""What the dataset workbench draws from the core's results: strata with their intervals and hidden failures,
leakage and near-duplicates across splits, the revision log, and the difference from another version."""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.lessons import hidden
from ui.frame.state import current_workspace, t
from ui.i18n import format_number, format_percent, percent_axis
from ui.widgets.figures import figure_text
from ui.widgets.layout import show_chart
from ui.widgets.names import field_label, field_value, label_value
from ui.widgets.proportions import drawn_proportion, proportion_text
from ui.widgets.text import id_list, literal, plot_text, text_table
from uncase_core.datasets.workbench import diff_datasets, find_similar, revisions, strata
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS


def _metric(name: str) -> str:
    return t(f"metric.{name}")


def draw_strata(cases: Any, field: str, metric: str, min_units: int, lang: str) -> None:
    """One metric per value of a metadata field, with its interval, the threshold and the overall line; the
    strata that fail where the whole passes."""
    st.header(t("wb.strata_title", field=literal(field_label(field))))
    result = strata(cases, field, min_units=min_units)
    values = [plot_text(field_value(field, s.value)) for s in result.strata]  # plotly draws HTML in ticks
    props = [drawn_proportion(s.metrics[metric], "workbench.rate") for s in result.strata]
    overall = result.overall[metric]
    threshold = DEFAULT_THRESHOLDS[metric]
    figure = go.Figure(
        data=[go.Bar(x=values, y=[p.value or 0 for p in props], marker={"color": "#3b6ea8"},
                     error_y={"type": "data", "visible": any(p.low is not None for p in props),
                              "array": [(p.high or 0) - (p.value or 0) for p in props],
                              "arrayminus": [(p.value or 0) - (p.low or 0) for p in props]},
                     customdata=["N/A" if p.value is None else format_percent(p.value, lang, 0) for p in props],
                     hovertemplate="%{x}: %{customdata}<extra></extra>")],
        layout={"height": 340, "yaxis": {"range": [0, 1.12], **percent_axis(lang)},
                "margin": {"l": 10, "r": 10, "t": 30, "b": 10}},
    )
    # Both reference lines are labelled at the left edge, above the plot's bars where nothing hides them.
    figure.add_hline(y=threshold, line_color="#b3261e", line_width=2, annotation_position="top left",
                     annotation_text=t("wb.threshold_line", value=format_percent(threshold, lang, 0)),
                     annotation_font_color="#b3261e", annotation_bgcolor="rgba(255,255,255,0.85)")
    if overall.value is not None:
        figure.add_hline(y=overall.value, line_dash="dot", annotation_position="top right",
                         annotation_text=t("wb.overall"), annotation_bgcolor="rgba(255,255,255,0.85)")
    show_chart(figure)
    hide = hidden(current_workspace(), "workbench", "failing_stratum")  # the lesson's step asks for it
    if hide and result.hidden_failures:
        st.caption(t("lesson.hidden_part"))
    for failure in () if hide else result.hidden_failures:
        # An uncertain stratum is not a confirmed failure: a warning to label more, not an error.
        box = st.error if failure.certainty == "clear" else st.warning
        box(figure_text("workbench.stratum.verdict", f"wb.hidden.{failure.certainty}",
                        field=literal(field_label(failure.field)),
              value=literal(field_value(failure.field, failure.value)), metric=_metric(failure.metric)))
    if result.too_small:
        st.caption(t("wb.too_small", values=literal(", ".join(field_value(field, v) for v in result.too_small)),
                     min_units=min_units))
    text_table(pd.DataFrame([
        {t("wb.value"): field_value(field, s.value), t("wb.cases"): s.cases,
         **{_metric(m): ("N/A" if s.metrics[m].value is None else
                         f"{s.metrics[m].successes}/{s.metrics[m].total} · {format_percent(s.metrics[m].value, lang)}")
            for m in METRICS}}
        for s in result.strata
    ]), hide_index=True, width="stretch")


def draw_leakage(cases: Any, ngram: int, cutoff: float, lang: str) -> None:
    """Near-identical questions across splits (leakage) and within one (duplicates), and the splits' balance."""
    st.header(t("wb.leakage_title"))
    report = find_similar(cases, n=ngram, cutoff=cutoff)
    st.caption(t("wb.method.exact", method=t(f"wb.method_name.{report.method}")) if report.exact else
               t("wb.method.minhash", miss=f"{report.miss_probability:.0e}"))
    by_id = {c.id: c for c in cases}
    for title, pairs in ((t("wb.leakage"), report.leakage), (t("wb.duplicates"), report.duplicates)):
        st.markdown(f"**{title}** ({len(pairs)})")
        if pairs:
            # The short columns first (the two ids, the kind a lesson asks about, the similarity, the splits), the
            # two questions last: at 800 px the main area shows about three columns without scrolling sideways.
            text_table(pd.DataFrame([{
                "a": p.a, "b": p.b, t("wb.kind"): t(f"wb.kind.{p.kind}"),
                t("wb.similarity"): format_number(p.similarity, lang, 3),
                t("wb.split_a"): field_value("split", p.split_a), t("wb.split_b"): field_value("split", p.split_b),
                t("wb.text_a"): by_id[p.a].question, t("wb.text_b"): by_id[p.b].question,
            } for p in pairs]), hide_index=True, width="stretch")
    st.markdown(f"**{t('wb.balance')}**")
    text_table(pd.DataFrame([{t("wb.split"): field_value("split", split),
                                **{t(f"wb.{k}"): v for k, v in counts.items()}}
                               for split, counts in report.balance.items()]), hide_index=True, width="stretch")


def draw_revision_log(dataset: RagDataset) -> None:
    log = revisions(dataset)
    if log:
        text_table(pd.DataFrame([{t("common.case"): r.case, t("wb.unit_id"): r.unit,
                                    t("wb.field"): t(f"label.{r.field}"),
                                    t("wb.old"): label_value(r.old), t("wb.new_value"): label_value(r.new),
                                    t("wb.reason"): r.reason or t("wb.no_reason"), t("wb.author"): r.author,
                                    t("wb.time"): r.time} for r in log]), hide_index=True, width="stretch")
    else:
        st.caption(t("wb.no_history"))


def draw_diff(dataset: RagDataset, other: RagDataset, lang: str) -> None:
    """What another version of the dataset added, removed and relabelled, and how each metric moved."""
    st.header(t("wb.diff_title"))
    try:
        changes = diff_datasets(dataset, other)
    except InputError as error:
        st.error(t("common.upload_failed", message=error_text(error, lang)))
    else:
        st.markdown(t("wb.diff_summary", added=len(changes.added), removed=len(changes.removed),
                      changed=len(changes.changed), labels=len(changes.label_changes)))
        for name, ids in (("added", changes.added), ("removed", changes.removed), ("changed", changes.changed)):
            if ids:
                st.caption(t(f"wb.diff_{name}", ids=id_list(ids, 30)))
        if changes.label_changes:
            text_table(pd.DataFrame([{t("common.case"): c.case, t("wb.unit_id"): c.unit,
                                        t("wb.field"): t(f"label.{c.field}"), t("wb.old"): label_value(c.old),
                                        t("wb.new_value"): label_value(c.new)}
                                       for c in changes.label_changes]), hide_index=True, width="stretch")
        text_table(pd.DataFrame([{t("table.dimension"): _metric(m),
                                  t("wb.before"): proportion_text(a, "workbench.rate"),
                                  t("wb.after"): proportion_text(b, "workbench.rate")}
                                   for m, (a, b) in changes.metric_moves.items()]), hide_index=True, width="stretch")
