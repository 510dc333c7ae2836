"""What every domain shares beside :mod:`uncase_core.errors`: result notes by code, the grammar of edit
records, the choices a person may make, and the assets reader (the one module besides the command line that
opens files), and annotation guidelines.

Modules: ``notes``, ``edits``, ``choices``, ``assets``, ``guidelines``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AGGREGATIONS": "choices",
    "ASSETS": "assets",
    "CONVERSATION_INDEX": "assets",
    "EXPORT_TARGETS": "choices",
    "INTERCHANGE_FORMATS": "choices",
    "JUDGE_SET": "assets",
    "MAX_CONFIDENCE": "choices",
    "MIN_CONFIDENCE": "choices",
    "Note": "notes",
    "RAG_INDEX": "assets",
    "RAG_METRICS": "choices",
    "RUBRIC_FILTERS": "choices",
    "SECTION_KINDS": "edits",
    "SUMMARY_BLOCKS": "edits",
    "SUMMARY_INDEX": "assets",
    "Scenario": "assets",
    "TEMPLATES": "assets",
    "TEMPLATE_KINDS": "assets",
    "VariantTexts": "assets",
    "asset_exists": "assets",
    "asset_files": "assets",
    "check_user_confidence": "choices",
    "load_all": "assets",
    "load_conversation": "assets",
    "load_index": "assets",
    "load_judge_set": "assets",
    "load_scenario": "assets",
    "load_template": "assets",
    "load_variant_texts": "assets",
    "load_workbench": "assets",
    "notes_to_dicts": "notes",
    "read_asset": "assets",
    "scenario_path": "assets",
    "template_name": "assets",
    "variant_texts_path": "assets",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
