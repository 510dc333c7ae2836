"""A fifth RAG dimension on a page: its record (uncase_core/rag/dimensions.py), its catalogue entries
(tests/support/fifth_dimension.py's DIMENSION_KEYS and LABEL_KEYS) and its guideline (a section of
assets/guidelines/defaults.toml) are all the RAG page needs to show its label column, its metric card and its line
in the diagnosis. Run in a new interpreter: the record is added before any module reads the records, and the entries
are added to the catalogues as a new TOML entry would be."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.fifth_dimension import ADD_FIFTH_DIMENSION

ROOT = Path(__file__).resolve().parents[2]

PAGE_WITH_A_FIFTH_DIMENSION = ADD_FIFTH_DIMENSION + r'''
import json, sys
from pathlib import Path
from types import MappingProxyType


# Its guideline, as a new section of assets/guidelines/defaults.toml would give it (the shipped file is not touched).
import tempfile
from uncase_core.assets import reader

guidelines = Path(tempfile.mkdtemp()) / "defaults.toml"
guidelines.write_text(reader.GUIDELINES.read_text(encoding="utf-8") + """
[on_topic]
text.en = "Mark the claim on topic when it answers the question asked."
text.es = "Marca la afirmación como pertinente cuando responde a la pregunta."
example.en = "Question: when does the shop open? Cats are nice is not on topic."
example.es = "Pregunta: ¿cuándo abre la tienda? Los gatos son bonitos no es pertinente."
""", encoding="utf-8")
shipped = reader.load_guidelines
reader.load_guidelines = lambda language, path=guidelines: shipped(language, path)

import ui.i18n as i18n
from tests.support.fifth_dimension import dimension_keys

words = {"metric.answer_relevance": "Answer relevance", "cause.answer_relevance": "the answer wanders off",
         "label.on_topic": "On topic"}
entries = {key: words.get(key, key.replace(".", " ")) for key in dimension_keys("answer_relevance", "on_topic")}
i18n.EN = MappingProxyType({**i18n.EN, **entries})
i18n.CATALOGUES = {"en": i18n.EN, "es": MappingProxyType({**i18n.ES, **entries})}

from streamlit.testing.v1 import AppTest

from ui.frame.data_kinds import RAG
from uncase_core.rag.cases import dataset_from_text

case = {"id": "c1", "question": "When does the shop open?", "answer": "Monday. Cats are nice.",
        "passages": [{"id": "p1", "text": "It opens on Monday.", "relevant": True}],
        "claims": [{"id": "c1", "text": "It opens Monday.", "supported": True, "correct": True, "on_topic": True},
                   {"id": "c2", "text": "Cats are nice.", "supported": False, "correct": None, "on_topic": False}],
        "reference_facts": [{"id": "f1", "text": "Opens Monday.", "covered": True}]}
at = AppTest.from_file(str(Path.cwd() / "app.py"), default_timeout=60)
at.run()
at.switch_page("app_pages/rag_diagnosis.py")
at.run()
at.session_state["workspace"].replace(RAG, dataset_from_text(json.dumps(case), "case.json"), "case.json", "upload")
at.run()
print(json.dumps({"exceptions": [str(e.value)[:500] + " ".join(e.stack_trace or [])[-1500:] for e in at.exception],
                  "metrics": {m.label: m.value for m in at.metric},
                  "columns": [[str(c) for c in frame.value.columns] for frame in at.dataframe],
                  "diagnosis": [m.value for m in at.markdown if "Answer relevance" in m.value]}))
'''


def test_a_fifth_dimension_shows_on_the_rag_page_from_its_record_and_catalogue_entries(tmp_path):
    store = f"sqlite:///{tmp_path / 'store.db'}"  # its own store: the test's process keeps using the session's
    done = subprocess.run([sys.executable, "-c", PAGE_WITH_A_FIFTH_DIMENSION], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "UNCASE_STORE": store})
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["exceptions"] == []
    assert seen["metrics"]["Answer relevance"] == "50.0%"  # 1 of the 2 claims on topic
    assert seen["metrics"]["Faithfulness"] == "50.0%"  # the four others as before
    assert ["id", "text", "supported", "correct", "on_topic"] in seen["columns"]  # the claims' label table
    assert any("the answer wanders off" in line for line in seen["diagnosis"])  # 50% < 70%: named as a cause
