"""Read the playground's exports with the real tools' own readers (run by hand; the result is in this folder's
README). Two steps, since the playground never imports the tools and the tools need their own environment:

    .venv/bin/python tests/data/interchange/check_with_real_tools.py write /tmp/exports
    python3 -m venv /tmp/tools-venv && /tmp/tools-venv/bin/pip install deepeval==4.3.1 datasets pandas
    /tmp/tools-venv/bin/python tests/data/interchange/check_with_real_tools.py read /tmp/exports
    /tmp/ragas-venv/bin/python tests/data/interchange/check_with_real_tools.py read /tmp/exports  # see make_ragas_...

``write`` reads each fixture of this folder, labels every unit, and writes it back as it came
(``export_as_it_came``); ``read`` opens each export with the tool that wrote the fixture: DeepEval's
``EvaluationDataset.add_goldens_from_json_file`` and ``add_goldens_from_csv_file``, RAGAS's
``EvaluationDataset.from_jsonl`` and ``from_pandas`` (RAGAS 0.4 has no ``from_csv``: pandas reads its ``to_csv``
file and the lists are parsed, as its users do), pandas' ``read_parquet``, and a Hugging Face
``datasets.Dataset.from_parquet``; it prints what each read and exits 1 on the first failure.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def write(out: Path) -> None:
    sys.path.insert(0, str(HERE.parents[2]))
    from tests.core.rag.test_interchange import labelled
    from uncase_core.rag.interchange import export_as_it_came, read_cases

    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(HERE.iterdir()):
        if path.suffix not in (".json", ".jsonl", ".csv", ".parquet") or path.name.startswith("promptfoo"):
            continue
        exported = export_as_it_came(labelled(read_cases(path.read_bytes(), path.name).dataset))
        (out / f"back-{path.stem}{exported.extension}").write_bytes(exported.data)
        print(f"wrote back-{path.stem}{exported.extension}")


def read(folder: Path) -> None:
    import pandas as pd

    failures = 0
    for path in sorted(folder.iterdir()):
        name = path.name
        try:
            if name.startswith("back-deepeval_goldens") and path.suffix in (".json", ".csv"):
                from deepeval.dataset import EvaluationDataset

                dataset = EvaluationDataset()
                if path.suffix == ".json":
                    dataset.add_goldens_from_json_file(str(path), input_key_name="input",
                                                       actual_output_key_name="actual_output",
                                                       expected_output_key_name="expected_output",
                                                       retrieval_context_key_name="retrieval_context")
                else:
                    dataset.add_goldens_from_csv_file(str(path), input_col_name="input",
                                                      actual_output_col_name="actual_output",
                                                      expected_output_col_name="expected_output",
                                                      retrieval_context_col_name="retrieval_context",
                                                      retrieval_context_col_delimiter="|")
                golden = dataset.goldens[0]
                print(f"OK   {name}: deepeval read {len(dataset.goldens)} goldens; the first: {golden.input!r}, "
                      f"retrieval_context {golden.retrieval_context!r}")
            elif name.startswith(("back-ragas", "back-hf")) and path.suffix == ".parquet":
                frame = pd.read_parquet(path)
                print(f"OK   {name}: pandas read {len(frame)} rows, columns {list(frame.columns)}")
                from datasets import Dataset

                hf = Dataset.from_parquet(str(path))
                print(f"OK   {name}: datasets read {hf.num_rows} rows, features {list(hf.features)}")
            elif name.startswith("back-ragas") and path.suffix in (".jsonl", ".csv"):
                try:
                    from ragas import EvaluationDataset as RagasDataset
                except Exception as error:  # the installed RAGAS may not import at all
                    print(f"SKIP {name}: ragas does not import here ({type(error).__name__}: {error})")
                    continue
                if path.suffix == ".jsonl":
                    dataset = RagasDataset.from_jsonl(str(path))
                else:  # RAGAS 0.4 has no from_csv: its users read to_csv's file with pandas and parse the lists
                    import ast

                    frame = pd.read_csv(path)
                    frame["retrieved_contexts"] = frame["retrieved_contexts"].map(ast.literal_eval)
                    dataset = RagasDataset.from_pandas(frame)
                sample = dataset.samples[0]
                print(f"OK   {name}: ragas read {len(dataset.samples)} samples; the first: {sample.user_input!r}, "
                      f"retrieved_contexts {sample.retrieved_contexts!r}")
        except Exception as error:  # report every reader's failure by name
            failures += 1
            print(f"FAIL {name}: {type(error).__name__}: {error}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    (write if sys.argv[1] == "write" else read)(Path(sys.argv[2]))
