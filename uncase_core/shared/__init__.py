"""What every domain shares beside :mod:`uncase_core.errors`: text in and out (JSON and JSONL with the place
of every problem, spreadsheets, which module a file belongs to), sentences, tokens, ROUGE-L and visible bidirectional
controls; result notes by code, the grammar of edit records, the choices a person may make, annotation guidelines
and numbers as people type them. It names no domain and imports none (tests/test_imports.py): the built-in data's
reader is :mod:`uncase_core.assets`.

Modules: ``jsonfiles``, ``spreadsheets``, ``formats``, ``sentences``, ``tokenize``, ``rouge``, ``bidi``, ``notes``,
``edits``, ``choices``, ``guidelines``, ``numbers`` (a number a person types, with their decimal mark), ``limits``
(how much of a file a reader may build).

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "ABBREVIATIONS": "sentences",
    "AGGREGATIONS": "choices",
    "BIDI_CONTROLS": "bidi",
    "CONVERSATIONS": "formats",
    "CONVERSATION_REPORT": "formats",
    "CSV_DELIMITER": "formats",
    "CSV_NOTES": "spreadsheets",
    "DECIMAL_MARKS": "numbers",
    "DELIMITERS": "spreadsheets",
    "DELIMITER_LABELS": "formats",
    "Document": "jsonfiles",
    "FORMATS": "formats",
    "FORMAT_LABELS": "formats",
    "FORMAT_NAMES": "formats",
    "FORMULA_ESCAPE": "spreadsheets",
    "FORMULA_STARTS": "spreadsheets",
    "GUIDELINE_KEYS": "guidelines",
    "Guideline": "guidelines",
    "ReadLimit": "limits",
    "UNLIMITED": "limits",
    "check_rows": "limits",
    "count_lines": "jsonfiles",
    "parse_head": "jsonfiles",
    "HOLISTIC": "formats",
    "MAX_CONFIDENCE": "choices",
    "MAX_GUIDELINE_CHARS": "guidelines",
    "MIN_CONFIDENCE": "choices",
    "Note": "notes",
    "OPEN_HINTS": "formats",
    "RAG": "formats",
    "RAGAS": "formats",
    "ROUGE_BANDS": "rouge",
    "RUBRIC_FILTERS": "choices",
    "RougeScore": "rouge",
    "SECTION_KINDS": "edits",
    "SUMMARIES": "formats",
    "SUMMARY_BLOCKS": "edits",
    "UnicodeTokenizer": "tokenize",
    "VERDICTS": "formats",
    "WRONG_FORMAT": "formats",
    "canonical_json": "jsonfiles",
    "check_csv_header": "formats",
    "check_format": "formats",
    "check_user_confidence": "choices",
    "compute_rouge_l": "rouge",
    "decimal_text": "spreadsheets",
    "decode_text": "jsonfiles",
    "delimiter_name": "spreadsheets",
    "dumps_json": "jsonfiles",
    "dumps_jsonl": "jsonfiles",
    "csv_row": "spreadsheets",
    "formula_safe": "spreadsheets",
    "formula_safe_row": "spreadsheets",
    "formula_unsafe": "spreadsheets",
    "guess_format": "formats",
    "guideline_to_dict": "guidelines",
    "guidelines_to_dict": "guidelines",
    "lcs_length": "rouge",
    "mark_bidi_controls": "bidi",
    "merge_guidelines": "guidelines",
    "notes_to_dicts": "notes",
    "parse_document": "jsonfiles",
    "parse_format": "formats",
    "read_guideline": "guidelines",
    "read_guidelines": "guidelines",
    "read_typed_number": "numbers",
    "reject_non_finite": "jsonfiles",
    "reject_surrogates": "jsonfiles",
    "rouge_band": "rouge",
    "rouge_l_tokens": "rouge",
    "sniff_delimiter": "spreadsheets",
    "split_sentences": "sentences",
    "split_words": "tokenize",
    "too_long_integer": "jsonfiles",
    "wrong_format_error": "formats",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
