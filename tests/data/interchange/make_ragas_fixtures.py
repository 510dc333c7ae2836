"""Write RAGAS datasets with RAGAS itself (run with a Python that has ``ragas`` and ``datasets``):

    python3 -m venv /tmp/ragas-venv && /tmp/ragas-venv/bin/pip install ragas==0.4.3 "langchain-core<1" \
        "langchain-community<0.3.28" "langchain-openai<1" pandas datasets
    /tmp/ragas-venv/bin/python tests/data/interchange/make_ragas_fixtures.py

``EvaluationDataset`` of ``SingleTurnSample``s (the fields RAGAS's evaluation reads), saved the ways RAGAS offers:
``to_jsonl`` (``ragas_dataset_<lang>.jsonl``), ``to_csv`` (``.csv``), ``to_pandas().to_parquet``
(``ragas_dataset_<lang>.parquet``) and a Hugging Face dataset's ``to_parquet`` (``hf_dataset_<lang>.parquet``,
with the ``huggingface`` schema metadata). No model is called. The playground never imports ragas; the files are
read as data.
"""

from __future__ import annotations

from pathlib import Path

from ragas import EvaluationDataset, SingleTurnSample

HERE = Path(__file__).resolve().parent

SAMPLES = {
    "en": [
        SingleTurnSample(user_input="How long does a refund take?",
                         retrieved_contexts=["Refunds are issued within 14 days of the return.",
                                             'The "express" option costs €5, paid at the till.'],
                         response="A refund takes 14 days. It goes back to the card, minus €5.",
                         reference="Refunds are issued within 14 days.\nThey go back to the card used to pay."),
        SingleTurnSample(user_input="Can I return a gift without a receipt?",
                         retrieved_contexts=["Gifts without a receipt: store credit only, within 30 days."],
                         response="No. Gifts without a receipt get store credit, not cash.",
                         reference="Gifts without a receipt can be exchanged for store credit."),
    ],
    "es": [
        SingleTurnSample(user_input="¿Cuánto tarda un reembolso?",
                         retrieved_contexts=["Los reembolsos se emiten en 24 h. La reposición tarda 3 días.",
                                             "La opción «exprés» cuesta 5 €, se paga en caja."],
                         response="El reembolso tarda 24 h. Se abona en la tarjeta original, menos 5 €.",
                         reference="Los reembolsos se emiten en 24 h. Vuelven a la tarjeta con la que se pagó."),
        SingleTurnSample(user_input="¿Puedo devolver un regalo sin tique?",
                         retrieved_contexts=["Regalos sin tique: solo vale de compra, en 30 días."],
                         response="Sí. Se cambia por un vale de compra, no por dinero.",
                         reference="Los regalos sin tique se cambian por un vale de compra."),
    ],
}

for lang, samples in SAMPLES.items():
    dataset = EvaluationDataset(samples=samples)
    dataset.to_jsonl(str(HERE / f"ragas_dataset_{lang}.jsonl"))
    dataset.to_csv(str(HERE / f"ragas_dataset_{lang}.csv"))
    dataset.to_pandas().to_parquet(HERE / f"ragas_dataset_{lang}.parquet")
    dataset.to_hf_dataset().to_parquet(str(HERE / f"hf_dataset_{lang}.parquet"))
    print(f"wrote the {lang} files")
