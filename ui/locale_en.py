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
    "home.start_title": "Start here",
    "home.start": (
        "Lesson 1 opens the RAG diagnosis with the **Multiple failures** scenario: three dimensions fail at once, and "
        "the diagnosis names each instead of guessing one cause. Change labels and watch it move; a panel beside the "
        "page checks each step."
    ),
    "home.start_button": "Start lesson 1: One number hides four failures",
    "home.then": "Then, in this order",
    "home.modules": "Modules",
    "home.rag_summary": (
        "Label passages, claims and facts; four proportions with intervals and a diagnosis that names every failing "
        "dimension."
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
    "rag.ragas_imported.one": (
        "Imported 1 RAGAS row as an unlabelled case: the response was split into claims and the reference "
        "into facts. Label it below."
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
    "rag.results_dataset.one": "Whole dataset (1 case)",
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
    "chart.title": ("Chart: each dimension's rate (bar), its interval (whisker) and its threshold (mark); "
                    "the exact figures are in the cards below."),
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
    # conversation quality page
    "nav.conversations": "Conversation quality",
    "home.conv_summary": (
        "Is a synthetic conversation fit for training? Four metrics, two gates, and Q is the minimum, not the mean."
    ),
    "conv.title": "Conversation quality",
    "conv.intro": (
        "Four metrics and two gates decide whether a synthetic conversation is good enough to train on. "
        "Q is the minimum of the four, not their mean: a strong metric cannot make up for a weak one, and "
        "any personal data or copied text sets Q to 0. Claims and turn labels are pre-filled by rules; "
        "change any of them and watch the scores move."
    ),
    "conv.scenario": "Built-in conversation",
    "conv.all_scenarios": "All built-in conversations (batch)",
    "conv.upload": "Upload a conversation or a batch",
    "conv.upload_help": "One conversation (JSON) or many (JSONL, a JSON list, or {\"conversations\": [...]}).",
    "conv.preset": "Threshold preset",
    "conv.preset.document": "Document 000 (production defaults)",
    "conv.preset.lenient": "Lenient (exploring)",
    "conv.preset.strict": "Strict",
    "conv.apply_preset": "Apply preset",
    "conv.memorization_limit": "Memorization limit (gate fails at or above)",
    "conv.batch_title": "Batch of {count} conversations",
    "conv.batch_title.one": "Batch of 1 conversation",
    "conv.batch_progress": "Scoring the batch ...",
    "conv.pass_rate": "Pass rate",
    "conv.certificate": "Certificate (SHA-256): `{digest}`",
    "conv.certificate_help": (
        "The hash seals this dataset, these thresholds, this package version and these results: anyone can "
        "recompute it with `python -m uncase_core verify REPORT FILE`. It proves the report was not changed "
        "after the fact; it does not prove who made it or when, and nothing is anchored anywhere."
    ),
    "conv.download_report": "Download the certified report",
    "conv.download_data": "Download labelled conversations",
    "conv.inspect": "Inspect conversation",
    "conv.chat": "Conversation: {id}",
    "conv.role.customer": "customer",
    "conv.role.agent": "agent",
    "conv.labelled_incoherent": "labelled incoherent",
    "conv.claims": "Claims",
    "conv.claims_help": "checkable sentences of the agent; is each verified by the knowledge base?",
    "conv.no_claims": "No checkable claims: fidelity is N/A.",
    "conv.turns": "Turns",
    "conv.turns_help": "is each turn coherent? The rules' findings are shown beside it.",
    "conv.col.verified": "Verified",
    "conv.col.turn": "Turn",
    "conv.col.rule": "Knowledge base says",
    "conv.col.coherent": "Coherent",
    "conv.col.role": "Role",
    "conv.col.rules": "Rules fired",
    "conv.reason.agrees": "agrees",
    "conv.reason.contradicts": "contradicts",
    "conv.reason.no_fact": "says nothing",
    "conv.reason.no_figures": "related, no figure to check",
    "conv.reason.given": "given in the file",
    "conv.rule.agent_contradiction": "agent contradicts itself",
    "conv.rule.customer_knowledge": "customer knows what they were not told",
    "conv.rule.role_confusion": "role confusion",
    "conv.rule.topic_drift": "topic drift",
    "conv.evidence.agent_contradiction": "{subject}: {value} here, {earlier_value} in turn {earlier_turn}",
    "conv.evidence.customer_knowledge": "mentions {figures} before anyone said it",
    "conv.evidence.role_confusion": "the {role} speaks as the {other}: \"{phrase}\"",
    "conv.evidence.topic_drift": "shares no content word with the topic",
    "conv.results": "Results",
    "conv.metric.rouge_l": "ROUGE-L",
    "conv.metric.fidelity": "Factual fidelity",
    "conv.metric.ttr": "Type-token ratio",
    "conv.metric.coherence": "Dialogue coherence",
    "conv.gate.privacy": "Privacy findings",
    "conv.gate.memorization": "Memorization",
    "conv.gate.privacy_fail": "Personal data found ({kinds}): Q is 0.",
    "conv.gate.privacy_ok": "No personal data found.",
    "conv.gate.memorization_unchecked": "Not checked: no source texts, or no turn long enough.",
    "conv.gate.memorization_counts": "{copied} of {total} 8-word sequences copied (gate at {limit}).",
    "conv.verdict.na": "N/A: neither passes nor fails",
    "conv.verdict.pass": "passes (threshold {threshold})",
    "conv.verdict.fail": "fails (below {threshold})",
    "conv.band": "Band: {band}",
    "conv.band.drift": "drifts from the seed (below 0.50)",
    "conv.band.borderline": "borderline (0.50 to 0.65)",
    "conv.band.good": "good structure with variation (0.65 to 0.80)",
    "conv.band.copy_risk": "risk of copying the template (above 0.80)",
    "conv.no_seed": "No seed template to compare with.",
    "conv.mattr": "MATTR (50-word windows): {mattr}",
    "conv.passed": "Passes every metric and gate.",
    "conv.failed": "Fails: {names}.",
    "conv.not_checked": "Not checked (N/A): {names}.",
    "conv.q": "Q = min(...)",
    "conv.mean": "Mean, for comparison",
    "conv.min_over": "The minimum is taken over: {names}.",
    "conv.q_gated": "A gate failed, so Q is 0 whatever the metrics say.",
    "conv.lesson": (
        "No compensation: with fidelity 0.95 and TTR 0.40, Q is 0.40, not the mean 0.675. Every metric must "
        "clear its threshold on its own."
    ),
    "conv.table.id": "Conversation",
    "conv.table.passed": "Passed",
    "conv.failures_axis": "conversations failing",
    "conv.explain_title": "What each metric and gate measures",
    "conv.explain.rouge_l": (
        "longest common subsequence of words between the conversation and its seed template (F-measure). "
        "Below 0.50 the conversation drifts from the seed; above 0.80 it may copy it. Words keep their accents."
    ),
    "conv.explain.fidelity": (
        "verified claims / labelled claims, with a Wilson interval. Claims are the agent's sentences with "
        "figures, dates or names, pre-labelled against the knowledge base."
    ),
    "conv.explain.ttr": (
        "unique words / words, lowercased and split on spaces. It falls as a text grows, so MATTR (the mean "
        "over 50-word windows) is shown beside it to compare conversations of different lengths."
    ),
    "conv.explain.coherence": (
        "coherent turns / labelled turns. Rules flag an agent contradicting itself, a customer knowing what "
        "they were not told, role confusion and topic drift."
    ),
    "conv.explain.privacy": (
        "the number of personal-data findings (e-mail, phone, payment card, IBAN, CURP, RFC, DNI/NIE, CPF, "
        "IP), each checked with its own validation (Luhn, mod 97, check letters and digits). Any finding sets Q to 0."
    ),
    "conv.explain.memorization": (
        "the share of the conversation's 8-word sequences found verbatim in the texts the generator saw. At "
        "or above the limit (1%) Q is 0. Without source texts it cannot be checked."
    ),
    "conv.explain.q": (
        "the minimum of the applicable metrics when both gates hold, else 0. N/A metrics are left out of "
        "the minimum and named."
    ),
    "conv.explain.mean": "the plain mean of the same metrics, shown only to see what the minimum prevents.",
    "pii.email": "e-mail",
    "pii.phone": "phone",
    "pii.card": "payment card",
    "pii.iban": "IBAN",
    "pii.curp": "CURP",
    "pii.rfc": "RFC",
    "pii.dni_nie": "DNI/NIE",
    "pii.cpf": "CPF",
    "pii.ip": "IP address",
    # summary autoevaluation page
    "nav.summaries": "Summary autoevaluation",
    "home.sum_summary": (
        "A summary judged on accuracy, adherence and coverage, from judgements you mark, with its N/A rules."
    ),
    "sum.title": "Summary autoevaluation",
    "sum.intro": (
        "A summary of a customer conversation is judged on three things: are its points accurate, does it "
        "follow each section's instruction (adherence), and does it cover what matters (completeness). "
        "Adherence only applies to custom sections and completeness only to free text: switch a section's "
        "kind or make it categorical and watch a score become N/A."
    ),
    "sum.scenario": "Built-in case",
    "sum.upload": "Upload a summary case or several",
    "sum.upload_help": "One case (JSON) or several (JSONL, a JSON list, or {\"cases\": [...]}).",
    "sum.paste_title": "Paste a judgement block",
    "sum.paste_help": (
        "Paste an accuracy, adherence or completeness block as document 002 prints it: string booleans "
        "and single quotes are read safely, never run."
    ),
    "sum.paste_kind": "Block",
    "sum.paste_text": "Block text",
    "sum.paste_empty": "Nothing to read: paste a block first.",
    "sum.paste_apply": "Replace this block in the case",
    "sum.paste_failed": "The block was not read; the case is unchanged. {message}",
    "sum.paste_ok": "The block was read and replaces the case's one.",
    "sum.case": "Case",
    "sum.read_note": "While reading: {note}",
    "sum.transcript": "Transcript",
    "sum.summary": "Summary sections",
    "sum.toggle_help": "Change a section's kind or tick categorical to see the N/A rules apply.",
    "sum.no_sections": "This case has no sections.",
    "sum.categorical_ok": "{name}: the text is exactly one allowed value ({allowed}).",
    "sum.categorical_bad": "{name}: the text is not exactly one allowed value ({allowed}).",
    "sum.judgements": "Judgements",
    "sum.accuracy_help": "is each point of the summary accurate against the transcript?",
    "sum.adherence_help": "does the summary address each instruction?",
    "sum.completeness_help": "does the summary cover each piece of the transcript a question asks for?",
    "sum.empty_questions": "{count} questions with nothing to cover: not penalized, not counted.",
    "sum.empty_questions.one": "1 question with nothing to cover: not penalized, not counted.",
    "sum.results": "Scores of {id}",
    "sum.macro_value": "Macro (mean of questions): {value}",
    "sum.micro_macro_help": (
        "The main figure pools every labelled unit (micro). Macro averages the per-question scores first, "
        "as the product does: a question with one missed item weighs as much as one with six covered ones, "
        "so the two differ when questions have different numbers of items."
    ),
    "sum.aggregate": "All {count} cases",
    "sum.aggregate.one": "The only case",
    "sum.macro_cases": "Macro (mean of the cases' macro values)",
    "sum.download": "Download labelled cases",
    "sum.metric.accuracy": "Accuracy",
    "sum.metric.adherence": "Adherence",
    "sum.metric.completeness": "Completeness",
    "sum.na.only_predefined_sections": "N/A: only predefined sections",
    "sum.na.only_categorical_sections": "N/A: only categorical sections",
    "sum.na.no_units": "N/A: nothing labelled",
    "sum.kind.custom": "custom",
    "sum.kind.predefined": "predefined",
    "sum.col.name": "Section",
    "sum.col.kind": "Kind",
    "sum.col.categorical": "Categorical",
    "sum.col.text": "Summary text",
    "sum.col.is_accurate": "Accurate",
    "sum.col.point": "Point",
    "sum.col.accuracy": "Justification",
    "sum.col.is_addressed": "Addressed",
    "sum.col.question": "Question",
    "sum.col.reasoning": "Reasoning",
    "sum.col.is_covered": "Covered",
    "sum.col.transcript_content": "In the transcript",
    "sum.col.related_content_from_summary": "In the summary",
    "sum.explain_title": "What each score means, and when it is N/A",
    "sum.explain.accuracy": "accurate points / labelled points of the summary's decomposition, with a Wilson interval.",
    "sum.explain.adherence": (
        "addressed rubrics / labelled rubrics. For a categorical section the rubric asks whether the text is "
        "exactly one allowed value; for free text, whether it follows the instruction."
    ),
    "sum.explain.completeness": (
        "covered items / labelled items over all questions. A question with nothing to cover is not "
        "penalized and not counted."
    ),
    "sum.explain.na_rules": (
        "**N/A rules.** Adherence is scored only for summaries with at least one custom section; completeness "
        "only when at least one section is free text. A score N/A by rule has no value and no counts; a score "
        "with nothing labelled is N/A too, never 0."
    ),
    # rubric lab page
    "nav.rubrics": "Rubric lab",
    "home.rub_summary": (
        "Filter noisy rubric items and watch whether three judges' rankings of the candidates converge."
    ),
    "rub.title": "Rubric lab",
    "rub.intro": (
        "Each candidate answers prompts; each judge says yes or no to each binary rubric item, sometimes in "
        "several runs. DRFR is the share of items passed (0-100). Some items only add noise: every candidate "
        "passes them, none does, stronger candidates fail them, or the judge changes its mind between runs. "
        "Switch the filters and watch the judges' rankings come together."
    ),
    "rub.generator": "Synthetic verdicts",
    "rub.gen.seed": "Seed",
    "rub.gen.candidates": "Candidates",
    "rub.gen.prompts": "Prompts",
    "rub.gen.items": "Items per prompt",
    "rub.gen.judges": "Judges",
    "rub.gen.runs": "Runs per judge",
    "rub.gen.planted_trivial": "Planted trivial items",
    "rub.gen.planted_impossible": "Planted impossible items",
    "rub.gen.planted_misaligned": "Planted misaligned items",
    "rub.gen.planted_unstable": "Planted unstable items",
    "rub.generate": "Generate",
    "rub.upload": "Upload verdicts",
    "rub.upload_help": (
        "CSV, JSONL or a JSON array with the columns `candidate, prompt, item, judge, run, verdict` (yes/no, "
        "true/false, 1/0)."
    ),
    "rub.upload_failed": "The file was not loaded; the current verdicts are kept. {message}",
    "rub.upload_holistic": "Upload holistic scores (optional)",
    "rub.upload_holistic_help": (
        "CSV, JSONL or a JSON array with the columns `candidate, judge, score`: one overall score per candidate and "
        "judge."
    ),
    "rub.holistic": (
        "**Holistic scores, for comparison:** Spearman between judges {spearman}, Kendall {kendall}, "
        "{identical} of {candidates} ranks on which all judges agree. One overall number per candidate carries "
        "all of a judge's taste; atomic binary items, filtered, leave much less room for it."
    ),
    "rub.download": "Download verdicts (CSV)",
    "rub.filters": "Filters",
    "rub.filter": "Filter",
    "rub.filter.trivial": "Trivial",
    "rub.filter.impossible": "Impossible",
    "rub.filter.misaligned": "Misaligned",
    "rub.filter.unstable": "Unstable",
    "rub.filter_help.trivial": "Every candidate passes the item (run majority).",
    "rub.filter_help.impossible": "No candidate passes the item (run majority).",
    "rub.filter_help.misaligned": (
        "The item's verdicts correlate below the cutoff with the candidates' DRFR computed without it: "
        "stronger candidates fail it while weaker ones pass."
    ),
    "rub.filter_help.unstable": (
        "The verdict changes between runs in more than the cutoff share of (candidate, judge) pairs."
    ),
    "rub.rule": "Fires when the rule holds under",
    "rub.rule.all": "every judge",
    "rub.rule.any": "any judge",
    "rub.misaligned_below": "Misaligned: correlation below",
    "rub.unstable_above": "Unstable: share of changing pairs above",
    "rub.data_summary": (
        "{verdicts} verdicts: {candidate} candidates, {items} items, {judge} judges, {run} runs ({source})."
    ),
    "rub.stability": "Do the judges agree? Before and after filtering",
    "rub.figure": "Figure",
    "rub.before": "Before",
    "rub.after": "After",
    "rub.fig.spearman": "Spearman between judges (mean of pairs)",
    "rub.fig.kendall": "Kendall between judges (mean of pairs)",
    "rub.fig.identical": "Ranks where all judges agree",
    "rub.fig.gap": "Mean gap between neighbours (DRFR points)",
    "rub.fig.spread": "Spread, top to bottom (DRFR points)",
    "rub.fig.separated": "Neighbours separated beyond their intervals",
    "rub.fig.removed": "Items removed",
    "rub.stability_help": (
        "On one sorted list the mean gap is the spread divided by (candidates - 1). Separated neighbours are "
        "pairs whose intervals do not overlap: the only gaps the data can vouch for."
    ),
    "rub.ties": "{count} verdicts tied between runs and were counted as not passed.",
    "rub.ties.one": "1 verdict tied between runs and was counted as not passed.",
    "rub.recovery": "What the filters found among the planted items",
    "rub.rec.planted": "Planted",
    "rub.rec.found": "Planted, found",
    "rub.rec.missed": "Planted, missed",
    "rub.rec.wrongly_removed": "Good items removed",
    "rub.judge": "Judge",
    "rub.leaderboard": "Leaderboard for {judge}",
    "rub.bump": "Ranks per judge (dotted: before filtering)",
    "rub.rank": "Rank",
    "rub.share": "Runs passing",
    "rub.heatmap": "Verdicts of {judge} (✕ = removed item)",
    "rub.removed": "Removed items ({count})",
    "rub.removed_row": "✕ removed",
    "rub.removed_rows": "{rows} rows for {items} items: an item removed by more than one filter has a row for each.",
    "rub.reason.trivial": "passed by every candidate under {rule} (passed/judged: {detail})",
    "rub.reason.impossible": "failed by every candidate under {rule} (passed/judged: {detail})",
    "rub.reason.misaligned": (
        "its verdicts correlate below {cutoff} with the candidates' DRFR without it, under {rule} ({detail})"
    ),
    "rub.reason.unstable": (
        "the verdict changes between runs in {changing} of {repeated} (candidate, judge) pairs ({share} > {cutoff})"
    ),
    "rub.col.prompt": "Prompt",
    "rub.col.item": "Item",
    "rub.col.reason": "Reason",
    "rub.explain_title": "How DRFR and the filters are defined",
    "rub.explain": (
        "**DRFR** (InFoBench): items passed / items judged × 100, pooled over all items, per candidate and "
        "judge, with a Wilson interval. Repeated runs are combined by majority; ties count as not passed. "
        "**Filters** run on the run-majority verdicts of each judge and fire when the rule holds under every "
        "judge (or any, if chosen); unstable looks at the raw runs. An item removed by two filters is listed "
        "once per filter."
    ),
    # dataset workbench page
    "nav.datasets": "Dataset workbench",
    "home.wb_summary": (
        "What makes an evaluation dataset trustworthy: metadata, strata, splits, versions and leakage checks."
    ),
    "wb.title": "Dataset workbench",
    "wb.intro": (
        "An evaluation dataset is evidence for a question, so it needs more than cases: metadata to break "
        "results down, a version everyone can name, a log of every label change, splits kept apart and a "
        "look for cases that leak from one split into another."
    ),
    "wb.load_builtin": "Load the built-in dataset",
    "wb.upload": "Upload a RAG dataset",
    "wb.upload_other": "Compare with another version",
    "wb.upload_other_help": "Upload a second version of the dataset to see what changed.",
    "wb.strata_field": "Break down by",
    "wb.metric": "Metric",
    "wb.min_units": "Too few units below",
    "wb.ngram": "Character n-gram length",
    "wb.cutoff": "Near duplicate at Jaccard similarity of at least",
    "wb.version": "Version",
    "wb.version_help": (
        "SHA-256 of the cases in canonical form, ordered by id; the revision log is not part of it. One "
        "changed label gives another version."
    ),
    "wb.cases": "Cases",
    "wb.revisions": "Label revisions",
    "wb.missing": "{count} cases lack what this analysis needs ({fields}): {ids}",
    "wb.missing.one": "1 case lacks what this analysis needs ({fields}): {ids}",
    "wb.table": "Cases and their metadata",
    "wb.strata_title": "Metrics by {field}",
    "wb.overall": "whole dataset",
    "wb.hidden.clear": (
        "{metric} fails in {field} = {value} while the whole dataset passes: the average hides it, and the "
        "stratum's whole interval is below the threshold."
    ),
    "wb.hidden.uncertain": (
        "{metric} is below the threshold in {field} = {value} while the whole dataset passes: the average hides "
        "it, but the stratum's interval still reaches the threshold, so more cases are needed to be sure."
    ),
    "wb.too_small": "Too few units to say anything ({min_units} or fewer): {values}.",
    "wb.value": "Value",
    "wb.method.exact": "Every pair at or above the cutoff is listed (exact search: {method}).",
    "wb.method.minhash": "Large dataset: pairs found with MinHash LSH, then checked exactly. "
                          "A pair at the cutoff is missed with probability at most {miss}; "
                          "nothing below the cutoff is ever listed.",
    "wb.leakage_title": "Leakage and duplicates (questions compared)",
    "wb.leakage": "Across splits: leakage",
    "wb.duplicates": "Inside one split: duplicates",
    "wb.split_a": "split a",
    "wb.text_a": "question a",
    "wb.split_b": "split b",
    "wb.text_b": "question b",
    "wb.similarity": "Jaccard",
    "wb.kind": "kind",
    "wb.kind.exact": "exact",
    "wb.kind.near": "near",
    "wb.balance": "Positive and negative cases per split (positive: passes every RAG threshold)",
    "wb.split": "Split",
    "wb.positive": "positive",
    "wb.negative": "negative",
    "wb.splits_title": "Assign splits",
    "wb.splits_help": (
        "Stratified by a metadata field and reproducible from the seed: the same seed gives the same splits."
    ),
    "wb.stratify_by": "Stratify by",
    "wb.assign": "Assign",
    "wb.heldout_title": "Held-out discipline",
    "wb.heldout_show": "Show held-out results",
    "wb.heldout_result": "{metric} on the {count} held-out cases: {value}",
    "wb.heldout_result.one": "{metric} on the 1 held-out case: {value}",
    "wb.heldout_reveals": "Held-out results revealed since this dataset was loaded: {count}.",
    "wb.heldout_doc": (
        "A held-out set looked at again and again, with prompts changed after each failure, stops being "
        "independent evidence. Rotate cases, keep a private set or limit access, and record which data guided "
        "the design and which only tested it."
    ),
    "wb.history": "Label revision log",
    "wb.unit_kind": "Units",
    "wb.unit_id": "Unit",
    "wb.field": "Label",
    "wb.new_value": "New value",
    "wb.old": "Old value",
    "wb.reason": "Reason",
    "wb.author": "Author",
    "wb.time": "Time",
    "wb.apply_change": "Change the label and log it",
    "wb.no_reason": "(no reason given)",
    "wb.no_history": "No label has been changed yet.",
    "wb.diff_title": "Difference from the other version",
    "wb.diff_added": "Added: {ids}",
    "wb.diff_removed": "Removed: {ids}",
    "wb.diff_changed": "Changed: {ids}",
    "wb.diff_summary": "{added} added, {removed} removed, {changed} changed, {labels} label changes.",
    "wb.before": "This version",
    "wb.after": "Other version",
    "wb.download": "Download with the revision log",
    # ---------------------------------------------------------------- threshold explorer
    "nav.thresholds": "Threshold explorer",
    "home.thr_summary": "Move a threshold or a weight and see which cases change side, and how sure each verdict is.",
    "thr.title": "Threshold explorer",
    "thr.intro": (
        "A pass rate depends on where you put the threshold. The curve shows the share of cases whose value "
        "reaches each threshold, with its Wilson 95% band; the lists show exactly which cases change side "
        "between two thresholds. A case is a **clear** pass or fail only when its own interval lies entirely "
        "on one side of the threshold; otherwise it is **uncertain**: more labels would be needed to say."
    ),
    "thr.source": "Dataset",
    "thr.source.workbench": "Dataset workbench (65 cases, with your label changes)",
    "thr.source.rag": "RAG diagnosis page (your labels)",
    "thr.source.upload": "Upload a dataset",
    "thr.no_data": "Upload a RAG dataset (JSON or JSONL) in the sidebar to explore it.",
    "thr.mode": "What moves",
    "thr.mode.threshold": "A dimension's threshold",
    "thr.mode.weight": "A weight in the composite",
    "thr.current": "Threshold",
    "thr.compare": "Compare with threshold",
    "thr.current_mark": "now",
    "thr.compare_mark": "compare",
    "thr.equal_mark": "equal weights",
    "thr.x_threshold": "Threshold on {metric}",
    "thr.x_weight": "Raw weight of {metric} (others fixed)",
    "thr.y_rate": "Cases passing",
    "thr.y_rate_composite": "Cases whose composite passes",
    "thr.pass_rate": "Pass rate",
    "thr.pass_rate_help": "Cases whose value reaches the threshold, over the cases where the value is applicable.",
    "thr.band": "Wilson 95% interval",
    "thr.clear_help": (
        "Clear pass: the case's interval lies entirely at or above the threshold. Clear fail: entirely below. "
        "Uncertain: the interval straddles the threshold."
    ),
    "thr.curve_title": "Pass rate against the {metric} threshold",
    "thr.weight_curve_title": "Composite pass rate as the weight of {metric} moves",
    "thr.flips_title": "Cases that change side between {a} and {b}",
    "thr.weight_flips_title": "Cases that change side between equal weights and a weight of {weight} on {metric}",
    "thr.newly_failing": "Pass before, fail after",
    "thr.newly_passing": "Fail before, pass after",
    "thr.value": "Value",
    "thr.range": "Interval (or bound)",
    "thr.standing": "Standing",
    "thr.standing.pass": "Clear pass",
    "thr.standing.uncertain": "Uncertain",
    "thr.standing.fail": "Clear fail",
    "thr.standing.na": "N/A",
    "thr.composite_threshold": "Composite threshold",
    "thr.weight": "Weight of {metric}",
    "thr.other_weights": "The other weights",
    "thr.composite_bound_note": (
        "For the composite, clear and uncertain use a bound built from each dimension's interval (the weighted "
        "mean of the lows and of the highs, or their minimum): a conservative range, not a confidence interval."
    ),
    "thr.not_applicable": "{count} cases have no labelled units for this and are left out: {ids}.",
    "thr.not_applicable.one": "1 case has no labelled units for this and is left out: {ids}.",
    "thr.all_cases": "Every case at the current setting ({count})",
    # ---------------------------------------------------------------- sample-size planner
    "nav.planner": "Sample-size planner",
    "home.plan_summary": "How many labels an interval of a given width needs, and whether two results really differ.",
    "plan.title": "Sample-size planner",
    "plan.intro": (
        "A proportion from a handful of units has a wide interval. Say what value you expect and how precise "
        "you need it (the half-width: the interval will be about the value plus or minus that much), and the "
        "planner finds the number of units by computing the Wilson interval itself for each n. The usual "
        "normal-approximation formula is shown beside it: it agrees in the middle and fails near 0% and 100%."
    ),
    "plan.need_title": "How many units do I need?",
    "plan.expected": "Expected proportion",
    "plan.expected_help": (
        "The value you expect to observe, for example 0.8 if about four in five passages are "
        "relevant."
    ),
    "plan.half_width": "Half-width wanted",
    "plan.half_width_help": "0.05 means the interval should be about the value ± 5 percentage points.",
    "plan.confidence": "Confidence level",
    "plan.wilson_n": "Units needed (Wilson)",
    "plan.wilson_n_help": "The smallest n whose Wilson interval at the expected value is no wider than asked.",
    "plan.normal_n": "Normal approximation",
    "plan.normal_n_help": "z² p(1−p) / h²: the textbook formula. It gives 1 at 0% and 100%, where it is useless.",
    "plan.reading": (
        "With **{n}** labelled units and an observed {expected}, the {level} Wilson interval is about "
        "± {half} wide."
    ),
    "plan.differ": (
        "Here the normal approximation is misleading: it asks for {normal} units where the Wilson interval "
        "needs {wilson}. Near 0% and 100% the normal interval collapses; trust the Wilson figure."
    ),
    "plan.wilson": "Wilson interval",
    "plan.normal": "Normal approximation",
    "plan.x_n": "Number of labelled units (log scale)",
    "plan.y_half_width": "Half-width of the interval",
    "plan.buys_title": "What does a given number of units buy?",
    "plan.n": "Number of labelled units",
    "plan.buys": (
        "With {n} units and an observed {expected}, the {level} interval is ± {wilson} (Wilson) "
        "or ± {normal} (normal approximation)."
    ),
    "plan.compare_title": "Are two results really different?",
    "plan.compare_intro": (
        "Two configurations (two retrievers, two prompts) each give a proportion. Newcombe's interval for "
        "their difference says whether the gap could be noise at this confidence."
    ),
    "plan.config_a": "Configuration A",
    "plan.config_b": "Configuration B",
    "plan.units": "Labelled units",
    "plan.successes": "Successes",
    "plan.compare_bad": "Check the counts: {message}",
    "plan.compare_na": "One configuration has no labelled units: the difference is N/A.",
    "plan.difference": "Difference A − B",
    "plan.difference_help": "A's proportion minus B's, with Newcombe's hybrid score interval at {level}.",
    "plan.interval": "{level} interval of the difference: {low} to {high}.",
    "plan.distinguishable": "Distinguishable at {level}: the interval does not include zero.",
    "plan.not_distinguishable": (
        "Not distinguishable at {level}: the interval includes zero, so this gap could be noise. "
        "Label more units before declaring a winner."
    ),
    # ---------------------------------------------------------------- annotator agreement
    "nav.agreement": "Annotator agreement",
    "home.agr_summary": "Two people label the same units: raw agreement, Cohen's kappa and every disagreement.",
    "agr.title": "Annotator agreement",
    "agr.intro": (
        "Two annotators label the same units. Labels are matched by case, unit and label name; units only one "
        "side labelled are counted and left out."
    ),
    "agr.source": "Labels",
    "agr.source.builtin": "Built-in pair (24 cases, two annotators)",
    "agr.source.upload": "Upload two label files",
    "agr.upload_a": "Annotator A (exported RAG dataset)",
    "agr.upload_b": "Annotator B (exported RAG dataset)",
    "agr.upload_help": "The RAG page's or the workbench's download, labelled by each person; ids must match.",
    "agr.upload_both": "Upload both annotators' files in the sidebar.",
    "agr.builtin_note": "Built-in pair: the same 24 cases labelled by two annotators; B skipped one case.",
    "agr.field": "Label",
    "agr.field.all": "All labels together",
    "agr.field.relevant": "Passage relevant",
    "agr.field.supported": "Claim supported",
    "agr.field.correct": "Claim correct",
    "agr.field.covered": "Fact covered",
    "agr.value.true": "yes",
    "agr.value.false": "no",
    "agr.raw": "Raw agreement",
    "agr.raw_help": "Share of units where both gave the same label.",
    "agr.kappa": "Cohen's kappa",
    "agr.kappa_help": "Agreement beyond what chance alone would give: 1 is perfect, 0 is chance level.",
    "agr.chance": "Agreement expected by chance",
    "agr.chance_help": "How often two people labelling at random, each with their own rates, would agree.",
    "agr.raw_line": "Raw agreement: {line}.",
    "agr.kappa_line": "Kappa {kappa}, 95% interval {low} to {high}.",
    "agr.kappa_na": (
        "Kappa is not defined here: both annotators used one and the same label for every unit, so chance "
        "alone explains all the agreement. Raw agreement is still shown."
    ),
    "agr.note.constant_annotator": (
        "No interval for kappa: one annotator gave every unit the same label, so kappa is 0 whatever the other "
        "did, and its usual interval would shrink to a single point that claims a certainty the data cannot give."
    ),
    "agr.note.zero_variance": (
        "No interval for kappa: with agreement this complete its usual interval shrinks to a single point, which "
        "would claim a certainty that a handful of units cannot give. Label more units to learn how stable it is."
    ),
    "agr.matched": (
        "{units} units labelled by both · {only_a} labelled only by A · {only_b} labelled only by B · "
        "{neither} by neither (all left out)."
    ),
    "agr.cases_only_a": "Cases only in A's file ({count}): {ids}.",
    "agr.cases_only_b": "Cases only in B's file ({count}): {ids}.",
    "agr.why_title": "Why kappa is lower than raw agreement",
    "agr.why": (
        "The annotators agree on {raw} of the units. But when most labels are the same (most passages "
        "relevant, most claims supported), two people would agree often even by guessing with their own "
        "rates: here {chance} of the time. Kappa measures agreement beyond that chance level, "
        "(observed − chance) / (1 − chance) = **{kappa}**. High raw agreement with a modest kappa means the "
        "rare label is where the annotators disagree: write a clearer guideline for it."
    ),
    "agr.why_general": (
        "Kappa compares observed agreement with the agreement chance alone would give, "
        "(observed − chance) / (1 − chance)."
    ),
    "agr.table_title": "Confusion table (rows: A, columns: B)",
    "agr.disagreements_title": "Disagreements ({count})",
    "agr.unit": "Unit",
    "agr.label": "Label",
    "agr.text": "Text",
    "agr.no_disagreements": "No disagreements.",
    # ---------------------------------------------------------------- workshop limits and confirmations
    "limits.file_too_large": (
        "the file is {size} MB; this page takes up to {limit} MB. For larger files use the command line: `{command}`"
    ),
    "limits.too_many": (
        "{count} items is more than this page handles live ({limit}). Use the command line instead: `{command}`"
    ),
    "confirm.replace": (
        "Replace the data you are labelling? The labels you changed in {count} of its cases will be lost. "
        "Download them first if you want to keep them."
    ),
    "confirm.replace_upload": (
        "Replace the data you are labelling with {name}? The labels you changed in {count} of its cases "
        "will be lost. Download them first if you want to keep them."
    ),
    "confirm.yes": "Yes, replace",
    "confirm.no": "No, keep my labels",
    # ---------------------------------------------------------------- where the work is kept
    "store.saved": "Saved on this server at {time}",
    "store.nothing_yet": "Nothing to save yet: your changes are saved as you make them",
    "store.not_saved": (
        "Your last change was **not saved**: {problem}. It is not kept; the page shows what is saved."
    ),
    "store.your_work": "Your work and its link",
    "store.link_help": (
        "Everything you do here is saved as you go, under this link. Open it again (after closing the tab, "
        "on another device, or after the server restarts) to carry on where you left off. Keep it to yourself: "
        "anyone with the link sees and changes your work."
    ),
    "store.download_all": "Download everything (JSON)",
    "store.start_fresh": "Start fresh",
    "store.start_fresh_help": "A new, empty workspace with a new link. Your current work stays saved under its link.",
    "store.fresh": "This is a fresh workspace. Your previous work is still saved under its own link.",
    "store.bad_link": "The link's workspace code is not valid, so a new workspace was started.",
    "store.unknown": (
        "No saved work was found for this link (it may have been removed after a long time unused), "
        "so a new workspace was started."
    ),
    "store.corrupt": (
        "The work saved under this link could not be read ({place}: {problem}), so a new workspace was started. "
        "The old one is left as it was on the server."
    ),
    "store.unavailable": "The playground cannot reach its store, so nothing can be saved: {problem}",
    "rub.generator_source": "the generator",
    "data.stored_upload": "Kept in your workspace: {name}",
    "data.remove_upload": "Remove this file",
    # ---------------------------------------------------------------- workshop rooms
    "nav.room": "Workshop room",
    "home.room_summary": "For facilitators: the class labels the same cases on their own devices; you see it live.",
    "room.title": "Workshop room",
    "room.intro": (
        "A room is one set of RAG cases for a whole class. Each participant labels them on their own device, as on "
        "the RAG page; the facilitator's view (and a read-only view for the projector) shows what the class "
        "labelled, how far people agree, and the units where they disagree most, updated every few seconds."
    ),
    "room.join_title": "Join a room",
    "room.code": "Room code",
    "room.code_help": "Six letters and digits, from the facilitator (on the board or the projector).",
    "room.name": "Your name or an alias",
    "room.name_help": "Shown to the facilitator beside your progress. Any name will do; a taken one gets a number.",
    "room.join": "Join",
    "room.code_needed": "Type the room's code.",
    "room.name_needed": "Type a name or an alias: the facilitator sees it beside your progress.",
    "room.unknown": "There is no room {code} on this server: check the code with the facilitator.",
    "room.joined_notice": (
        "You are in the room. Label the cases below; your labels are saved as you go and the facilitator sees "
        "the class's progress. Your earlier work, if any, is still under its own link."
    ),
    "room.create_title": "Create a room (facilitator)",
    "room.create_help": (
        "Pick the cases the class will label. You get a code and a link for the participants, a link for the "
        "projector (read-only) and your own facilitator link, which holds a secret: keep it to yourself."
    ),
    "room.room_title": "Room title",
    "room.default_title": "RAG labelling workshop",
    "room.source": "Cases",
    "room.source.scenario": "Built-in scenario",
    "room.source.upload": "Upload a RAG dataset",
    "room.create": "Create the room",
    "room.upload_first": "Upload a RAG dataset first (the file is read before the room is made).",
    "room.yours": "Your rooms",
    "room.open_facilitator": "facilitator view",
    "room.open_projector": "projector view",
    "room.bad_key": (
        "This link does not open the facilitator's view of the room (its secret is missing or wrong). "
        "Participants join with the room's code."
    ),
    "room.bad_view": "This link does not open the projector's view of the room (its key is missing or wrong).",
    "room.facilitator_title": "Room: {title}",
    "room.code_line": "Room code **{code}**: participants join on the Workshop room page with it.",
    "room.join_line": "Join at **{url}** with the code **{code}**",
    "room.links_title": "Links",
    "room.participant_link": "For participants (opens the join form with the code filled in):",
    "room.projector_link": "For the projector (read-only, no controls, no secret):",
    "room.facilitator_link": "Yours, with the controls: keep it to yourself (anyone with it can reveal and freeze).",
    "room.controls": "Room controls",
    "room.reveal": "Reveal the reference labels and the class distribution",
    "room.reveal_help": (
        "Participants see, beside their own labels, the reference label (when the cases have one) and how the "
        "class labelled each unit. Switch it off to hide them again."
    ),
    "room.freeze": "Freeze the labels",
    "room.freeze_help": "Stops every participant's edits (their pages lock within a few seconds). Switch off to allow.",
    "room.exports": "Every label as long rows (room, participant, case, unit, dimension, label, time):",
    "room.export_csv": "Download labels (CSV)",
    "room.export_jsonl": "Download labels (JSONL)",
    "room.export_majority": "Download the class-majority dataset (RAG case format)",
    "room.state.revealed": "reference labels revealed",
    "room.state.hidden": "reference labels hidden",
    "room.state.frozen": "labels frozen by the facilitator",
    "room.state.open": "labelling open",
    "room.refresh_note": "updates every {seconds} s",
    "room.progress_title": "Who is labelling",
    "room.joined": "Joined",
    "room.finished": "Finished",
    "room.labelling": "Still labelling",
    "room.nobody_yet": "Nobody has joined yet. Participants join with the room's code.",
    "room.col.participant": "Participant",
    "room.col.labels": "Labels given",
    "room.col.units": "Units",
    "room.col.status": "Status",
    "room.status.done": "done",
    "room.status.labelling": "labelling",
    "room.refused": "{count} stored label changes did not fit the room's cases and were left out.",
    "room.refused.one": "1 stored label change did not fit the room's cases and was left out.",
    "room.agreement_title": "Agreement among the class",
    "room.all_labels": "All labels together",
    "room.col.alpha": "Krippendorff's alpha",
    "room.col.alpha_interval": "alpha, {level} interval",
    "room.col.fleiss": "Fleiss' kappa",
    "room.col.fleiss_interval": "kappa, {level} interval",
    "room.col.note": "Note",
    "room.units_used": "{used} used, {left_out} left out",
    "room.undefined": "undefined",
    "room.agreement_help": (
        "Alpha uses every unit labelled by at least two people and counts disagreement beyond chance (1: perfect, "
        "0: no better than chance). Fleiss' kappa needs units labelled by everyone who labelled anything. "
        "Intervals: {resamples} bootstrap resamples over units, seeded."
    ),
    "room.note.no_pairable_units": "no unit has labels from two people yet",
    "room.note.no_variation": (
        "everyone gave the same single label, so chance agreement is complete and the statistic is undefined"
    ),
    "room.note.fewer_than_two_annotators": "fewer than two people have labelled",
    "room.note.no_complete_units": "no unit is labelled by everyone: read alpha",
    "room.note.no_defined_resample": "undefined in every resample: no interval",
    "room.disputed_title": "Where the class disagrees most",
    "room.col.unit": "Unit",
    "room.col.label": "Label",
    "room.col.distribution": "Class labels",
    "room.col.majority": "Majority",
    "room.col.reference": "Reference",
    "room.col.reference_of": "{label}: reference",
    "room.col.class_of": "{label}: class",
    "room.distribution": "{yes} yes / {no} no / {unlabelled} not labelled",
    "room.tie": "tie",
    "room.no_disagreement": "No disagreement so far: everyone who labelled a unit gave it the same label.",
    "room.more_disputed": "{count} more disputed labels in the full table below.",
    "room.more_disputed.one": "1 more disputed label in the full table below.",
    "room.metrics_title": "The class's metrics (majority labels)",
    "room.majority_help": (
        "Each unit gets the label most of the class gave it; a tie counts as not labelled (ties now: {ties}). "
        "Counts and 95% Wilson intervals as on the RAG page."
    ),
    "room.spread_title": "Each participant's own values",
    "room.spread_na": "Not shown (nothing labelled in that dimension): {details}",
    "room.distributions_title": "Every unit: the class's labels",
    "room.you_are": "Workshop room **{code}** ({title}): you label as **{name}**.",
    "room.frozen_note": "The facilitator has frozen the labels: you can look, not change them.",
    "room.unavailable": "The workshop room {code} cannot be reached ({problem}); your own labels are still saved.",
    # ---------------------------------------------------------------- metadata fields and their codes, for display
    "meta.language": "language",
    "meta.domain": "domain",
    "meta.difficulty": "difficulty",
    "meta.source": "source",
    "meta.split": "split",
    "meta.risk": "risk",
    "meta.reason": "reason",
    "meta.created": "created",
    "meta.provenance": "provenance",
    "meta.missing": "(missing)",
    "meta.domain.banking": "banking",
    "meta.domain.health": "health",
    "meta.domain.retail": "retail",
    "meta.domain.telecom": "telecom",
    "meta.domain.travel": "travel",
    "meta.difficulty.easy": "easy",
    "meta.difficulty.medium": "medium",
    "meta.difficulty.hard": "hard",
    "meta.source.expert": "expert",
    "meta.source.incident": "incident",
    "meta.source.production": "production",
    "meta.source.synthetic": "synthetic",
    "meta.split.smoke": "smoke",
    "meta.split.dev": "dev",
    "meta.split.regression": "regression",
    "meta.split.held-out": "held-out",
    "meta.risk.low": "low",
    "meta.risk.medium": "medium",
    "meta.risk.high": "high",
    "meta.language.en": "English",
    "meta.language.es": "Spanish",
    "value.yes": "yes",
    "value.no": "no",
    "value.unlabelled_label": "not labelled",
    "wb.by_none": "(none)",
    "wb.method_name.prefix": "prefix-filtering index",
    "wb.method_name.brute": "every pair compared",
    "wb.method_name.minhash": "MinHash LSH",
    "wb.threshold_line": "threshold {value}",
    "wb.field_absent": (
        "No case has the field {field}, so every case falls in one stratum \"(missing)\". Fields the cases have: "
        "{present}."
    ),
    "sum.note.ignored_keys": '{where}: ignored keys beside "{key}": {ignored}',
    "sum.note.python_literal": "{where}: read as a Python literal (single quotes), as document 002 prints it",
    "sum.note.bare_rubrics_repaired": (
        '{where}: the rubric members were written directly inside "rubrics": [...] (not valid JSON, as in '
        "document 002's categorical example); read as one rubric object"
    ),
    "data.upload_limit": "(up to {mb} MB)",
    "data.upload_box_note": "Drag a file onto the box, or click Upload to choose one.",
    "diagnosis.ok_uncertain": (
        "No dimension fails at these thresholds, but {count} are still uncertain ({names}): the interval "
        "straddles the threshold, so more labelled units are needed to tell."
    ),
    "diagnosis.ok_uncertain.one": (
        "No dimension fails at these thresholds, but 1 is still uncertain ({names}): the interval straddles "
        "the threshold, so more labelled units are needed to tell."
    ),
    # ---------------------------------------------------------------- judge and hand labels (issue 17)
    "nav.judge": "Judge and hand labels",
    "home.judge_summary": (
        "An automatic judge on every unit plus a few hand labels drawn at random: intervals that stay honest (PPI)."
    ),
    "judge.title": "Judge and hand labels",
    "judge.intro": (
        "Teams run an automatic judge over thousands of units and hand-label a few dozen. How far can the judge's "
        "number be trusted, and how many hand labels are needed? Label the units this page draws for you and watch "
        "three intervals: the **judge alone** (narrow, but off by as much as the judge is biased), your **hand "
        "labels alone** (honest, and wide) and **PPI**, which corrects the judge with your labels (honest, and "
        "narrower when the judge is good)."
    ),
    "judge.builtin_note": (
        "Built-in set: {cases} customer-support cases (an online shop, a mobile operator, a bank, an airline), "
        "300 units per dimension. Their reference labels are **hidden**: you start with no hand labels. The "
        "verdicts come from the built-in lexical judge, which is **deliberately weak**: it counts shared words, so "
        "it cannot see a changed number, misses paraphrases and calls a passage relevant when it repeats the "
        "question's words. Its mistakes are what PPI corrects."
    ),
    "judge.upload_note": "Your file {name}: {cases} cases.",
    "judge.judged_by_builtin": (
        "The file had no judge verdicts, so the built-in lexical judge (deliberately weak) gave them. Attach your "
        "own judge's verdicts in the sidebar."
    ),
    "judge.load_builtin": "Load the built-in set",
    "judge.upload": "Upload cases with judge verdicts, or RAGAS results",
    "judge.upload_help": (
        "RAG cases (JSON or JSONL) whose units carry judge_relevant, judge_supported, judge_correct or "
        "judge_covered; or RAGAS results (to_pandas() rows as CSV or JSONL) with faithfulness, context_precision, "
        "context_recall or factual_correctness columns. The upload box's own texts are in English."
    ),
    "judge.attach_title": "Attach a judge's output",
    "judge.attach_help": (
        "Verdicts per unit from any judge, matched by case and unit id, or RAGAS results matched by case id. They "
        "stay with these cases until you load other data."
    ),
    "judge.verdicts_upload": "Verdict file (case_id, unit_id, dimension, judge_verdict)",
    "judge.verdicts_upload_help": (
        "CSV, JSON Lines or a JSON list. judge_verdict is true/false, 1/0, yes/no, or empty for no verdict; other "
        "columns are ignored. Units the file does not name keep the verdicts they had."
    ),
    "judge.ragas_upload": "RAGAS results (scores per case)",
    "judge.ragas_upload_help": (
        "to_pandas() rows as CSV or JSON Lines, matched to the cases by their id column, else by position "
        "(ragas-001, ...). A NaN or empty score counts as not judged, never as 0."
    ),
    "judge.attached_failed": "The attached file {name} is not used: {message}",
    "judge.cannot_compute": "The intervals cannot be computed: {message}",
    "judge.show_tuned": "Also show PPI++",
    "judge.show_tuned_help": (
        "PPI++ learns from your labels how much weight to give the judge (lambda, from 0 to 1), so a poor judge "
        "cannot make it wider than your labels alone. With few labels it covers the truth less often than stated; "
        "plain PPI stays the headline."
    ),
    "judge.seed": "Seed of the labelling order",
    "judge.seed_help": (
        "The units are offered in one random order drawn from this seed (the simulation uses it too). Another seed "
        "gives another uniform order; your labels stay."
    ),
    "judge.mode": "Judge",
    "judge.mode.units": "Verdicts on units",
    "judge.mode.ragas": "RAGAS scores (the unit is the case)",
    "judge.dimension": "Dimension",
    "judge.ragas_note": (
        "RAGAS scores whole cases, not passages or claims, so here **the unit is the case**. The judge's verdict on "
        "a case is whether its {column} score reaches the score threshold; your hand label is whether the share of "
        "its {units} you label yes reaches the pass threshold; PPI estimates the share of passing cases. You label "
        "a case by labelling its {units} one by one."
    ),
    "judge.score_threshold": "RAGAS score threshold (the verdict is yes at or above it)",
    "judge.pass_threshold": "Pass threshold for a case (share of its {units} labelled yes)",
    "judge.tab.label": "Label and estimate",
    "judge.tab.simulate": "Simulation: how often is each interval right?",
    "judge.next_title": "Label the next one",
    "judge.progress": "{labelled} of {pool} judged {units} labelled, {skipped} skipped.",
    "judge.progress_cases": "{labelled} of {pool} scored cases labelled; {skipped} {units} skipped.",
    "judge.where": "{unit} {unit_id} of case {case_id}",
    "judge.case_where": "Case {case_id}: {unit} {position} of {count}",
    "judge.unit.context_relevance": "passage",
    "judge.unit.faithfulness": "claim",
    "judge.unit.correctness": "claim",
    "judge.unit.coverage": "reference fact",
    "judge.unit_plural.context_relevance": "passages",
    "judge.unit_plural.faithfulness": "claims",
    "judge.unit_plural.correctness": "claims",
    "judge.unit_plural.coverage": "reference facts",
    "judge.unit_plural.case": "cases",
    "judge.question.context_relevance": "Is this passage relevant to the question?",
    "judge.question.faithfulness": "Is this claim supported by the passages?",
    "judge.question.correctness": "Is this claim correct against the reference?",
    "judge.question.coverage": "Does the answer cover this reference fact?",
    "judge.yes": "Yes",
    "judge.no": "No",
    "judge.skip": "Skip",
    "judge.undo": "Undo the last answer",
    "judge.verdict_hidden": "The judge's verdict stays hidden until you answer, so it cannot sway you.",
    "judge.case_verdict_hidden": "RAGAS's score for this case stays hidden, so it cannot sway you.",
    "judge.all_done": "Every judged unit is labelled or skipped. Choose another dimension, or undo an answer.",
    "judge.nothing_to_label": "No unit has a judge verdict on this dimension, so there is nothing to draw from.",
    "judge.last_label": "Last answer, {where}: you said **{yours}**, the judge said **{judge}**.",
    "judge.last_skip": "Last answer, {where}: skipped.",
    "judge.value.yes": "yes",
    "judge.value.no": "no",
    "judge.value.none": "no verdict",
    "judge.value.skipped": "skipped",
    "judge.stale": "That answer was not stored: the cases changed meanwhile (in another tab?). {message}",
    "judge.why_random_title": "Why the page chooses the unit",
    "judge.why_random": (
        "PPI corrects the judge with the units you label, and the correction is unbiased only if those units are a "
        "**uniform random sample** of the judged units: every unit equally likely to be labelled, whatever its text, "
        "its verdict or how easy it looks. Labelling the first ones, the doubtful ones or the ones the judge said "
        "yes to would bias it. So the page shuffles the units once (seed {seed}) and offers them in that order. "
        "Skip only a unit you really cannot judge: skipping the hard ones biases the sample too."
    ),
    "judge.results": "Intervals for {dimension}",
    "judge.method.judge_only": "Judge alone",
    "judge.method.hand_labels": "Hand labels alone",
    "judge.method.ppi": "PPI",
    "judge.method.ppi_tuned": "PPI++",
    "judge.method_help.judge_only": (
        "Wilson interval on the judge's verdicts over every judged unit: the judge's number taken at its word. "
        "Narrow, because there are many verdicts; off by as much as the judge is biased."
    ),
    "judge.method_help.hand_labels": "Wilson interval on your hand labels only. Honest, and wide while they are few.",
    "judge.method_help.ppi": (
        "Prediction-powered inference (Angelopoulos et al., 2023): the judge's rate on the units you did not label, "
        "corrected by the judge's error measured on the ones you did. It covers the truth about as often as stated, "
        "and is narrower than your labels alone when the judge is good."
    ),
    "judge.method_help.ppi_tuned": (
        "PPI++ (Angelopoulos, Duchi and Zrnic, 2024): PPI giving the judge only as much weight (lambda) as your "
        "labels say it deserves."
    ),
    "judge.chart.title": (
        "Chart: estimate (dot) and {level} interval (bar) of {dimension} from the judge alone, your hand labels "
        "alone and PPI"
    ),
    "judge.chart.truth": "truth {value}",
    "judge.card.interval": "{level} interval {low} to {high} (width {width})",
    "judge.card.judge_only": "{successes} yes of {total} verdicts",
    "judge.card.no_verdicts": "N/A: no unit has a verdict",
    "judge.card.hand_labels": "{successes} yes of {total} hand labels",
    "judge.card.ppi": "{labelled} hand-labelled + {unlabelled} judged only",
    "judge.card.ppi_na": "N/A: label a judged unit first",
    "judge.card.lambda": "weight given to the judge: lambda = {lam}",
    "judge.worth": (
        "The judge's {verdicts} verdicts are worth about **{worth} more hand labels** here: PPI with your "
        "{labelled} labels is as precise as about {effective} hand labels alone."
    ),
    "judge.worth_negative": (
        "Here the judge costs precision: PPI with your {labelled} labels is only as precise as about {effective} "
        "hand labels alone (the judge's {verdicts} verdicts are worth {worth}). The judge disagrees with you too "
        "often to help; PPI++ gives it less weight."
    ),
    "judge.worth_none": (
        "The judge adds about nothing here: PPI with your {labelled} labels is about as precise as your labels "
        "alone ({effective})."
    ),
    "judge.last_label_case": "Last answer, {where}: you said **{yours}**.",
    "judge.worth_tuned": "PPI++: about {worth} more hand labels (lambda = {lam}).",
    "judge.worth_na": "What the judge is worth in hand labels shows once you have labelled judged units.",
    "judge.show_truth": "Show the truth (the hidden reference labels)",
    "judge.show_truth_help": (
        "For teaching: the built-in set's reference labels give the true rate that every interval tries to "
        "contain. Real data has no such line: that is why you label."
    ),
    "judge.truth_line": (
        "The hidden reference labels give **{value}** ({successes} of {total} {units}). Judge alone: {judge}. "
        "Hand labels alone: {hand}. PPI: {ppi}."
    ),
    "judge.truth.covers": "contains it",
    "judge.truth.misses": "misses it",
    "judge.truth.na": "N/A",
    "judge.truth_match": "Your hand labels agree with the reference on {matching} of {compared} units.",
    "judge.note.clipped": (
        "The normal interval reached outside 0 to 1 ({raw_low} to {raw_high}, estimate {raw_estimate}); the figures "
        "shown are clipped to [0, 1]."
    ),
    "judge.note.one_judge_verdict": (
        "The judge gave every unit the same verdict, so it carries no information: PPI++ uses lambda = 0, the "
        "classical interval on your {labelled} hand labels."
    ),
    "judge.note.no_unlabelled_units": (
        "Every judged unit is also hand-labelled, so the judge adds nothing: the interval is the classical one on "
        "your {labelled} hand labels (lambda = 0)."
    ),
    "judge.note.few_labels": (
        "Only {labelled} hand labels: the normal approximation behind PPI may contain the truth less often than "
        "stated. Label at least {minimum}."
    ),
    "judge.note.few_disagreements": (
        "The judge and you disagree on {disagreements} of the {labelled} labelled units ({judge_yes} judge yes and "
        "you no, {judge_no} judge no and you yes). The correction rests on so few units that the interval can be "
        "too narrow, more so when they all go one way."
    ),
    "judge.note.worth_undefined_labels": (
        "What the judge is worth is undefined for now: your {labelled} hand labels are all the same, so their "
        "estimated variance is 0."
    ),
    "judge.note.worth_undefined_ppi": (
        "What the judge is worth is undefined here: the estimated variance of the PPI estimate is 0."
    ),
    "judge.note.no_pairs": (
        "No unit has both your label and a judge verdict yet, so PPI and the agreement are not available: label "
        "some judged units."
    ),
    "judge.note.labelled_without_verdict": (
        "{count} hand-labelled units without a judge verdict: they count for the hand-labels interval, not for "
        "PPI or the agreement."
    ),
    "judge.note.no_verdicts": (
        "No unit has a judge verdict on this dimension, so only the hand-labels interval is available. Attach a "
        "verdict file or RAGAS results in the sidebar."
    ),
    "judge.note.case_is_the_unit": (
        "Each case is one unit: its hand label is whether its labelled {dimension} reaches {pass_threshold}, its "
        "judge verdict whether its RAGAS score in {column} reaches {score_threshold}; PPI estimates the share of "
        "passing cases."
    ),
    "judge.note.undetermined_scores": (
        "{count} cases without a {column} score (RAGAS could not determine it): not judged, never counted as 0."
    ),
    "judge.note.unscored_cases": "{count} cases without a row in the RAGAS file: not judged.",
    "judge.note.labelled_without_verdict.one": (
        "1 hand-labelled unit without a judge verdict: it counts for the hand-labels interval, not for PPI or the "
        "agreement."
    ),
    "judge.note.undetermined_scores.one": (
        "1 case without a {column} score (RAGAS could not determine it): not judged, never counted as 0."
    ),
    "judge.note.unscored_cases.one": "1 case without a row in the RAGAS file: not judged.",
    "judge.agreement_title": "The judge against your labels",
    "judge.agreement_none": "No unit has both a hand label and a judge verdict yet.",
    "judge.agreement_units": "On the {units} {unit_plural} that have both your label and a judge verdict:",
    "judge.table.you_yes": "You: yes",
    "judge.table.you_no": "You: no",
    "judge.table.judge_yes": "Judge: yes",
    "judge.table.judge_no": "Judge: no",
    "judge.accuracy_line": (
        "**Accuracy {value}**: {agreed} of {units} agree ({level} interval {low} to {high})."
    ),
    "judge.kappa_line": "**Cohen's kappa {value}** ({level} interval {low} to {high}).",
    "judge.kappa_alone": "**Cohen's kappa {value}** (no interval).",
    "judge.kappa_na": "**Cohen's kappa** is not defined here.",
    "judge.kappa_note.no_units": "Kappa needs units with both a hand label and a verdict.",
    "judge.kappa_note.one_category": (
        "The judge and you gave every unit the same single label, so chance explains all the agreement and kappa "
        "is undefined."
    ),
    "judge.kappa_note.constant_annotator": (
        "The judge or you gave every unit the same label, so kappa is 0 whatever the other did; its usual interval "
        "would shrink to a point claiming a certainty the data cannot give, so none is shown."
    ),
    "judge.kappa_note.zero_variance": (
        "With agreement this complete kappa's usual interval shrinks to a point, which would claim a certainty a "
        "handful of units cannot give, so none is shown."
    ),
    "judge.sensitivity_line": (
        "**Sensitivity {value}** ({successes} / {total}): how often the judge says yes where you said yes."
    ),
    "judge.false_positive_line": (
        "**False-positive rate {value}** ({successes} / {total}): how often the judge says yes where you said no."
    ),
    "judge.bias_line": (
        "**Judge bias {value}**: the judge says yes to {judge}, you to {human}, on the same units ({level} interval "
        "{low} to {high})."
    ),
    "judge.bias_help": (
        "Bias is the judge's rate minus yours on the units with both. Its interval is Newcombe's for paired "
        "proportions: both rates come from the same units."
    ),
    "judge.points": "{value} points",
    "judge.answers_title": "Your answers ({count}), most recent first",
    "judge.col.unit": "Unit",
    "judge.col.yours": "You",
    "judge.col.judge": "Judge",
    "judge.explain_title": "How to read this page",
    "judge.explain": (
        "- **Judge alone** treats every verdict as the truth. Its interval is narrow because there are many "
        "verdicts, and it is wrong by the judge's bias: more units make it narrower around the wrong number.\n"
        "- **Hand labels alone** uses only your labels: honest, wide while there are few.\n"
        "- **PPI** takes the judge's rate on the units you did not label and subtracts the judge's average error "
        "measured on the units you did (judge says yes, you say no, and the other way round). With a good judge "
        "its interval is honest and narrower than your labels alone; with a poor one it can be wider, and PPI++ "
        "then leans back on your labels.\n"
        "- **What the judge is worth**: how many hand labels alone would give PPI's precision, minus the ones you "
        "gave.\n"
        "- Every interval is at the confidence chosen in the sidebar; PPI's is a normal approximation (see the "
        "simulation tab for when it can be trusted). A unit with a hand label and no verdict counts for the "
        "hand-labels interval only; labels and verdicts are never mixed in one count.\n"
        "- Labels that came in an uploaded file count as hand labels: PPI assumes they too were drawn at random "
        "from the judged units."
    ),
    "judge.reset": "Clear my labels and skips",
    "judge.reset_confirm": "Clear every hand label and skip you gave on this page and start again?",
    "judge.sim.intro": (
        "A made-up population with a true rate, a judge with a given sensitivity and false-positive rate, hand "
        "labels drawn at random from the judged units, repeated many times with a fixed seed. Each repeat forms the "
        "intervals as the other tab does; the table counts how often each one contains the true rate. Try:"
    ),
    "judge.sim.preset.unbiased": "Accurate, unbiased judge",
    "judge.sim.preset.one_sided": "Judge 10 points too high, 40 labels",
    "judge.sim.preset.one_sided_more": "The same judge, 100 labels",
    "judge.sim.preset.weak": "Weak judge (65% accurate)",
    "judge.sim.true_rate": "True rate",
    "judge.sim.sensitivity": "Judge sensitivity (yes when the truth is yes)",
    "judge.sim.false_positive_rate": "Judge false-positive rate (yes when the truth is no)",
    "judge.sim.labelled": "Hand labels (n)",
    "judge.sim.judged": "Judged units (N, the hand-labelled ones included)",
    "judge.sim.repeats": "Repeats",
    "judge.sim.implied": (
        "This judge says yes to **{rate}** of the units, is right on **{accuracy}** of them and is biased by "
        "**{bias}**."
    ),
    "judge.sim.error": "Cannot simulate: {message}",
    "judge.sim.summary": (
        "Over {repeats} repeats the interval contains the true rate: judge alone **{judge}**, hand labels alone "
        "**{hand}**, PPI **{ppi}** of the time (stated: {level})."
    ),
    "judge.sim.col.method": "Interval",
    "judge.sim.col.coverage": "Contains the truth",
    "judge.sim.col.coverage_interval": "Monte Carlo 95% range",
    "judge.sim.col.verdict": "Against the stated level",
    "judge.sim.col.width": "Mean width",
    "judge.sim.col.estimate": "Mean estimate",
    "judge.sim.range": "{low} to {high}",
    "judge.sim.verdict.as_stated": "as stated",
    "judge.sim.verdict.under": "less often than stated",
    "judge.sim.verdict.over": "more often than stated",
    "judge.sim.table_help": (
        "Seed {seed}. The Monte Carlo range says how much the share itself could move with other repeats; a level "
        "outside it is a real difference, not noise."
    ),
    "judge.sim.warn_few_labels": (
        "With {n} hand labels the normal approximation behind PPI is shaky: expect it to contain the truth less "
        "often than stated. Use at least 30, better 100."
    ),
    "judge.sim.warn_few_disagreements": (
        "The judge and the hand labels are expected to disagree on only about {expected} of the {n} labelled "
        "units: PPI's correction rests on that handful, and its interval can be too narrow."
    ),
    "judge.sim.warn_few_disagreements_one_sided": (
        "The judge and the hand labels are expected to disagree on only about {expected} of the {n} labelled "
        "units, all in one direction: PPI's correction rests on that handful, and its interval can be too narrow. "
        "This is the case where PPI covers least."
    ),
    "judge.sim.distrust_title": "When to distrust PPI's interval",
    "judge.sim.distrust": (
        "PPI's interval is a normal approximation. From 2,000 seeded repeats (docs/judge.md):\n\n"
        "- With few hand labels **and** judge errors that are rare and go one way, it contains the truth less often "
        "than stated: 40 labels and a judge 10 points too high (sensitivity 1, false-positive rate 1/3) give 0.91, "
        "not 0.95. With 100 labels it is back to 0.95.\n"
        "- PPI++ falls short more with few labels (0.89 there, and 0.88 with 100 labels when the judge fails on "
        "only 4% of the units): lambda is estimated from the same few labels. With fewer than a few hundred labels "
        "prefer plain PPI.\n"
        "- A weak judge (65% accurate) makes plain PPI wider than the hand labels alone (0.235 against 0.191 with "
        "100 labels): the judge is then worth a negative number of labels, and PPI++ falls back to about the "
        "labels-alone width.\n"
        "- An unbiased judge's own interval does contain the truth: the judge alone fails through bias, not noise. "
        "Nothing but hand labels tells you a real judge's bias."
    ),
    # ---------------------------------------------------------------- annotator agreement: editing both labels
    "agr.labels_title": "Both annotators' labels",
    "agr.labels_help": (
        "One row per label, one case at a time. Tick or untick a box in annotator A's or B's column and every "
        "figure on this page follows; {differ} marks where the two disagree. Changes are kept in your workspace."
    ),
    "agr.col.a": "Annotator A",
    "agr.col.a_help": "A's label: ticked is yes, unticked is no, empty is not labelled.",
    "agr.col.b": "Annotator B",
    "agr.col.b_help": "B's label: ticked is yes, unticked is no, empty is not labelled.",
    "agr.col.differ_help": "Marked where A and B gave this unit different labels.",
    "agr.col.kind": "Unit",
    "agr.kind.passages": "Passage",
    "agr.kind.claims": "Claim",
    "agr.kind.reference_facts": "Fact",
    "agr.case_missing_a": "Annotator A's file has no case {case}: A's column cannot be changed here.",
    "agr.case_missing_b": "Annotator B's file has no case {case}: B's column cannot be changed here.",
    "agr.refused": (
        "Annotator {annotator}'s file has no unit {unit} in case {case}, so that box was not changed: each "
        "annotator labels the units of their own file."
    ),
    "agr.no_rows": "This case has no unit with this label.",
    "agr.changed": "{count} labels changed from the files as loaded (Reset labels, in the sidebar, undoes them).",
    "agr.changed.one": "1 label changed from the files as loaded (Reset labels, in the sidebar, undoes it).",
    "agr.download_a": "Download annotator A's labels",
    "agr.download_b": "Download annotator B's labels",
    # access code (workshop mode) and unexpected errors
    "access.intro": (
        "This playground is open to a workshop. Type the access code the facilitator gave you, or your workshop "
        "room's code."
    ),
    "access.code": "Access code or room code",
    "access.code_help": "Capitals, spaces and dashes do not matter.",
    "access.enter": "Enter",
    "access.wrong": "That code does not open this playground. Check it with the facilitator.",
    "access.misconfigured": (
        "This server's access code is too short, so nobody can come in. Whoever started it must set {variable} "
        "to at least {length} letters or digits and start it again."
    ),
    "page_crash.message": (
        "Something went wrong here (error {id}); it has been logged. Your work up to now is saved. If it happens "
        "again, tell the facilitator the error id: {id}."
    ),
}
