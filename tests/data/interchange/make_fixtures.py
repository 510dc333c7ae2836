"""Write the RAGAS and Label Studio fixtures of this folder (run from the repository root with the project's venv).

    .venv/bin/python tests/data/interchange/make_fixtures.py

RAGAS: rows as ``EvaluationResult.to_pandas()`` gives them (the sample columns, then one column per metric, NaN
where RAGAS could not determine a score), saved the ways a RAGAS user saves them: ``to_parquet`` and ``to_csv``
(pandas writes the contexts list as Python's repr), and a Hugging Face dataset's ``to_json`` (JSON Lines, NaN as
null). Label Studio: the tasks :func:`uncase_core.rag.label_studio.export_label_studio` writes, as a project's JSON
export gives them back after labelling (task ``id``, ``project``, timestamps; each annotation with ``id``,
``completed_by``, ``was_cancelled``, ``lead_time``...; one cancelled annotation and a comment the team added),
following Label Studio's documented export format (docs/source/guide/export.md).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd

from uncase_core.rag.interchange import read_cases
from uncase_core.rag.label_studio import export_label_studio

HERE = Path(__file__).resolve().parent
NAN = math.nan

RAGAS_ROWS = {
    "en": [
        {"user_input": "How long does a refund take?",
         "retrieved_contexts": ["Refunds are issued within 14 days of the return.", "Our stores open at 9 am."],
         "response": "A refund takes 14 days. It is paid to the original card.",
         "reference": "Refunds are issued within 14 days. They go back to the card used to pay.",
         "faithfulness": 0.5, "context_precision": 1.0, "context_recall": 1.0, "factual_correctness(mode=f1)": 0.67,
         "answer_relevancy": 0.91, "run": "ci-1234"},
        {"user_input": "Can I return a gift without a receipt?",
         "retrieved_contexts": ["Gifts without a receipt: store credit only."],
         "response": "Yes, gifts can be exchanged for store credit.",
         "reference": "Gifts without a receipt can be exchanged for store credit.",
         "faithfulness": 1.0, "context_precision": 1.0, "context_recall": NAN, "factual_correctness(mode=f1)": 1.0,
         "answer_relevancy": 0.88, "run": "ci-1234"},
        {"user_input": "Do you ship abroad?", "retrieved_contexts": ["We ship to the EU and the UK."],
         "response": "We ship worldwide.", "reference": "We ship to the EU and the UK.",
         "faithfulness": 0.0, "context_precision": 1.0, "context_recall": 1.0, "factual_correctness(mode=f1)": 0.0,
         "answer_relevancy": NAN, "run": "ci-1234"},
    ],
    "es": [
        {"user_input": "¿Cuánto tarda un reembolso?",
         "retrieved_contexts": ["Los reembolsos se emiten dentro de los 14 días posteriores a la devolución.",
                                "Las tiendas abren a las 9."],
         "response": "El reembolso tarda 14 días. Se abona en la tarjeta original.",
         "reference": "Los reembolsos se emiten en 14 días. Vuelven a la tarjeta con la que se pagó.",
         "faithfulness": 0.5, "context_precision": 1.0, "context_recall": 1.0, "factual_correctness(mode=f1)": 0.67,
         "answer_relevancy": 0.9, "run": "ci-1234"},
        {"user_input": "¿Puedo devolver un regalo sin ticket?",
         "retrieved_contexts": ["Regalos sin ticket: solo saldo en la tienda."],
         "response": "Sí, los regalos se cambian por saldo en la tienda.",
         "reference": "Los regalos sin ticket se cambian por saldo en la tienda.",
         "faithfulness": 1.0, "context_precision": 1.0, "context_recall": NAN, "factual_correctness(mode=f1)": 1.0,
         "answer_relevancy": 0.87, "run": "ci-1234"},
    ],
}


def ragas() -> None:
    for language, rows in RAGAS_ROWS.items():
        frame = pd.DataFrame(rows)
        frame.to_parquet(HERE / f"ragas_results_{language}.parquet", index=False)
        frame.to_csv(HERE / f"ragas_results_{language}.csv", index=False)
        # datasets.Dataset.to_json: one JSON object per line, NaN written as null by pandas' to_json
        frame.to_json(HERE / f"ragas_results_{language}.jsonl", orient="records", lines=True, force_ascii=False)


def label_studio() -> None:
    for language in ("en", "es"):
        cases = read_cases((HERE / f"ragas_results_{language}.jsonl").read_bytes(), "rows.jsonl").dataset
        tasks = json.loads(export_label_studio(cases))
        for number, task in enumerate(tasks, start=1):
            data = task.pop("data")
            labels = []
            for index, _ in enumerate(data["passages"]):
                labels.append(("relevant", index, "passage", index == 0))
            for index, _ in enumerate(data["claims"]):
                labels.append(("supported", index, "claim", index == 0))
                labels.append(("correct", index, "claim", True))
            results = [{"value": {"choices": ["true" if yes else "false"]}, "id": f"r{number}{name}{index}",
                        "from_name": f"{name}_{index}", "to_name": f"{kind}_{index}", "type": "choices",
                        "origin": "manual"} for name, index, kind, yes in labels]
            if number == 1:
                results.append({"value": {"text": ["check the card wording"]}, "id": "note1", "from_name": "comment",
                                "to_name": "question", "type": "textarea", "origin": "manual"})
            task.clear()
            task.update({
                "id": 40 + number,
                "annotations": [
                    {"id": 70 + number, "completed_by": 1, "result": results, "was_cancelled": False,
                     "ground_truth": False, "created_at": f"2025-10-02T09:15:0{number}.000000Z",
                     "updated_at": f"2025-10-02T09:16:0{number}.000000Z", "draft_created_at": None,
                     "lead_time": 41.5 + number, "prediction": {}, "result_count": len(results),
                     "unique_id": f"u{number}",
                     "import_id": None, "last_action": None, "bulk_created": False, "task": 40 + number,
                     "project": 3, "updated_by": 1, "parent_prediction": None, "parent_annotation": None,
                     "last_created_by": None},
                ] + ([{"id": 90, "completed_by": 2, "result": [], "was_cancelled": True, "ground_truth": False,
                       "created_at": "2025-10-02T10:00:00.000000Z", "updated_at": "2025-10-02T10:00:00.000000Z",
                       "lead_time": 3.0, "task": 40 + number, "project": 3}] if number == 2 else []),
                "file_upload": "tasks.json", "drafts": [], "predictions": [], "data": data, "meta": {},
                "created_at": "2025-10-01T20:10:00.000000Z", "updated_at": "2025-10-02T09:16:00.000000Z",
                "inner_id": number, "total_annotations": 1, "cancelled_annotations": 1 if number == 2 else 0,
                "total_predictions": 0, "comment_count": 0, "unresolved_comment_count": 0,
                "last_comment_updated_at": None, "project": 3, "updated_by": 1, "comment_authors": [],
            })
        (HERE / f"label_studio_export_{language}.json").write_text(
            json.dumps(tasks, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    ragas()
    label_studio()
