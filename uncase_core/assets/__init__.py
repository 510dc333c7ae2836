"""The built-in data under ``assets/``: scenarios and their indexes, conversations, summary cases and templates,
system pairs, the judge set, the workbench, failure variants' texts and the annotation guidelines, each read with
its domain's reader. The one module of the core, beside the command line, that opens files
(tests/test_core_purity.py); it sits above the domains it reads for, so ``uncase_core.shared`` names none.

Module: ``reader``. The names below are this package's public API, imported on first use (see
:func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "ASSETS": "reader",
    "COMPARE_INDEX": "reader",
    "CONVERSATION_INDEX": "reader",
    "GUIDELINES": "reader",
    "JUDGE_SET": "reader",
    "RAG_INDEX": "reader",
    "SUMMARY_INDEX": "reader",
    "SUMMARY_TEMPLATES": "reader",
    "Scenario": "reader",
    "SystemPair": "reader",
    "TEMPLATES": "reader",
    "TEMPLATE_KINDS": "reader",
    "VariantTexts": "reader",
    "asset_exists": "reader",
    "asset_files": "reader",
    "load_all": "reader",
    "load_conversation": "reader",
    "load_guidelines": "reader",
    "load_index": "reader",
    "load_judge_set": "reader",
    "load_pair_index": "reader",
    "load_scenario": "reader",
    "load_summary_template": "reader",
    "load_system_pair": "reader",
    "load_template": "reader",
    "load_variant_texts": "reader",
    "load_workbench": "reader",
    "read_asset": "reader",
    "scenario_path": "reader",
    "summary_template_name": "reader",
    "template_name": "reader",
    "variant_texts_path": "reader",
})
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
