"""Named, tested conditions on the state of a page: what a lesson step checks.

A lesson file (:mod:`uncase_core.lessons.model`) never holds code: each step names a check of this
package with its parameters, or a question whose right answer this package computes from the data
the person has loaded. The lesson runner in the user interface builds a :class:`Snapshot` of
the page after every action and calls :func:`run_check`; the result says whether the condition
holds and, through a note code with parameters, what is still missing.

The snapshot contract
---------------------
:class:`Snapshot` has five fields, all plain data, and the user interface builds exactly this:

``page``
    The page's name, one of :data:`PAGES`: ``rag``, ``conversations``, ``summaries``,
    ``rubrics``, ``workbench``, ``thresholds``, ``planner``, ``agreement``, ``judge``, ``compare``.
``data``
    The page's current data object, with the person's changes:

    - ``rag``, ``workbench``, ``thresholds``: a :class:`~uncase_core.rag.cases.RagDataset` (for the
      threshold explorer, the dataset its source selector shows);
    - ``conversations``: a tuple of :class:`~uncase_core.conversations.model.Conversation`;
    - ``summaries``: a tuple of :class:`~uncase_core.summaries.format.SummaryCase`;
    - ``rubrics``: the verdicts DataFrame (``candidate, prompt, item, judge, run, verdict``);
    - ``agreement``: a pair ``(annotator A, annotator B)`` of RagDatasets;
    - ``compare``: a pair ``(system A, system B)`` of RagDatasets with the same case ids (the compare page's pair,
      built-in or uploaded, with the person's labels);
    - ``judge``: a RagDataset whose units carry the judge's verdicts (``judge_relevant`` and so
      on) and the person's hand labels (``None`` where the person has not labelled the unit);
    - ``planner``: ``None`` (the planner holds no data).
``original``
    The same kind of object as the data was loaded (before the person changed anything), or
    ``None`` when there is nothing to compare with; checks that compare say so.
``settings``
    The person's stored widget values, keyed as the pages store them (``rag_threshold_faithfulness``,
    ``thr_current_coverage``, ``rub_filter_trivial``...). A missing key means the page's default:
    :data:`SETTING_DEFAULTS` lists the keys (every one a check reads, and the pages' other keys named
    in issue 18) with their defaults, taken from the core where the core holds them and otherwise
    written here once (:data:`PAGE_ONLY_DEFAULTS`); a test compares them with the pages' own. The
    judge page's keys are ``judge_dimension`` and ``judge_confidence``; the compare page's ``cmp_threshold_<dimension>``
    and ``cmp_confidence`` (its own, not the RAG page's).
``answers``
    The person's answers to this lesson's questions, keyed by the step id. What an answer holds
    depends on the question's answer kind (:data:`ANSWER_KINDS`): an option id (or a list of
    them), a list of dimension names, ``"clear"`` or ``"uncertain"`` (or ``"withheld"``, for a comparison of two
    systems), a list of case ids, a pair
    of case ids, a list of turn numbers (counted from 0, as the page shows them), a list of
    ``[prompt, item]`` pairs, a stratum value, or a number (a proportion from 0 to 1 for
    ``proportion``).

Results
-------
:func:`run_check` returns a :class:`CheckResult`: ``passed`` and a :class:`~uncase_core.shared.notes.Note`
whose code names what holds or what is still missing (``dimension_still_passing`` with
``{"dimension": "faithfulness"}``). :data:`CHECK_NOTES` holds the English wording; the user
interface translates the codes. A check never raises on what the person did: settings the core
refuses give ``state_not_usable`` and an answer of the wrong shape ``answer_not_understood``,
each with two params: ``problem``, the English message (what :data:`CHECK_NOTES` shows), and
``error``, the same :class:`~uncase_core.errors.InputError` as plain data (its ``to_dict()``: code,
params and place), from which the user interface words the problem in the reader's language.
A snapshot of the wrong shape (data of another page) is a bug of its builder and raises
:class:`~uncase_core.errors.InputError` naming the field.

Questions are checked against the answer the core computes for the data and settings in the
snapshot (:func:`uncase_core.rag.thresholds.threshold_flips`, :func:`uncase_core.datasets.leakage.find_similar`,
:func:`uncase_core.datasets.workbench.strata`, :func:`uncase_core.rubrics.lab.analyse` ...), never against an
answer written in the lesson file. The one exception is ``choice``: a multiple-choice question
about an explanation, whose right option the lesson's author marks.

The checks and their parameters are listed in :data:`CHECKS` (and in ``docs/lessons.md``); each
check's docstring says exactly when it holds.

Layout: :mod:`.snapshot` holds what every check shares (the snapshot, results, note codes, readers); one module
per page holds that page's checks (``rag_page``, ``threshold_explorer``, ``summaries_page``, ``conversations_page``,
``rubric_lab``, ``agreement_page``, ``workbench``, ``judge_page``, ``compare_page``; ``labels`` and ``any_page`` for
any page); :mod:`.registry` names every check once (:data:`CHECKS`) and runs them.
"""

from uncase_core.lessons.checks.registry import (
    ANSWER_KINDS,
    CHECKS,
    CheckDef,
    answer_options,
    check_definition,
    check_params,
    run_check,
)
from uncase_core.lessons.checks.snapshot import (
    CHECK_NOTES,
    PAGE_ONLY_DEFAULTS,
    PAGES,
    PROBLEMS,
    RAG_DATA_PAGES,
    RUBRIC_GENERATOR_DEFAULTS,
    SETTING_DEFAULTS,
    TERMS,
    CheckResult,
    Snapshot,
)

__all__ = (
    "ANSWER_KINDS",
    "CHECKS",
    "CHECK_NOTES",
    "PAGES",
    "PAGE_ONLY_DEFAULTS",
    "PROBLEMS",
    "RAG_DATA_PAGES",
    "RUBRIC_GENERATOR_DEFAULTS",
    "SETTING_DEFAULTS",
    "TERMS",
    "CheckDef",
    "CheckResult",
    "Snapshot",
    "answer_options",
    "check_definition",
    "check_params",
    "run_check",
)
