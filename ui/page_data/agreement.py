"""The agreement page's data: two annotators' labels of the same cases, as stored in the person's workspace.

The page shows one of two pairs ``(A, B)`` of RAG datasets, chosen by the ``agr_source`` setting:

- ``"builtin"``: the pair of ``assets/agreement`` in the person's language; stored in the
  :data:`~ui.frame.data_kinds.AGREEMENT_PAIR` slot with the first label the person changes, and
  translated with every edit kept when the language changes (``ui.widgets.data_source.follow_language``);
- ``"upload"``: the pair read from the two uploaded files. Each file is kept as its text as soon as
  it is uploaded (:data:`~ui.frame.data_kinds.AGREEMENT_A`, :data:`~ui.frame.data_kinds.AGREEMENT_B`), one at a
  time; the pair read from them is stored in :data:`~ui.frame.data_kinds.AGREEMENT_UPLOADED_PAIR` with the
  first label changed, and it is the pair shown for as long as it is what the two files hold (a
  different file starts from that file's labels; the same file again brings the changes back).

Each slot holds the pair as loaded and one edit record per label changed
(:func:`uncase_core.shared.edits.apply_agreement_edit`); having one slot per source means switching
between them loses nothing.

The lesson runner builds its snapshot (``Snapshot(page="agreement", data=..., original=...)``)
from :func:`current_pair` and :func:`original_pair`.

The label table shows one case at a time: one row per label (a claim has two), with annotator
A's and B's boxes side by side and a mark where they differ. What the table reports becomes edit
records as on the RAG page (:mod:`ui.widgets.labels`). No Streamlit here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B, AGREEMENT_PAIR, AGREEMENT_UPLOADED_PAIR, DataKind
from ui.frame.workspace import Workspace
from ui.i18n import LANGUAGES, translate
from ui.page_data.stored_pair import Pair, StoredPair
from ui.widgets.labels import editor_base, mark_stored, new_cells
from uncase_core.agreement.edits import agreement_label
from uncase_core.agreement.pairs import FIELDS as LABEL_NAMES
from uncase_core.assets.reader import ASSETS
from uncase_core.errors import InputError
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset, dataset_from_bytes, dataset_from_text
from uncase_core.rag.edits import ANNOTATORS

SOURCE_KEY = "agr_source"
FIELD_KEY = "agr_field"
CASE_KEY = "agr_case"
SOURCES = ("builtin", "upload")
ALL_FIELDS = "all"
FIELDS = (ALL_FIELDS, *LABEL_NAMES)
DIFFER = "≠"  # the mark of a label the two annotators gave differently
TABLE_COLUMNS = ("a", "b", "differ", "id", "kind", "label", "text")


def builtin_pair(language: str) -> Pair:
    """The built-in pair (``assets/agreement``) in ``language``, English when there is none."""
    folder = ASSETS / "agreement"
    if not (folder / f"annotator_a_{language}.json").exists():
        language = "en"
    a, b = (folder / f"annotator_{side}_{language}.json" for side in ANNOTATORS)
    return dataset_from_bytes(a.read_bytes(), a.name), dataset_from_bytes(b.read_bytes(), b.name)


def shown_source(workspace: Workspace) -> str:
    """The pair the page shows: ``"builtin"`` or ``"upload"`` (the stored ``agr_source``)."""
    source = workspace.setting(SOURCE_KEY, SOURCES[0])
    return source if source in SOURCES else SOURCES[0]


def uploaded_files(workspace: Workspace) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """``((text, file name) of A, (text, file name) of B)`` as uploaded, or None while either is missing."""
    files = []
    for kind in (AGREEMENT_A, AGREEMENT_B):
        stored = workspace.source(kind)
        if stored is None:
            return None
        files.append((workspace.data(kind), stored[0]))
    return files[0], files[1]


def uploaded_text(workspace: Workspace, kind: DataKind) -> tuple[str, str] | None:
    """``(text, file name)`` of one annotator's uploaded file, or None."""
    stored = workspace.source(kind)
    return None if stored is None else (workspace.data(kind), stored[0])


def read_uploads(workspace: Workspace) -> Pair | None:
    """The pair the two uploaded files hold (None while either is missing); InputError names a file that is not a
    RAG dataset."""
    files = uploaded_files(workspace)
    if files is None:
        return None
    (text_a, name_a), (text_b, name_b) = files
    return dataset_from_text(text_a, name_a), dataset_from_text(text_b, name_b)


# ---------------------------------------------------------------- the table's rows


@dataclass(frozen=True)
class CaseRef:
    """One case of the pair: its id, its position in A's and in B's dataset (None where that file lacks it)."""

    id: str
    a: int | None
    b: int | None
    question: str


@dataclass(frozen=True)
class Row:
    """One label of one unit in a case: the unit's position in A's and B's case (None where missing)."""

    kind: str
    unit_id: str
    text: str
    field: str
    a: int | None
    b: int | None

    def position(self, annotator: str) -> int | None:
        return self.a if annotator == "a" else self.b


def pair_cases(pair: Pair) -> tuple[CaseRef, ...]:
    """Every case of the pair: A's in A's order, then the cases only B has, in B's order."""
    in_b = {case.id: i for i, case in enumerate(pair[1].cases)}
    refs = [CaseRef(case.id, i, in_b.get(case.id), case.question) for i, case in enumerate(pair[0].cases)]
    in_a = {case.id for case in pair[0].cases}
    refs += [CaseRef(case.id, None, i, case.question) for i, case in enumerate(pair[1].cases) if case.id not in in_a]
    return tuple(refs)


def same_cases(old: RagDataset, new: RagDataset) -> bool:
    """Whether ``new`` has the cases of ``old`` in the same places, with the same ids and questions (what
    :func:`pair_cases` reads): a label change makes one new case object and keeps the others."""
    return len(old.cases) == len(new.cases) and all(
        x is y or (x.id == y.id and x.question == y.question) for x, y in zip(old.cases, new.cases, strict=True))


def case_rows(pair: Pair, ref: CaseRef, field: str) -> tuple[Row, ...]:
    """The rows of one case's table: its units in A's order, then those only B has; one row per label ``field``
    (``"all"``: every label of the unit)."""
    rows = []
    for kind in UNIT_KINDS:
        names = [name for name in LABEL_FIELDS[kind] if field in (ALL_FIELDS, name)]
        if not names:
            continue
        units_a = () if ref.a is None else pair[0].cases[ref.a].units(kind)
        units_b = () if ref.b is None else pair[1].cases[ref.b].units(kind)
        in_b = {unit.id: j for j, unit in enumerate(units_b)}
        in_a = {unit.id for unit in units_a}
        units = [(unit, i, in_b.get(unit.id)) for i, unit in enumerate(units_a)]
        units += [(unit, None, j) for j, unit in enumerate(units_b) if unit.id not in in_a]
        rows += [Row(kind, unit.id, unit.text, name, a, b) for unit, a, b in units for name in names]
    return tuple(rows)


def row_labels(pair: Pair, ref: CaseRef, row: Row) -> tuple[bool | None, bool | None]:
    """A's and B's label of ``row`` (None where not labelled, or where that file lacks the unit)."""
    labels = []
    for side, dataset in zip(ANNOTATORS, pair, strict=True):
        case, unit = (ref.a, row.a) if side == "a" else (ref.b, row.b)
        labels.append(None if case is None or unit is None
                      else dataset.cases[case].units(row.kind)[unit].label(row.field))
    return labels[0], labels[1]


def differs(a: bool | None, b: bool | None) -> bool:
    """Both annotators labelled the unit, differently (the pairs :func:`uncase_core.agreement.pairs.match_labels`
    counts as a disagreement)."""
    return a is not None and b is not None and a != b


def rows_frame(pair: Pair, ref: CaseRef, rows: Sequence[Row], language: str) -> pd.DataFrame:
    """The label table of one case: A's and B's boxes (nullable booleans), the mark, id, kind, label and text."""
    labels = [row_labels(pair, ref, row) for row in rows]
    return pd.DataFrame({
        "a": pd.Series([a for a, _ in labels], dtype="boolean"),
        "b": pd.Series([b for _, b in labels], dtype="boolean"),
        "differ": pd.Series([DIFFER if differs(a, b) else "" for a, b in labels], dtype="string"),
        "id": pd.Series([row.unit_id for row in rows], dtype="string"),
        "kind": pd.Series([translate(language, f"agr.kind.{row.kind}") for row in rows], dtype="string"),
        "label": pd.Series([translate(language, f"label.{row.field}") for row in rows], dtype="string"),
        "text": pd.Series([row.text for row in rows], dtype="string"),
    }, columns=list(TABLE_COLUMNS))


def changed_labels(original: Pair, current: Pair) -> int:
    """How many labels (of both annotators) differ from the pair as loaded."""
    count = 0
    for before, now in zip(original, current, strict=True):
        for old, case in zip(before.cases, now.cases, strict=True):
            if old is case:
                continue  # a label change replaces its case and keeps every other
            for kind in UNIT_KINDS:
                count += sum(1 for u, v in zip(old.units(kind), case.units(kind), strict=True)
                             for name in LABEL_FIELDS[kind] if u.label(name) != v.label(name))
    return count


# ---------------------------------------------------------------- the page's view of the workspace


@dataclass(frozen=True)
class Refused:
    """A box ticked where that annotator's file has no such unit: nothing is stored."""

    annotator: str
    case: str
    row: Row


class AgreementView(StoredPair):
    """The agreement page's view of a workspace for one source (``"builtin"`` or ``"upload"``) and language."""

    def __init__(self, workspace: Workspace, source: str, language: str) -> None:
        super().__init__()
        self.workspace = workspace
        self.source = source if source in SOURCES else SOURCES[0]
        self.language = language if language in LANGUAGES else "en"
        self.kind: DataKind = AGREEMENT_PAIR if self.source == "builtin" else AGREEMENT_UPLOADED_PAIR
        # The files are read once per view (a page run); an unreadable upload raises when the pair is asked for.
        self._builtin: Pair | None = None
        self._cases: tuple[Pair, tuple[CaseRef, ...]] | None = None
        if self.source == "upload":
            try:
                self._uploads = read_uploads(workspace)
            except InputError as error:
                self._upload_error = error

    # ------------------------------------------------------------ the pair

    def builtin(self) -> Pair:
        if self._builtin is None:
            self._builtin = builtin_pair(self.language)
        return self._builtin

    def file_names(self) -> tuple[str, str]:
        """A's and B's file names: the built-in files in the view's language, or the uploads (empty while
        missing)."""
        if self.source == "builtin":
            return f"annotator_a_{self.language}.json", f"annotator_b_{self.language}.json"
        files = uploaded_files(self.workspace)
        return ("", "") if files is None else (files[0][1], files[1][1])

    # ------------------------------------------------------------ the case and its table

    def _pair_cases(self, pair: Pair) -> tuple[CaseRef, ...]:
        """:func:`pair_cases`, worked out once per pair, and kept when a label change made a new pair of the same
        cases (a tick asks for them a dozen times)."""
        if self._cases is None or self._cases[0] is not pair:
            same = self._cases is not None and all(
                same_cases(old, new) for old, new in zip(self._cases[0], pair, strict=True))
            self._cases = (pair, self._cases[1] if same and self._cases is not None else pair_cases(pair))
        return self._cases[1]

    def cases(self) -> tuple[CaseRef, ...]:
        pair = self.pair
        return () if pair is None else self._pair_cases(pair)

    def case_index(self, count: int) -> int:
        index = self.workspace.setting(CASE_KEY, 0)
        return index if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count else 0

    def shown(self) -> tuple[Pair, CaseRef] | None:
        """The pair and the case its table shows (the stored ``agr_case``), or None when there is no pair."""
        pair = self.pair
        if pair is None:
            return None
        cases = self._pair_cases(pair)
        return (pair, cases[self.case_index(len(cases))]) if cases else None

    def case(self) -> CaseRef | None:
        shown = self.shown()
        return None if shown is None else shown[1]

    def rows(self, field: str) -> tuple[Row, ...]:
        shown = self.shown()
        return () if shown is None else case_rows(*shown, field)

    def _stamp(self) -> str:
        """What changes when new data is loaded: then the tables start over."""
        if self.source == "builtin":
            return str(self.workspace.loaded_at(self.kind))
        return f"{self.workspace.loaded_at(AGREEMENT_A)}-{self.workspace.loaded_at(AGREEMENT_B)}"

    def editor_key(self, field: str) -> str:
        # The language is part of the key: translated column labels give the editor a new identity.
        cases = self.cases()
        return (f"agr_editor_{self.source}_{self._stamp()}_{self.workspace.revision}_{self.case_index(len(cases))}_"
                f"{field}_{self.language}")

    def editor_table(self, field: str, has_widget_state: bool) -> pd.DataFrame:
        """The table to give the editor this run: its base (see :mod:`ui.widgets.labels`), with the marks of the labels
        as they are now (the base's boxes plus the edits the editor reports are what the person sees)."""
        shown = self.shown()
        if shown is None:
            raise ValueError("no pair to show")  # the page shows the table only when it has a pair
        pair, ref = shown
        rows = case_rows(pair, ref, field)
        base = editor_base(self.workspace.editors, self.editor_key(field), has_widget_state,
                           lambda: rows_frame(pair, ref, rows, self.language))
        table = base.copy()
        table["differ"] = pd.Series([DIFFER if differs(*row_labels(pair, ref, row)) else "" for row in rows],
                                    dtype="string")
        return table

    def pending(self, state: Mapping[str, Any], field: str
                ) -> tuple[list[dict[str, Any]], list[Refused], tuple[str, Any]]:
        """The records the current case's table reports and has not stored yet, the boxes it cannot store, and
        the table's ``(key, state)``."""
        key = self.editor_key(field)
        widget_state = state.get(key) if key in state else None
        records: list[dict[str, Any]] = []
        refused: list[Refused] = []
        shown = self.shown()
        if shown is None:
            return records, refused, (key, widget_state)
        pair, ref = shown
        rows = case_rows(pair, ref, field)
        for number, column, value in new_cells(self.workspace.editors, key, widget_state):
            if column not in ANNOTATORS or number >= len(rows):
                continue
            row = rows[number]
            label = None if value is None else bool(value)
            case, unit = (ref.a if column == "a" else ref.b), row.position(column)
            if case is None or unit is None:
                refused.append(Refused(column, ref.id, row))
                continue
            # A box set to the label already stored (e.g. by another tab) changes nothing: nothing to store.
            if row_labels(pair, ref, row)[ANNOTATORS.index(column)] != label:
                records.append(agreement_label(pair, column, case, row.kind, unit, row.field, label))
        return records, refused, (key, widget_state)

    def apply_editor_states(self, state: Mapping[str, Any], field: str) -> list[Refused]:
        """Store the label changes the current case's table reports and has not stored yet; return the boxes
        that could not be stored (that annotator's file lacks the unit).

        The uploaded pair is stored first when the slot holds another one (or none). A StoreError (the
        workspace is full, the database is down) propagates with nothing changed.
        """
        records, refused, (key, widget_state) = self.pending(state, field)
        self.store_labels(records)
        mark_stored(self.workspace.editors, key, widget_state)
        return refused

    def store_labels(self, records: list[dict[str, Any]]) -> None:
        """Store label records (:func:`uncase_core.agreement.edits.agreement_label`): the one write path of the
        label table and focus mode. The uploaded pair is stored first when the slot holds another one (or none); a
        StoreError propagates with nothing changed."""
        if not records:
            return
        if self.source == "upload" and not self.in_step():
            files, loaded = uploaded_files(self.workspace), self.loaded()
            if files is not None and loaded is not None:  # (the table shows only then)
                names = [name for _, name in files]
                self.workspace.replace(self.kind, loaded, " + ".join(names), "upload", {"files": names})
        self.workspace.edit(self.kind, records, lambda: (self.loaded(), "builtin", "builtin"))

    def set_label(self, annotator: str, ref: CaseRef, row: Row, value: bool | None) -> bool | None:
        """Store one annotator's label of ``row`` as the table would (focus mode): True when stored, False when it
        already was that, None when that annotator's file has no such unit (nothing stored)."""
        pair = self.pair
        case, unit = (ref.a if annotator == "a" else ref.b), row.position(annotator)
        if pair is None or case is None or unit is None:
            return None
        if row_labels(pair, ref, row)[ANNOTATORS.index(annotator)] == value:
            return False
        self.store_labels([agreement_label(pair, annotator, case, row.kind, unit, row.field, value)])
        return True


# ---------------------------------------------------------------- for the lesson runner


def _view(workspace: Workspace) -> AgreementView:
    language = workspace.language
    return AgreementView(workspace, shown_source(workspace), language if isinstance(language, str) else "en")


def current_pair(workspace: Workspace) -> Pair | None:
    """The pair ``(A, B)`` the agreement page shows, with every label the person changed.

    The source is the stored ``agr_source`` (the built-in pair by default, in the workspace's
    language). None when the page has nothing to show: an upload is missing or cannot be read.
    """
    try:
        return _view(workspace).pair
    except InputError:
        return None


def original_pair(workspace: Workspace) -> Pair | None:
    """The same pair as loaded, before any change (None as for :func:`current_pair`)."""
    try:
        return _view(workspace).original
    except InputError:
        return None
