"""Write the DeepEval fixtures of this folder with DeepEval itself (run with a Python that has ``deepeval``).

    python3 -m venv /tmp/deepeval-venv && /tmp/deepeval-venv/bin/pip install deepeval
    /tmp/deepeval-venv/bin/python tests/data/interchange/make_deepeval_fixtures.py

``EvaluationDataset.save_as`` writes the goldens as JSON, CSV and JSON Lines (``deepeval_goldens_<lang>.*``);
the body its API sends when a dataset is pushed (``APIDataset(...).model_dump(by_alias=True, exclude_none=True)``,
camelCase keys) is ``deepeval_api_goldens_es.json``; a test run with metric scores is written by DeepEval's own
local store (``write_test_run``, camelCase keys, as Confident AI receives it), built from ``LLMApiTestCase`` and
``MetricData`` without calling a model (``deepeval_test_run_en.json``). The playground never imports deepeval; the
files are read as data.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from deepeval.dataset import EvaluationDataset, Golden
from deepeval.dataset.api import APIDataset
from deepeval.evaluate.local_store import write_test_run
from deepeval.test_run.api import LLMApiTestCase
from deepeval.test_run.test_run import TestRun
from deepeval.tracing.api import MetricData

HERE = Path(__file__).resolve().parent

GOLDENS = {
    "en": [
        Golden(input="How long does a refund take?",
               actual_output="A refund takes 14 days. It is paid to the original card.",
               expected_output="Refunds are issued within 14 days. They go back to the card used to pay.",
               retrieval_context=["Refunds are issued within 14 days of the return.",
                                  "Our stores open at 9 am."],
               context=["Refund policy: 14 days, original payment method."],
               additional_metadata={"language": "en", "domain": "retail"}, name="refund-01",
               comments="checked by the support team"),
        Golden(input="Can I return a gift without a receipt?",
               actual_output="Yes, gifts can be exchanged for store credit.",
               expected_output="Gifts without a receipt can be exchanged for store credit.",
               retrieval_context=["Gifts without a receipt: store credit only."],
               additional_metadata={"language": "en"}, name="gift-02"),
    ],
    "es": [
        Golden(input="¿Cuánto tarda un reembolso?",
               actual_output="El reembolso tarda 14 días. Se abona en la tarjeta original.",
               expected_output="Los reembolsos se emiten en 14 días. Vuelven a la tarjeta con la que se pagó.",
               retrieval_context=["Los reembolsos se emiten dentro de los 14 días posteriores a la devolución.",
                                  "Las tiendas abren a las 9."],
               context=["Política de reembolsos: 14 días, mismo medio de pago."],
               additional_metadata={"language": "es", "domain": "retail"}, name="reembolso-01",
               comments="revisado por el equipo de soporte"),
        Golden(input="¿Puedo devolver un regalo sin ticket?",
               actual_output="Sí, los regalos se cambian por saldo en la tienda.",
               expected_output="Los regalos sin ticket se cambian por saldo en la tienda.",
               retrieval_context=["Regalos sin ticket: solo saldo en la tienda."],
               additional_metadata={"language": "es"}, name="regalo-02"),
    ],
}


def test_run() -> TestRun:
    """Two RAG test cases with faithfulness, contextual relevancy and a GEval correctness score each."""
    cases = []
    for order, golden in enumerate(GOLDENS["en"]):
        metrics = [
            MetricData(name="Faithfulness", threshold=0.5, success=order == 0, score=1.0 if order == 0 else 0.4,
                       reason="Every claim is in the retrieval context." if order == 0 else "One claim is not.",
                       strictMode=False, evaluationModel="gpt-4.1", evaluationCost=0.0012),
            MetricData(name="Contextual Relevancy", threshold=0.5, success=True, score=0.5,
                       reason="Half of the context is relevant.", strictMode=False, evaluationModel="gpt-4.1"),
            MetricData(name="Correctness [GEval]", threshold=0.5, success=True, score=0.8,
                       reason="Matches the expected output.", strictMode=False, evaluationModel="gpt-4.1"),
        ]
        cases.append(LLMApiTestCase(name=f"test_case_{order}", input=golden.input, actualOutput=golden.actual_output,
                                    expectedOutput=golden.expected_output, context=golden.context,
                                    retrievalContext=golden.retrieval_context, success=all(m.success for m in metrics),
                                    metricsData=metrics, runDuration=1.5, order=order,
                                    metadata=golden.additional_metadata))
    return TestRun(testFile="test_rag.py", testCases=cases, testPassed=1, testFailed=1, runDuration=3.0)


def main() -> None:
    for language, goldens in GOLDENS.items():
        dataset = EvaluationDataset(goldens=goldens)
        for file_type in ("json", "csv", "jsonl"):
            dataset.save_as(file_type, str(HERE), file_name=f"deepeval_goldens_{language}")
    body = APIDataset(finalized=True, goldens=GOLDENS["es"]).model_dump(by_alias=True, exclude_none=True)
    (HERE / "deepeval_api_goldens_es.json").write_text(json.dumps(body, ensure_ascii=False, indent=2) + "\n",
                                                       encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        path = write_test_run(Path(folder), test_run())
        shutil.copyfile(path, HERE / "deepeval_test_run_en.json")


if __name__ == "__main__":
    main()
