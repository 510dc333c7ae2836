"""How the app names what the core returns: a dimension, a metadata field and its values, a label.

Shared by every page (RAG, compare, drills, the dataset workbench, the judge, rooms, lessons), so it lives with the
widgets and not in one domain's views (fourteen files of other domains imported it from the RAG view).
"""

from __future__ import annotations

from ui.frame.state import language, t
from ui.i18n import has_key, translate
from uncase_core.datasets.workbench import MISSING


def metric_name(name: str) -> str:
    """A dimension's name in the session's language (``faithfulness`` -> "Fidelidad")."""
    return t(f"metric.{name}")


def field_label(field: str, lang: str | None = None) -> str:
    """A metadata field's name in the person's language (``domain`` -> "ámbito"); unknown fields as they are.

    Pass ``lang`` in a widget's ``format_func``: Streamlit calls it outside the run too, and the options must be
    formatted in the language the widget was drawn in.
    """
    lang = lang or language()
    return translate(lang, f"meta.{field}") if has_key(f"meta.{field}") else str(field)


def field_value(field: str, value: object, lang: str | None = None) -> str:
    """A metadata value for display: the contract's codes translated (``health`` -> "salud"), others as they are."""
    lang = lang or language()
    text = str(value)
    if text == MISSING:
        return translate(lang, "meta.missing")
    key = f"meta.{field}.{text}"
    return translate(lang, key) if has_key(key) else text


def label_value(value: object, lang: str | None = None) -> str:
    """A label as people read it: yes, no, or not labelled."""
    key = "value.yes" if value is True else "value.no" if value is False else "value.unlabelled_label"
    return translate(lang or language(), key)
