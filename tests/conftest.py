"""Shared builders for the core tests.

They are offered as session-scoped fixtures (not imported from this module) so that they
work whatever import mode or package layout the rest of the suite uses, and so that
hypothesis tests can use them without a function-scoped-fixture health check.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import settings

from uncase_core.rag.cases import RagCase, case_from_dict

Label = bool | None

# Property tests check properties, not speed (that is bench/'s): no per-example deadline. Under CI's load one
# example of a chart property once took 934 ms against hypothesis' default 200 ms, and the run failed on it.
settings.register_profile("uncase", deadline=None)
settings.load_profile("uncase")

# Every test (and every server a browser test starts) stores workspaces in a throwaway SQLite file, never in the
# developer's data/uncase.db. Set before anything opens the store.
os.environ["UNCASE_STORE"] = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-tests-')}/store.db"
# A workshop access code in the developer's shell would gate every page and server; the tests that want one set it.
os.environ.pop("UNCASE_ACCESS_CODE", None)


@pytest.fixture(autouse=True)
def _fresh_client_limits():
    """Each test starts with no failed tries or new workspaces counted (every AppTest session is one address)."""
    yield
    import sys

    throttle = sys.modules.get("ui.frame.throttle")
    if throttle is not None:
        throttle.reset_all()


def case_dict(
    case_id: str = "case-1",
    passages: Sequence[Label] = (),
    claims: Sequence[tuple[Label, Label]] = (),
    facts: Sequence[Label] = (),
    question: str = "How long does a refund take?",
    answer: str = "It takes five days.",
    metadata: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A case in the file format of DESIGN.md: labels given in order, ids p1.., c1.., f1..

    ``claims`` holds ``(supported, correct)`` pairs.
    """
    return {
        "id": case_id,
        "question": question,
        "passages": [
            {"id": f"p{i}", "text": f"passage {i}", "relevant": label}
            for i, label in enumerate(passages, start=1)
        ],
        "answer": answer,
        "claims": [
            {"id": f"c{i}", "text": f"claim {i}", "supported": supported, "correct": correct}
            for i, (supported, correct) in enumerate(claims, start=1)
        ],
        "reference_facts": [
            {"id": f"f{i}", "text": f"fact {i}", "covered": label} for i, label in enumerate(facts, start=1)
        ],
        "metadata": {"language": "en", "source": "synthetic"} if metadata is None else metadata,
    }


def build_case(*args: Any, **kwargs: Any) -> RagCase:
    """:func:`case_dict`, read through the real loader."""
    return case_from_dict(case_dict(*args, **kwargs))


@pytest.fixture(scope="session")
def make_case_dict():
    return case_dict


@pytest.fixture(scope="session")
def make_case():
    return build_case
