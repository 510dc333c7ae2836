"""The Spanish glossary: each technical term decided once, and what stays in English and why.

The catalogues (ui/i18n/en/*.toml, ui/i18n/es/*.toml) and the lesson files (assets/lessons/*.toml, shown on the
pages they teach) follow it; tests/ui/test_i18n.py fails on a Spanish
value equal to its English one unless it is listed in :data:`SAME_IN_SPANISH`, and on a Spanish
value using a word of :data:`AVOID_IN_SPANISH` outside code (backticks) and parentheses.

Kept in English only what Spanish-speaking practitioners say in English: *dataset*, *prompt*,
*ROUGE-L*, *kappa*, *PPI*, names of methods (Jaccard, MinHash) and of identifiers (IBAN, CURP).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# term -> (Spanish, why), for people writing catalogue entries; the tests use the two maps below.
TERMS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "dataset": ("dataset", "what Spanish-speaking practitioners say; never 'conjunto de datos' beside it"),
    "prompt": ("prompt", "the same"),
    "label / labelled": ("etiqueta / etiquetado", ""),
    "unlabelled": ("sin etiquetar", ""),
    "threshold": ("umbral", ""),
    "weight": ("peso", ""),
    "hard gate": ("compuerta (dura)", "one word for the hard minimum a dimension must reach; never 'gate'"),
    "composite score": ("puntuación compuesta", "never 'score'"),
    "held-out set": ("conjunto reservado", "'(held-out)' may follow it in parentheses, once"),
    "split": ("partición", ""),
    "interval": ("intervalo", "Wilson's keeps its name"),
    "judge": ("juez", ""),
    "rubric": ("rúbrica", ""),
    "hand labels": ("etiquetas manuales", ""),
    "type-token ratio": ("razón tipo-token (TTR)", ""),
    "context relevance / faithfulness / correctness / coverage": (
        "relevancia del contexto / fidelidad / corrección / cobertura", ""),
    "workshop room / facilitator": ("sala de taller / quien facilita", "gender-neutral"),
    "press (a key, a button)": ("presionar", "one verb on every page, as Mexico says it; never 'pulsar' beside it"),
    "pass / fail": ("aprueba / falla", "one verb pair on every page; never 'reprueba' beside 'falla'"),
    "a summary's accuracy / adherence / completeness": (
        "exactitud / cumplimiento / integridad", "never 'adherencia'; 'cobertura' is RAG's coverage, not this"),
})

SAME_IN_SPANISH: Mapping[str, str] = MappingProxyType({
    "UNCASE Evaluation Playground": "the product's name",
    "Id": "the same word in Spanish",
    "N/A": "the same abbreviation in Spanish (no aplica)",
    "ROUGE-L": "the metric's name",
    "Q = min(...)": "a formula",
    "IBAN": "an identifier's name",
    "CURP": "an identifier's name",
    "RFC": "an identifier's name",
    "DNI/NIE": "an identifier's name",
    "CPF": "an identifier's name",
    "Jaccard": "a method's name",
    "Dataset": "kept in English (see TERMS)",
    "Prompts": "kept in English (see TERMS)",
    "Prompt": "kept in English (see TERMS)",
    "Trivial": "the same word in Spanish",
    "no": "the same word in Spanish",
    "MinHash LSH": "a method's name",
    "No": "the same word in Spanish",
    "✗ no": "the same word in Spanish, after its mark",
    "✗ No": "the same word in Spanish, after its mark",
    "PPI": "kept in English (see TERMS)",
    "PPI++": "kept in English (see TERMS)",
    "{note}.": "only the note itself, translated where it is made",
    "{successes} / {total} · {percent}": "counts and a percentage, written with the reader's marks where filled in",
})

# Words a Spanish value must not use (outside backticks and parentheses), and what to write instead.
AVOID_IN_SPANISH: Mapping[str, str] = MappingProxyType({
    "gate": "compuerta",
    "gates": "compuertas",
    "score": "puntuación",
    "scores": "puntuaciones",
    "threshold": "umbral",
    "held-out": "conjunto reservado",
    "e-mail": "correo electrónico",
    "ratio": "razón",
    "labels": "etiquetas",
    "conjunto de datos": "dataset",
    "fichero": "archivo",
    "ficheros": "archivos",
    "metadata": "metadatos",
    "reprueba": "falla",
    "reprueban": "fallan",
    "reprobar": "fallar",
    "reprobado": "un resultado (aprueba o falla)",
    "adherencia": "cumplimiento",
    "pulsa": "presiona",
    "pulsar": "presionar",
    "pulses": "presiones",
    "pulsando": "presionando",
})

# One register, tú, in neutral Latin American Spanish: no vosotros forms (discrepáis, coincidís, vuestro). A
# Spanish value must not match this (the test is tests/ui/test_i18n.py).
VOSOTROS = r"\b\w+(?:áis|éis)\b|\b\w{3,}[^aeiouáéíóú\W]ís\b|\b(?:vosotros|vosotras|vuestros?|vuestras?|sois)\b"
