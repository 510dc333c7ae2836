"""The compare page's data: system A's and system B's labelled cases, as stored in the person's workspace.

As on the agreement page (``ui/page_data/agreement.py``), the page shows one of two pairs ``(A, B)``, chosen by
the ``cmp_source`` setting:

- ``"builtin"``: the built-in pair (the first of ``assets/compare/pairs.json``) in the person's language; stored
  in the :data:`~ui.frame.data_kinds.COMPARE_PAIR` slot with the first label the person changes, and translated
  with every edit kept when the language changes (``ui.widgets.data_source.follow_language``);
- ``"upload"``: the pair read from two uploaded files. Each file is kept as it was read (RAGAS rows already turned
  into cases, :func:`uncase_core.rag.files.read_rag_file`) as soon as it is uploaded, one at a time
  (:data:`~ui.frame.data_kinds.COMPARE_UPLOAD_A`, :data:`~ui.frame.data_kinds.COMPARE_UPLOAD_B`). While both are
  there and answer the same cases, their pair is the one shown; it is stored in
  :data:`~ui.frame.data_kinds.COMPARE_UPLOADED_PAIR` with the first label changed, and stays the pair shown for
  as long as it is what the two files hold (another file starts from that file's labels; the same file again
  brings the changes back). Two files whose case ids differ are not compared: :attr:`CompareView.pair` raises
  the core's :class:`~uncase_core.errors.InputError`, naming the ids only in A and only in B.

Each slot holds the pair as loaded and one edit record per label changed (:mod:`uncase_core.compare.edits`), so
switching between the sources loses nothing. Each system is labelled with the RAG page's label tables, one case
at a time (:class:`SystemView`, a :class:`~ui.page_data.rag_cases.RagView`); the case on screen is the same for
both systems (by id: B's file may list the cases in another order). No Streamlit here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ui.frame.data_kinds import COMPARE_PAIR, COMPARE_UPLOAD_A, COMPARE_UPLOAD_B, COMPARE_UPLOADED_PAIR, DataKind
from ui.frame.workspace import Workspace
from ui.i18n import LANGUAGES
from ui.page_data.rag_cases import RagView
from ui.page_data.stored_pair import Pair, StoredPair
from ui.widgets.labels import mark_stored
from uncase_core.assets.reader import SystemPair, load_pair_index, load_system_pair
from uncase_core.compare.edits import SYSTEMS, system_label
from uncase_core.compare.systems import match_cases
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagCase, RagDataset

SOURCE_KEY = "cmp_source"  # workspace settings: the pair shown, the case on screen, the system labelled,
CASE_KEY = "cmp_case"  # the metadata field of the strata, the dimension declared first and the dimension whose
# details are open
SYSTEM_KEY = "cmp_system"
STRATUM_KEY = "cmp_stratum"
PRIMARY_KEY = "cmp_primary"
SOURCES = ("builtin", "upload")
NO_STRATUM = "-"  # the stratum choice "none" (no metadata field is called so)
NO_PRIMARY = "-"  # no dimension declared first: Holm over the four (no dimension is called so)
UPLOADS: Mapping[str, DataKind] = MappingProxyType({"a": COMPARE_UPLOAD_A, "b": COMPARE_UPLOAD_B})


@lru_cache(maxsize=1)
def builtin_pairs() -> tuple[SystemPair, ...]:
    return load_pair_index()


@lru_cache(maxsize=8)
def builtin_pair(language: str, pair_id: str | None = None) -> Pair:
    """The built-in pair ``pair_id`` (the first one by default) in ``language``, English when there is none."""
    pairs = builtin_pairs()
    chosen = next((pair for pair in pairs if pair.id == pair_id), pairs[0])
    return load_system_pair(chosen, language)


def builtin_entry(pair_id: str | None) -> SystemPair:
    """The index entry of a built-in pair (its title and summary); the first one for an id it no longer has."""
    pairs = builtin_pairs()
    return next((pair for pair in pairs if pair.id == pair_id), pairs[0])


def shown_source(workspace: Workspace) -> str:
    """The pair the page shows: ``"builtin"`` or ``"upload"`` (the stored ``cmp_source``)."""
    source = workspace.setting(SOURCE_KEY, SOURCES[0])
    return source if source in SOURCES else SOURCES[0]


def uploaded(workspace: Workspace, side: str) -> tuple[RagDataset, str] | None:
    """``(cases, file name)`` of one system's uploaded file as it was read, or None."""
    kind = UPLOADS[side]
    stored = workspace.source(kind)
    return None if stored is None else (workspace.data(kind), stored[0])


def matched(a: RagDataset, name_a: str, b: RagDataset, name_b: str) -> Pair:
    """The two files as a pair, when they answer the same cases; else the core's InputError, naming the files
    (and, for ids that differ, the ids only in A and only in B)."""
    try:
        match_cases(a, b)
    except InputError as error:
        if error.code == "case_ids_differ":  # about both files: their names, not the core's argument name
            raise error.at("").located(f"{name_a} · {name_b}") from None
        side_b = error.where.startswith("cases_b")
        where = error.where.removeprefix("cases_b" if side_b else "cases_a")
        raise error.at(f"cases{where}" if where else "").located(name_b if side_b else name_a) from None
    return a, b


def metadata_fields(cases: Sequence[RagCase]) -> list[str]:
    """The metadata fields any of ``cases`` has, in name order (what the strata can be made of)."""
    return sorted({str(name) for case in cases for name in case.metadata})


class CompareView(StoredPair):
    """The compare page's view of a workspace for one source (``"builtin"`` or ``"upload"``) and language."""

    def __init__(self, workspace: Workspace, source: str, language: str) -> None:
        super().__init__()
        self.workspace = workspace
        self.source = source if source in SOURCES else SOURCES[0]
        self.language = language if language in LANGUAGES else "en"
        self.kind: DataKind = COMPARE_PAIR if self.source == "builtin" else COMPARE_UPLOADED_PAIR
        if self.source == "upload":
            files = [uploaded(workspace, side) for side in SYSTEMS]
            if files[0] is not None and files[1] is not None:
                try:
                    self._uploads = matched(*files[0], *files[1])
                except InputError as error:
                    self._upload_error = error

    # ------------------------------------------------------------ the pair

    @property
    def pair_id(self) -> str:
        """The built-in pair's id (as stored with it, or the first of the index)."""
        stored = self.workspace.source(COMPARE_PAIR)
        return builtin_entry(stored[0] if stored is not None else None).id

    def builtin(self) -> Pair:
        return builtin_pair(self.language, self.pair_id)

    def file_names(self) -> tuple[str, str]:
        """A's and B's file names: the built-in files in the view's language, or the uploads (empty while
        missing)."""
        if self.source == "builtin":
            return f"{self.pair_id}_a_{self.language}.json", f"{self.pair_id}_b_{self.language}.json"
        names = [uploaded(self.workspace, side) for side in SYSTEMS]
        return tuple(("" if name is None else name[1]) for name in names)  # type: ignore[return-value]

    # ------------------------------------------------------------ the case on screen and the label records

    def case_index(self) -> int:
        """The case on screen, a position in system A's cases (the stored ``cmp_case``)."""
        pair = self.pair
        count = 0 if pair is None else len(pair[0].cases)
        index = self.workspace.setting(CASE_KEY, 0)
        return index if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count else 0

    def stamp(self) -> str:
        """What changes when new data is loaded: then the label tables start over."""
        if self.source == "builtin":
            return str(self.workspace.loaded_at(COMPARE_PAIR))
        return f"{self.workspace.loaded_at(COMPARE_UPLOAD_A)}-{self.workspace.loaded_at(COMPARE_UPLOAD_B)}"

    def store(self, side: str, records: Sequence[Mapping[str, Any]]) -> None:
        """Store RAG label records made on one system's cases as that system's records of the pair.

        The uploaded pair is stored first when its slot holds another one (or none). A StoreError (the
        workspace is full, the database is down) propagates with nothing changed.
        """
        if not records:
            return
        pair, loaded = self.pair, self.loaded()
        if pair is None or loaded is None:
            raise ValueError("no pair to label")  # the page draws the label tables only when there is one
        edits = [system_label(pair, side, record["case"], record["kind"], record["unit"], record["field"],
                              record["value"]) for record in records]
        if self.source == "upload" and not self.in_step():
            names = list(self.file_names())
            self.workspace.replace(self.kind, loaded, " · ".join(names), "upload", {"files": names})
        self.workspace.edit(self.kind, edits, lambda: (loaded, self.pair_id, "builtin"))

    def system(self, side: str) -> SystemView:
        return SystemView(self, side)


class SystemView(RagView):
    """The RAG label tables' view of one system of the pair (call only while the pair can be shown)."""

    case_key = CASE_KEY

    def __init__(self, compare: CompareView, side: str) -> None:
        self.compare = compare
        self.side = side
        self.position = SYSTEMS.index(side)
        self.kind = compare.kind
        self.prefix = f"cmp_{side}"
        super().__init__(compare.workspace, self._no_default)

    def _no_default(self) -> tuple[RagDataset, str, str]:
        raise LookupError("the compare page gives its systems' data itself")

    @property
    def dataset(self) -> RagDataset:
        return self.compare.pair[self.position]  # type: ignore[index]

    @property
    def original(self) -> RagDataset:
        return self.compare.original[self.position]  # type: ignore[index]

    @property
    def source(self) -> tuple[str, str]:
        return self.compare.file_names()[self.position], self.compare.source

    @property
    def changed(self) -> bool:
        return self.compare.changed and self.dataset != self.original

    @property
    def case_index(self) -> int:
        """The case on screen in this system's own order (found by system A's case id)."""
        chosen = self.compare.pair[0].cases[self.compare.case_index()].id  # type: ignore[index]
        return next(i for i, case in enumerate(self.dataset.cases) if case.id == chosen)

    def editor_key(self, kind: str, language: str) -> str:
        # New with other data, a new revision, another case or language (translated column labels give the editor
        # a new identity); the same when the uploaded pair is stored with its first label.
        return (f"{self.prefix}_editor_{kind}_{self.compare.source}_{self.compare.stamp()}_"
                f"{self.workspace.revision}_{self.case_index}_{language}")

    def own_index(self, case: int) -> int:
        """System A's case ``case`` (the page's order) in this system's own file."""
        chosen = self.compare.pair[0].cases[case].id  # type: ignore[index]
        return next(i for i, found in enumerate(self.dataset.cases) if found.id == chosen)

    def store_labels(self, records: list[dict[str, Any]]) -> None:
        """Focus mode's write path: the label records as this system's records of the pair."""
        self.compare.store(self.side, records)

    def apply_editor_states(self, state: Mapping[str, Any], language: str) -> None:
        """Store the label changes this system's tables report and have not stored yet (StoreError propagates
        with nothing changed)."""
        records, tables = self.pending(state, language)
        self.compare.store(self.side, records)
        for key, widget_state in tables:
            mark_stored(self.workspace.editors, key, widget_state)
