"""English messages. Keys must match ``locale_es`` exactly (a test checks)."""

MESSAGES = {
    # navigation and home
    "nav.heading": "Modules",
    "nav.home": "Home",
    "nav.rag": "RAG diagnosis: find the failure",
    "home.title": "UNCASE Evaluation Playground",
    "home.intro": (
        "Label small synthetic cases by hand and watch the evaluation move. Every number here comes from "
        "labels you can see and change, carries its counts and a confidence interval, and is computed on "
        "this machine: no API key, no model, no network."
    ),
    "home.modules": "Modules",
    "home.rag_summary": (
        "Mark which passages are relevant, which answer claims the context supports, which are correct "
        "against the reference and which reference facts the answer covers. See context relevance, "
        "faithfulness, correctness and coverage separately, each with a Wilson interval, and a diagnosis "
        "that names every failing dimension."
    ),
    "home.principles_title": "How to read the numbers",
    "home.principles": (
        "- **Counts first.** Every rate is shown as *x / n*: 80% of 5 labels is not 80% of 500.\n"
        "- **Intervals.** A 95% Wilson interval shows how far the true rate could be from the estimate.\n"
        "- **N/A is not zero.** With no labelled units a dimension is not applicable, and it is said so.\n"
        "- **Thresholds are yours.** The defaults are for teaching, not production gates; every threshold "
        "and weight can be changed."
    ),
    "home.footer": "Switch the language in the sidebar at any time; your labels stay.",
    # RAG page: data
    "rag.title": "RAG diagnosis: find the failure",
    "rag.intro": (
        "Tick the labels and watch each dimension move on its own. The goal is not one magic number but "
        "telling apart poor retrieval, an answer that goes beyond good evidence, a wrong answer and an "
        "incomplete one. A cell with no box is *not labelled yet* and does not count; click it to label, or "
        "select a cell and press Delete to clear a label."
    ),
    "rag.data": "Data",
    "rag.scenario": "Built-in scenario",
    "rag.all_scenarios": "All scenarios as one dataset",
    "rag.load_scenario": "Load scenario",
    "rag.upload": "Upload a case or dataset",
    "rag.upload_help": (
        "A case (JSON), a dataset (JSONL, a JSON list, or {\"cases\": [...]}), or RAGAS rows "
        "(user_input, retrieved_contexts, response, reference) as JSONL or CSV."
    ),
    "rag.upload_failed": "The file was not loaded; your labels are unchanged. {message}",
    "rag.ragas_imported": (
        "Imported {count} RAGAS rows as unlabelled cases: the response was split into claims and the "
        "reference into facts. Label them below."
    ),
    "rag.download": "Download labelled data",
    "rag.reset": "Reset labels",
    "rag.reset_confirm": "Discard every label you changed and go back to the loaded data?",
    "rag.reset_yes": "Discard",
    "rag.reset_no": "Keep",
    "rag.settings": "Settings",
    "rag.thresholds": "Thresholds (fail below)",
    "rag.weights": "Composite weights",
    "rag.aggregation": "Aggregation",
    "aggregation.mean": "Weighted mean",
    "aggregation.min": "Minimum (no compensation)",
    "rag.gates": "Hard gates",
    "rag.gates_help": "A dimension below its gate fails the case whatever the composite says.",
    "rag.gate_on": "Gate on {name}",
    "rag.gate_value": "{name} gate",
    "rag.confidence": "Interval confidence",
    "rag.settings_reset": "Restore default settings",
    "rag.settings_error": "{message}. The default weights are used until one weight is above zero.",
    "rag.case": "Case",
    "rag.question": "Question:",
    "rag.answer": "Answer:",
    "rag.results_case": "Case {case}",
    "rag.results_dataset": "Whole dataset ({count} cases)",
    "rag.weights_normalized": "Normalized weights: {shares}",
    "rag.micro_macro_help": (
        "Micro pools every labelled unit of every case (a case with many units weighs more); macro "
        "averages the per-case values (every case weighs the same). They differ when cases have "
        "different numbers of units or different rates."
    ),
    "rag.explain_title": "What each dimension isolates, and why five labels are not five hundred",
    # units and labels
    "units.passages": "Retrieved passages",
    "units.passages_help": "is each passage relevant to the question?",
    "units.claims": "Answer claims",
    "units.claims_help": "is each claim supported by the passages? Separately: is it correct against the reference?",
    "units.reference_facts": "Reference facts",
    "units.reference_facts_help": "does the answer cover each fact?",
    "units.full_text": "Full text",
    "units.none": "None in this case.",
    "units.id": "Id",
    "units.text": "Text",
    "label.relevant": "Relevant",
    "label.relevant_help": "Helps answer the question. No box = not labelled yet.",
    "label.supported": "Supported",
    "label.supported_help": "Stated by the retrieved passages. No box = not labelled yet.",
    "label.correct": "Correct",
    "label.correct_help": "Agrees with the reference, whatever the passages say. No box = not labelled yet.",
    "label.covered": "Covered",
    "label.covered_help": "The answer states this fact. No box = not labelled yet.",
    # metrics and values
    "metric.context_relevance": "Context relevance",
    "metric.faithfulness": "Faithfulness",
    "metric.correctness": "Correctness",
    "metric.coverage": "Coverage",
    "value.line": "{successes} / {total} · {percent} · {level} interval {low} to {high}",
    "value.counts": "{successes} / {total} · {level} interval {low} to {high}",
    "value.unlabelled": "{count} not labelled",
    "value.na": "N/A (0 labelled, {unlabelled} not labelled)",
    "value.na_short": "N/A",
    "verdict.pass": "passes (threshold {threshold})",
    "verdict.fail": "fails (below {threshold})",
    "verdict.na": "not applicable",
    "verdict.clear": "clear",
    "verdict.uncertain": "uncertain",
    "chart.threshold": "threshold",
    "chart.na": "N/A",
    "chart.interval": "value and interval",
    # diagnosis
    "diagnosis.ok": "No failing dimension at these thresholds.",
    "diagnosis.nothing_labelled": "Nothing is labelled yet: tick some boxes to see the evaluation.",
    "diagnosis.single": "One failing dimension: {names}.",
    "diagnosis.multiple": "Multiple failure: {count} dimensions fail ({names}). No single cause is chosen.",
    "diagnosis.not_applicable": "Not applicable (no labelled units): {names}.",
    "diagnosis.uncertain_passing": "Passing, but the interval straddles the threshold: {names}.",
    "diagnosis.certainty_help": (
        "Clear: the whole interval lies on one side of the threshold. Uncertain: it straddles the "
        "threshold, so more labels are needed to tell."
    ),
    "cause.context_relevance": "retrieval brings poor evidence",
    "cause.faithfulness": "the answer goes beyond good evidence",
    "cause.correctness": "the answer is wrong against the reference",
    "cause.coverage": "the answer leaves key facts out",
    "status.ok": "ok",
    "status.single": "single failure",
    "status.multiple": "multiple failure",
    # composite
    "composite.title_mean": "Composite (weighted mean)",
    "composite.title_min": "Composite (minimum)",
    "composite.na": "N/A",
    "composite.used_weights": "Weights used: {shares}",
    "composite.dropped": "Dropped as N/A: {names}; the other weights were renormalized.",
    "composite.gated": "Below a hard gate: {names}.",
    "composite.unchecked": "Gate not checked (N/A): {names}.",
    "composite.gate_fail": "This case fails a hard gate, whatever the composite.",
    "composite.not_standard": "A composite is a way to order configurations, not a standard score.",
    # tables
    "table.case": "Case",
    "table.status": "Diagnosis",
    "table.failing": "Failing",
    "table.composite": "Composite",
    "table.dimension": "Dimension",
    "table.micro": "Micro (pooled units)",
    "table.macro": "Macro (mean of cases)",
    # explanations
    "explain.context_relevance": (
        "the share of retrieved passages labelled relevant. It isolates what reaches the generator: "
        "if it is low, the rest of the pipeline works from poor material."
    ),
    "explain.faithfulness": (
        "the share of answer claims supported by the retrieved passages. A claim can be true in the "
        "world and still unfaithful, if the passages given do not back it."
    ),
    "explain.correctness": (
        "the share of claims that agree with the reference, a separate judgement from support. Keeping "
        "them apart stops \"backed by the context\" and \"right\" from being treated as the same."
    ),
    "explain.coverage": (
        "the share of reference facts the answer states. A short answer can be faithful and correct "
        "and still leave out what matters."
    ),
    "explain.uncertainty": (
        "**Uncertainty.** Each proportion has a Wilson interval over its labelled units. With five claims, "
        "80% is far less stable than 80% over thousands: try the *few units* scenario. Read it as a "
        "statistical interval only if the units are roughly an independent, representative sample; here "
        "it shows how fragile small samples are. It does not correct for annotator or judge errors."
    ),
    "explain.thresholds": (
        "**Diagnosis.** The thresholds are explicit and for teaching: context relevance below 50%, the "
        "others below 70%. When several dimensions fail, all are named: no arbitrary single cause. They "
        "are not recommended production gates."
    ),
    "explain.composite": (
        "**Composite.** To order configurations, combine the dimensions with explicit weights; they are "
        "normalized to sum 1. If near-perfect faithfulness is a must, say it with the weight or, better, "
        "a hard gate."
    ),
    "explain.not_a_judge": (
        "**Not an LLM judge.** Tools such as RAGAS and ARES automate part of this with models as judges. "
        "Here the labels are visible and editable, to study which dimension changes and why. Evaluating "
        "a production system needs a representative dataset, annotation criteria, calibrated evaluators "
        "and human validation."
    ),
}
