"""``evaluate_dataset`` takes what a file reader returns (a RagDataset) as well as its cases."""

import pytest

from uncase_core.assets.reader import ASSETS
from uncase_core.errors import InputError
from uncase_core.rag import evaluate_dataset, read_case_file

PATH = ASSETS / "rag" / "en" / "multiple_failures.json"


def test_a_dataset_as_read_from_a_file():
    dataset = read_case_file(PATH.read_bytes(), str(PATH)).dataset
    assert evaluate_dataset(dataset).to_dict() == evaluate_dataset(dataset.cases).to_dict()


@pytest.mark.parametrize(("given", "where"), [("cases.jsonl", "cases"), ([{"id": "x"}], "cases[0]")])
def test_anything_else_names_what_it_got(given, where):
    with pytest.raises(InputError) as caught:
        evaluate_dataset(given)
    assert caught.value.where == where
