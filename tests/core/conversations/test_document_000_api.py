"""Document 000's own example imports and runs at the path it gives (``uncase.core.evaluator`` is
``uncase_core.evaluator`` here), and every requirement is pinned (issue 40)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_document_000s_rouge_l_example_runs_as_written():
    from uncase_core.evaluator import compute_rouge_l

    seed_template = "Hola, gracias por llamar. ¿En qué puedo ayudarte hoy?"
    synthetic_conversation = "Hola, gracias por llamar. ¿Cómo puedo ayudarte hoy?"
    score = compute_rouge_l(reference=seed_template, hypothesis=synthetic_conversation)
    assert 0.65 <= score.fmeasure < 1  # the example's "score.fmeasure >= 0.65 required"
    assert compute_rouge_l(reference="a b c", hypothesis="a b c").fmeasure == pytest.approx(1.0)


def test_document_000s_evaluator_imports_from_the_same_module():
    from uncase_core import evaluator
    from uncase_core.conversations.evaluator import Evaluator

    assert evaluator.Evaluator is Evaluator
    assert set(evaluator.__all__) >= {"compute_rouge_l", "Evaluator", "RougeScore"}
    assert all(hasattr(evaluator, name) for name in evaluator.__all__)


@pytest.mark.parametrize("name", ["requirements.txt", "requirements-dev.txt"])
def test_every_requirement_is_pinned(name):
    lines = [line.split("#")[0].strip() for line in (ROOT / name).read_text(encoding="utf-8").splitlines()]
    requirements = [line for line in lines if line and not line.startswith("-r ")]
    assert requirements
    assert [line for line in requirements if not re.fullmatch(r"[A-Za-z0-9_.\[\]-]+==[0-9][0-9A-Za-z.+-]*", line)] == []
