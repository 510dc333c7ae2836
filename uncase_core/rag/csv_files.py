"""Writing RAG cases as CSV, in the layout :mod:`uncase_core.rag.ragas` reads back.

Columns, in this order: ``id``, ``question``, ``context_1`` ... ``context_N`` (N the most
passages of any case), ``answer``, ``reference``, then, only when the sentence splitter would not
give a case's claims back from its answer (or its facts from the reference), ``claim_1`` ... and
``fact_1`` ..., then the metadata: ``language``, ``domain``, ``split`` and ``source`` when a case
has them (``source`` always, so that reading back adds no ``ragas-import``), and
``metadata.<key>`` for any other key, in the order first met.

Reading the written text back gives the same cases' ids, texts (question, passages, answer,
claims, reference facts) and metadata, with these limits:

- **labels are not in the CSV** (nor judge verdicts, unit ids or unknown keys): the units come
  back unlabelled, numbered ``p1``, ``c1``, ``f1``...; download the JSON to keep them;
- metadata values are written as text; one that is not text (a number, a list) is written as
  JSON and reads back as that text;
- a unit whose text is empty or only white space is not written (an empty cell is no unit).

``reference`` is the facts joined by spaces, or by line breaks when that is what the splitter
reads back as the same facts.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.ragas import CLAIM_PREFIX, FACT_PREFIX, METADATA_COLUMNS, METADATA_PREFIX
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.spreadsheets import csv_row

PASSAGE_COLUMN = "context_"
BOM = "\ufeff"


def _reference(facts: Sequence[str]) -> tuple[str, bool]:
    """The reference text for ``facts``, and whether the splitter reads the same facts back from it."""
    for joiner in (" ", "\n"):
        text = joiner.join(facts)
        if split_sentences(text) == list(facts):
            return text, True
    return " ".join(facts), False


def _texts(units: Sequence[Any]) -> list[str]:
    return [unit.text for unit in units if unit.text.strip()]


def _metadata_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, allow_nan=False)


def _metadata_columns(cases: Sequence[RagCase]) -> list[tuple[str, str]]:
    keys: list[str] = []
    for case in cases:
        keys.extend(key for key in case.metadata if key not in keys)
    named = [key for key in METADATA_COLUMNS if key in keys or key == "source"]
    free = [key for key in keys if key not in METADATA_COLUMNS]
    return [(key, key) for key in named] + [(METADATA_PREFIX + key, key) for key in free]


def dataset_to_csv(dataset: RagDataset, delimiter: str = ",", bom: bool = False, spreadsheet: bool = False) -> str:
    """The dataset's cases as CSV text (see the module's docstring); ``delimiter`` is ``","``, ``";"`` or ``"\\t"``.

    ``bom`` puts a byte-order mark in front, as Excel's "CSV UTF-8" does (Excel then reads the
    accents right). Lines end with ``\\n``; cells are quoted only when they need it. ``spreadsheet`` puts the
    spreadsheet guard's ``'`` before a text a spreadsheet would run as a formula
    (:func:`~uncase_core.shared.spreadsheets.formula_safe`); the reader keeps that ``'`` as part of the text.
    """
    cases = dataset.cases
    passages = [_texts(case.passages) for case in cases]
    claims = [_texts(case.claims) for case in cases]
    facts = [_texts(case.reference_facts) for case in cases]
    references = [_reference(case_facts) for case_facts in facts]
    claim_columns = any(split_sentences(case.answer) != case_claims for case, case_claims in zip(cases, claims,
                                                                                                strict=True))
    fact_columns = not all(exact for _, exact in references)
    width = max((len(texts) for texts in passages), default=0)
    # At least one column when they are needed: an empty claim_1 says "no claims", not "split the answer".
    claim_width = max(1, *(len(texts) for texts in claims)) if claim_columns else 0
    fact_width = max(1, *(len(texts) for texts in facts)) if fact_columns else 0
    metadata = _metadata_columns(cases)
    header = ["id", "question", *(f"{PASSAGE_COLUMN}{i}" for i in range(1, width + 1)), "answer", "reference",
              *(f"{CLAIM_PREFIX}{i}" for i in range(1, claim_width + 1)),
              *(f"{FACT_PREFIX}{i}" for i in range(1, fact_width + 1)), *(column for column, _ in metadata)]
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(csv_row(header, spreadsheet))
    for index, case in enumerate(cases):
        writer.writerow(csv_row([
            case.id, case.question, *_padded(passages[index], width), case.answer, references[index][0],
            *_padded(claims[index], claim_width), *_padded(facts[index], fact_width),
            *(_metadata_text(case.metadata[key]) if key in case.metadata else "" for _, key in metadata),
        ], spreadsheet))
    return (BOM if bom else "") + out.getvalue()


def _padded(texts: list[str], width: int) -> list[str]:
    """``texts`` in ``width`` cells (none when ``width`` is 0: the file has no such columns)."""
    return (texts + [""] * width)[:width]
