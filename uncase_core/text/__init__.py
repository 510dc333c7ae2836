"""Text in and out: reading JSON and JSONL documents with the place of every problem, telling a file's
module from its shape, sentence splitting, tokenizing, ROUGE-L and visible bidirectional controls.

Modules: ``jsonfiles``, ``formats``, ``sentences``, ``tokenize``, ``rouge``, ``bidi``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "ABBREVIATIONS": "sentences",
    "BIDI_CONTROLS": "bidi",
    "CONVERSATIONS": "formats",
    "CONVERSATION_REPORT": "formats",
    "CSV_DELIMITER": "formats",
    "CSV_NOTES": "spreadsheets",
    "DELIMITERS": "spreadsheets",
    "DELIMITER_LABELS": "formats",
    "Document": "jsonfiles",
    "FORMATS": "formats",
    "FORMAT_LABELS": "formats",
    "FORMAT_NAMES": "formats",
    "HOLISTIC": "formats",
    "OPEN_HINTS": "formats",
    "RAG": "formats",
    "RAGAS": "formats",
    "ROUGE_BANDS": "rouge",
    "RougeScore": "rouge",
    "SUMMARIES": "formats",
    "UnicodeTokenizer": "tokenize",
    "VERDICTS": "formats",
    "WRONG_FORMAT": "formats",
    "canonical_json": "jsonfiles",
    "check_csv_header": "formats",
    "check_format": "formats",
    "compute_rouge_l": "rouge",
    "decimal_text": "spreadsheets",
    "decode_text": "jsonfiles",
    "delimiter_name": "spreadsheets",
    "dumps_json": "jsonfiles",
    "dumps_jsonl": "jsonfiles",
    "guess_format": "formats",
    "lcs_length": "rouge",
    "mark_bidi_controls": "bidi",
    "parse_document": "jsonfiles",
    "parse_format": "formats",
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
