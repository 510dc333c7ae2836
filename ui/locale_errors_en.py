"""English bad-input messages: ``error.<code>`` for each :class:`~uncase_core.errors.InputError` code, the words
the core's messages quote (``error.term.<code>``) and the markers of a place (``error.place.<marker>``).

The wording is the core's own (``PROBLEMS`` and ``TERMS`` in :mod:`uncase_core`) without its number formats, as a
page writes numbers in the reader's style. Every entry is a ``str.format`` template (literal braces doubled).
tests/test_input_errors.py keeps the codes, the placeholders and the English in step with the core.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MESSAGES: Mapping[str, str] = MappingProxyType({
    # places: the markers a place starts with (uncase_core.errors.split_place)
    "error.place.line": "line {number}",
    "error.place.conversation": "conversation {number}",
    # errors.PROBLEMS
    "error.expected": "expected {what}, got {got}",
    "error.expected_in_range": "expected {what} from {low} to {high}, got {got}",
    "error.expected_at_least": "expected {what} of at least {low}, got {got}",
    "error.expected_one_of": "expected one of {choices}, got {got}",
    "error.must_be_in_range": "must be from {low} to {high}, got {got}",
    "error.must_not_be_negative": "must not be negative, got {got}",
    "error.unknown_choice": "unknown {what} {got}; use one of {choices}",
    "error.missing_key": 'missing "{key}"',
    "error.missing_value": "missing value",
    "error.must_not_be_empty": "must not be empty",
    "error.id_must_not_be_empty": "id must not be empty",
    "error.duplicate_id": 'duplicate id "{id}" (also at {first})',
    "error.duplicate_case_id": 'duplicate case id "{id}" (also at {first})',
    "error.duplicate_case_id_here": 'duplicate case id "{id}"',
    "error.file_empty": "the file is empty",
    "error.not_utf8": "not UTF-8 text (undecodable byte at offset {offset}); save the file as UTF-8",
    "error.invalid_json": "invalid JSON: {detail} (column {column})",
    "error.json_too_deep": "JSON is nested too deeply to read",
    "error.unreadable_value": "unreadable value: {detail}",
    "error.number_too_long": "unreadable value: a number with {digits} digits (at most {limit} can be read)",
    "error.unpaired_surrogate": "unpaired surrogate \\u{code_point} in the text (not a character)",
    "error.nan_not_json": "NaN is not a JSON number (write null for a missing value)",
    "error.infinity_not_json": (
        "{sign}Infinity (or a number beyond {sign}1.8e308) is not a JSON number; write a finite number or null"
    ),
    "error.unreadable_csv": "unreadable CSV: {detail}",
    "error.csv_field_too_long": "unreadable CSV: field larger than field limit ({limit})",
    "error.csv_more_cells": "more cells than header columns",
    "error.csv_no_header": "the CSV has no header row",
    "error.expected_one_of_or_null": "expected one of {choices} or null, got {got}",
    "error.no_cases_in_dataset": "the dataset has no cases",
    "error.empty_value": "empty value",
    "error.must_be_between": "must be between {low} and {high}, got {got}",
    "error.missing_column": "missing column: {columns}",
    "error.missing_columns": "missing columns: {columns}",
    "error.expected_object_with": "expected an object with {columns}",
    "error.no_such_label": "{kind} have no label {got}; use {choices}",
    "error.no_case_with_id": "no case with id {got}",
    # errors.TERMS
    "error.term.object": "an object",
    "error.term.list": "a list",
    "error.term.tuple": "a tuple",
    "error.term.text": "text",
    "error.term.true_false_null": "true, false or null",
    "error.term.true_false": "true or false",
    "error.term.number": "a number",
    "error.term.finite_number": "a finite number",
    "error.term.whole_number": "a whole number",
    "error.term.non_negative_number": "a non-negative number",
    "error.term.finite_non_negative_number": "a finite non-negative number",
    "error.term.positive_number": "a positive number",
    "error.term.non_negative_whole_number": "a non-negative whole number",
    "error.term.score": "a score",
    "error.term.string_or_number": "a string or number",
    "error.term.list_of_numbers": "a list of numbers",
    "error.term.list_of_labels": "a list of labels",
    "error.term.list_of_true_false_null": "a list of true, false or null",
    "error.term.list_of_binary": "a list of 0/1 or true/false values",
    "error.term.binary": "0, 1, true or false",
    "error.term.rag_case": "a RAG case",
    "error.term.rag_dataset": "a RAG dataset",
    "error.term.case_object": "a case object",
    "error.term.summary_case_object": "a summary case object",
    "error.term.conversation_object": "a conversation object",
    "error.term.turn_object": "a turn object",
    "error.term.claim_object": "a claim object",
    "error.term.turn_label_object": "a turn label object",
    "error.term.question_object": "a question object",
    "error.term.section_object": "a section object",
    "error.term.accuracy_point_object": "an accuracy point object",
    "error.term.turn_number": "a turn number",
    "error.term.position": "a position (a whole number)",
    "error.term.iso_time": "an ISO 8601 time",
    "error.term.split_name": "a split name",
    "error.term.annotator": '"a" or "b" (annotator A or B)',
    "error.term.text_alias": "a non-empty text alias",
    "error.term.name": "a name",
    "error.term.json_value": "a JSON value (text, number, true/false/null, list, object)",
    "error.term.block_text": "the block as text",
    "error.term.list_of_values_or_null": "a list of values or null",
    "error.term.list_of_questions": "a list of questions",
    "error.term.thresholds_object": "an object of thresholds",
    "error.term.verdict": "true, false, 1, 0, yes, no or empty",
    "error.term.label_value": "a whole number, true, false or a text label",
    "error.term.any_label_value": "true, false, a whole number or a text label",
    "error.term.alias_mapping": "a mapping of participant alias to labelled dataset",
    "error.term.dimension": "dimension",
    "error.term.metric": "metric",
    "error.term.unit_kind": "unit kind",
    "error.term.label": "label",
    "error.term.role": '"customer" or "agent"',
    "error.term.case_or_dataset": 'a case, a list of cases or {{"cases": [...]}}',
    "error.term.section_kind": '"custom" or "predefined"',
    "error.term.decomposition_object": 'an object with "decomposition"',
    "error.term.rubrics_object": 'an object with "rubrics"',
    "error.term.rubric_object": "a rubric object",
    "error.term.content_object": "a content object",
    "error.term.yes_no_verdict": "yes/no, true/false or 1/0",
    "error.term.all_or_any": "'all' or 'any'",
    "error.term.true_false_slash": "true/false",
    "error.term.kappa_weights": "none, 'linear' or 'quadratic'",
    "error.term.lists_per_annotator": "one list of labels per annotator",
    "error.term.entries_per_unit": "a list with one entry per unit (None where not labelled)",
    "error.term.similarity_cutoff": "a number above 0 and at most 1",
    "error.term.list_of_turn_texts": "a list of turn texts",
    "error.term.single_string": "a single string",
    "error.term.table": "a table",
    "error.term.non_empty_text": "a non-empty text",
    "error.term.page": "page",
    # errors.JSON_DETAILS
    "error.term.json_expecting_value": "Expecting value",
    "error.term.json_expecting_name": "Expecting property name enclosed in double quotes",
    "error.term.json_expecting_colon": "Expecting ':' delimiter",
    "error.term.json_expecting_comma": "Expecting ',' delimiter",
    "error.term.json_unterminated_string": "Unterminated string starting at",
    "error.term.json_control_character": "Invalid control character at",
    "error.term.json_bad_escape": "Invalid \\escape",
    "error.term.json_bad_unicode_escape": "Invalid \\uXXXX escape",
    "error.term.json_extra_data": "Extra data",
    "error.term.json_trailing_comma_object": "Illegal trailing comma before end of object",
    "error.term.json_trailing_comma_array": "Illegal trailing comma before end of array",
    # agreement.PROBLEMS
    "error.label_missing_for_both": "missing label (None); leave out units that are not labelled by both",
    "error.repeated_category": "repeats {first} ({got})",
    "error.not_a_given_category": "{got} is not one of the categories given",
    "error.label_counts_differ": "has {count} labels but labels_a has {other_count}; both must label the same units",
    "error.weighted_kappa_kinds": (
        "weighted kappa needs one kind of rating (all numbers, or all texts, or true/false); give the scale's order "
        "with categories"
    ),
    "error.expected_field_or_none": "expected one of {choices} or none for all, got {got}",
    # agreement_many.PROBLEMS
    "error.table_shape": "expected a units x {columns} table, got shape {got}",
    "error.negative_counts": "counts must not be negative",
    "error.categories_not_sorted": "expected distinct categories in sorted order",
    "error.more_labels_than_annotators": "a unit has more labels than there are annotators",
    "error.entry_counts_differ": (
        "has {count} entries but ratings[0] has {other_count}; give one entry per unit, None where not labelled"
    ),
    "error.interval_alpha_numbers": (
        "interval alpha needs numbers as labels (differences between them are the distances)"
    ),
    "error.ordinal_alpha_kinds": "ordinal alpha needs one kind of label (all numbers, all texts or all true/false)",
    # categories.PROBLEMS
    "error.nan_label": "NaN is not a label; use None where no label was given",
    "error.missing_label": "missing label (None)",
    "error.mixed_label_kinds": (
        "is {this} but {first} is {that}: Python counts True as 1 and False as 0, so mixing them would merge two "
        "answers into one category; use one kind of label in one call"
    ),
    # choices.PROBLEMS
    "error.confidence_out_of_range": "must be from {low} to {high} (0.95 gives a 95% interval), got {got}",
    # class_labels.PROBLEMS
    "error.resamples_out_of_range": "expected a whole number from 0 (no bootstrap) to {high}, got {got}",
    # cli.PROBLEMS
    "error.cannot_write_report": "{detail}",
    "error.report_too_deep": "not a JSON report (nested too deeply to read)",
    "error.not_a_json_report": "not a JSON report ({detail})",
    "error.report_not_certified": "the report has no certificate_hash (make it with --certify)",
    "error.judge_needs_file": "--judge {judge} needs --judge-file F",
    # cli_files.PROBLEMS
    "error.is_directory": "is a directory, not a file",
    "error.is_fifo": "is a named pipe (FIFO), not a regular file; save the data to a file first",
    "error.is_character_device": "is a character device, not a regular file",
    "error.is_block_device": "is a block device, not a regular file",
    "error.is_socket": "is a socket, not a regular file",
    "error.not_regular_file": "is not a regular file",
    "error.file_too_large": (
        "the file has {size} bytes, more than the limit of {limit} ({limit_mb} MB); raise it with --max-file-mb"
    ),
    "error.file_larger_than": (
        "the file has more than {size} bytes, more than the limit of {limit} ({limit_mb} MB); raise it with "
        "--max-file-mb"
    ),
    "error.no_such_file": "no such file",
    "error.permission_denied": "permission denied: the file cannot be read",
    "error.cannot_read": "cannot read the file ({detail})",
    # conversations.PROBLEMS
    "error.turn_out_of_range": "turn {turn} does not exist (turns are 0 to {last})",
    "error.no_conversations": "no conversations in the file",
    "error.duplicate_conversation_id": 'duplicate conversation id "{id}"',
    # datasets.PROBLEMS
    "error.no_unit_with_id": "case {case} has no {kind} unit {unit}",
    "error.no_splits": "give at least one split",
    "error.all_shares_zero": "all shares are zero",
    # edits.PROBLEMS
    "error.no_item_at_position": "there is no {what} at position {position} (there are {count})",
    "error.record_for_another_id": "the record is for {recorded} but that position holds {actual}",
    "error.expected_json_object": "expected a JSON object",
    "error.unknown_edit": "unknown edit {got}; expected one of {choices}",
    "error.expected_split_assignment": "expected an object of case id -> split name",
    # edits.TERMS
    "error.term.case": "case",
    "error.term.passages": "passages unit",
    "error.term.claims": "claims unit",
    "error.term.reference_facts": "reference_facts unit",
    "error.term.conversation": "conversation",
    "error.term.claim": "claim",
    "error.term.turn": "turn",
    "error.term.accuracy_point": "accuracy point",
    "error.term.rubric": "rubric",
    "error.term.completeness_question": "completeness question",
    "error.term.content_item": "content item",
    "error.term.section": "section",
    # evaluator.PROBLEMS
    "error.not_a_batch_report": "not a batch report (no thresholds)",
    # formats.PROBLEMS
    "error.wrong_module_format": "this looks like {found_label}, not {expected_name}: {open_hint}",
    "error.csv_delimiter": "the file seems to use {delimiter_label} as the delimiter; save it with commas",
    # formats.TERMS
    "error.term.format_label.rag": "a RAG case file (passages, claims, reference facts)",
    "error.term.format_label.ragas": "RAGAS rows (user_input, retrieved_contexts, response, reference)",
    "error.term.format_label.conversations": "synthetic conversations (turns, seed template, knowledge base)",
    "error.term.format_label.conversation_report": "a conversation quality report (results, certificate)",
    "error.term.format_label.summaries": "summary cases (transcript, sections, accuracy, adherence, completeness)",
    "error.term.format_label.verdicts": "rubric verdicts (candidate, prompt, item, judge, run, verdict)",
    "error.term.format_label.holistic": "holistic scores (candidate, judge, score)",
    "error.term.format_name.rag": "RAG cases",
    "error.term.format_name.ragas": "RAGAS rows",
    "error.term.format_name.conversations": "conversations",
    "error.term.format_name.conversation_report": "a conversation quality report",
    "error.term.format_name.summaries": "summary cases",
    "error.term.format_name.verdicts": "rubric verdicts",
    "error.term.format_name.holistic": "holistic scores",
    "error.term.open_hint.rag": "open it on the RAG diagnosis page or use `python -m uncase_core rag`",
    "error.term.open_hint.ragas": (
        "upload it on the RAG diagnosis page, which imports it, or use `python -m uncase_core import-ragas`"
    ),
    "error.term.open_hint.conversations": (
        "open it on the conversation quality page or use `python -m uncase_core conversations`"
    ),
    "error.term.open_hint.conversation_report": (
        "check its certificate with `python -m uncase_core verify REPORT CONVERSATIONS`"
    ),
    "error.term.open_hint.summaries": (
        "open it on the summary autoevaluation page or use `python -m uncase_core summaries`"
    ),
    "error.term.open_hint.verdicts": "open it in the rubric lab or use `python -m uncase_core rubrics`",
    "error.term.open_hint.holistic": (
        "add it in the rubric lab as holistic scores or use `python -m uncase_core rubrics VERDICTS --holistic "
        "SCORES`"
    ),
    "error.term.delimiter.semicolon": "';'",
    "error.term.delimiter.tab": "tabs",
    # holistic.PROBLEMS
    "error.no_scores": "no scores in the file",
    "error.second_score": "a second score for the same candidate and judge",
    # judge.PROBLEMS
    "error.value_counts_differ": "has {count} values but labels has {other_count}; both must describe the same units",
    # judge_import.PROBLEMS
    "error.missing_verdict_column": "missing column {columns}; the header has: {header}",
    "error.missing_verdict_columns": "missing columns {columns}; the header has: {header}",
    "error.no_such_case": 'no case "{id}" in the dataset',
    "error.no_such_unit": 'case "{case}" has no {unit_kind} "{unit}" (a {dimension} verdict goes on its {unit_kinds})',
    "error.second_verdict": "a second verdict for {dimension} of {case}/{unit} (first at {first})",
    "error.no_ragas_score_column": "no RAGAS score column found; expected one of {choices}",
    "error.expected_ragas_object": "expected an object with RAGAS columns",
    "error.ragas_no_column_for": (
        "the RAGAS file has no column for {dimension} (expected one of {choices}; it has {found})"
    ),
    "error.ragas_no_column_at_all": (
        "the RAGAS file has no column for {dimension} (expected one of {choices}; it has none)"
    ),
    "error.ragas_case_not_in_dataset": 'the RAGAS file scores case "{id}", which is not in the dataset',
    # judge_import.TERMS
    "error.term.one.passages": "passage",
    "error.term.one.claims": "claim",
    "error.term.one.reference_facts": "reference fact",
    "error.term.many.passages": "passages",
    "error.term.many.claims": "claims",
    "error.term.many.reference_facts": "reference facts",
    # lesson_checks.PROBLEMS
    "error.snapshot_expected_dataset": "expected a RagDataset for the {page} page, got {got}",
    "error.snapshot_expected_tuple": "expected a non-empty tuple of {kind}, got {got}",
    "error.expected_python_type": "expected a {kind}, got {got}",
    "error.snapshot_expected_verdicts": "expected the verdicts DataFrame, got {got}",
    "error.snapshot_expected_pair": "expected a pair (annotator A, annotator B), got {got}",
    "error.snapshot_planner_data": "the planner page holds no data; expected None, got {got}",
    "error.snapshot_expected_mapping": "expected a mapping of names to values, got {got}",
    "error.expected_text_keys": "expected text keys, got {got}",
    "error.give_failing_or_passing": 'give "failing", "passing" or both',
    "error.failing_and_passing": "{dimension} cannot be both failing and passing",
    "error.choice_needs_two_options": "a multiple-choice question needs at least two options",
    "error.choice_needs_correct_option": "mark at least one option correct",
    "error.not_an_option": "{option} is not one of the options",
    "error.must_not_exceed_total": "must not exceed total ({total})",
    "error.unknown_check": "unknown check {got}; the checks are {checks}",
    "error.check_not_question": '"{name}" is a check, not a question',
    "error.answer_expected_list": "expected a list of {what}",
    "error.answer_given_twice": "the same {what} is given twice",
    "error.answer_expected_number": "expected a number",
    "error.answer_expected_number_in_range": "expected a number from {low} to {high}",
    "error.answer_unknown_dimension": "unknown dimension {got}",
    "error.answer_unknown_gate": "unknown gate {got}",
    "error.answer_expected_certainty": 'expected "clear" or "uncertain"',
    "error.answer_expected_two_case_ids": "expected two case ids",
    "error.answer_expected_stratum": "expected a stratum value",
    # lesson_checks.TERMS
    "error.term.answer.list.dimension": "dimension names",
    "error.term.answer.list.case": "case ids",
    "error.term.answer.list.gate": "gate names",
    "error.term.answer.list.option": "option ids",
    "error.term.answer.list.turn": "turn numbers",
    "error.term.answer.list.item": "[prompt, item] pairs",
    "error.term.answer.one.dimension": "dimension name",
    "error.term.answer.one.case": "case id",
    "error.term.answer.one.gate": "gate name",
    "error.term.answer.one.option": "option id",
    "error.term.answer.one.turn": "turn",
    "error.term.answer.one.item": "item",
    # lesson_data.PROBLEMS
    "error.page_has_no_scenario": "the {page} page has no scenario {got}; use one of {choices}",
    # lesson_params.PROBLEMS
    "error.must_be_at_least": "must be at least {low}, got {got}",
    "error.must_be_at_most": "must be at most {high}, got {got}",
    "error.listed_twice": "{got} is listed twice (also at {first})",
    "error.unknown_check_parameter": 'unknown parameter of "{check}", which takes {names}',
    "error.check_takes_no_parameters": 'unknown parameter of "{check}", which takes no parameters',
    "error.missing_check_parameter": 'missing "{name}", which "{check}" needs',
    # lessons.PROBLEMS
    "error.lesson_has_no_step": "lesson {lesson} has no step {step}",
    "error.unknown_key": "unknown key; expected one of {choices}",
    "error.expected_language_code": "expected a two-letter language code such as en or es",
    "error.missing_language_text": 'missing the "{language}" text (every text needs en and es)',
    "error.question_not_check": '"{name}" is a question; put it under [steps.question]',
    "error.check_not_question_here": '"{name}" is a check, not a question; put it under [[steps.checks]]',
    "error.check_reads_page": '"{name}" reads the {page} page; this lesson uses {lesson_page}',
    "error.check_reads_pages": '"{name}" reads one of the pages {pages}; this lesson uses {lesson_page}',
    "error.duplicate_option_id": 'duplicate option id "{id}" (also at {first})',
    "error.choice_missing_options": 'missing "options" (a multiple-choice question lists them)',
    "error.correct_inside_option": "mark the right option with correct = true inside it",
    "error.question_has_no_options": '"{name}" computes its answer from the data; only "choice" lists options',
    "error.step_checks_or_question": (
        'a step needs either "checks" ([[steps.checks]]) or one "question" ([steps.question])'
    ),
    "error.invalid_toml": "not valid TOML: {detail}",
    "error.invalid_toml_at": "not valid TOML: {detail} (column {column})",
    "error.lesson_id_not_file_name": 'must be the file\'s name without .toml ("{stem}"), got "{id}"',
    "error.duplicate_step_id": 'duplicate step id "{id}" (also at {first})',
    "error.order_taken": "order {order} is also the order of {other}",
    # lessons.TERMS
    "error.term.lesson.id": "an id of lower-case letters, digits, - and _",
    "error.term.lesson.options": "a list of options ([[steps.question.options]])",
    "error.term.lesson.checks": "a list of one or more checks ([[steps.checks]])",
    "error.term.lesson.steps": "a list of one or more steps ([[steps]])",
    # rag.PROBLEMS
    "error.all_weights_zero": "all weights are zero; give at least one dimension a positive weight",
    # rag_files.PROBLEMS
    "error.upload_too_large": (
        "the file has {size} bytes, more than the {limit} this page takes; split it, or evaluate it with `python -m "
        "uncase_core rag FILE`"
    ),
    # ragas_import.PROBLEMS
    "error.missing_either": "missing {first} or {second}",
    "error.unreadable_contexts": "cannot read the list of contexts; write it as a JSON list of strings",
    "error.expected_list_of_strings": "expected a list of strings",
    "error.no_question_column": "the header has no user_input (or question) column; it has: {columns}",
    "error.no_rows": "no rows to import",
    "error.duplicate_row_id": 'duplicate id "{id}"',
    # rubric_generator.PROBLEMS
    "error.too_many_planted": "{planted} planted bad items exceed the {items} items",
    # rubrics.PROBLEMS
    "error.duplicate_verdict": "the same candidate, prompt, item, judge and run appear twice",
    "error.csv_field_count": "expected {expected_count} fields, got {got_count}",
    "error.no_verdicts_after_header": "no verdicts after the header",
    "error.verdicts_layout": 'expected JSON Lines, a list of verdicts or {{"verdicts": [...]}}',
    "error.no_verdicts_in_file": "no verdicts in the file",
    "error.no_verdicts": "no verdicts",
    "error.unknown_filter": "unknown filter {got}; use {choices}",
    # sampling.PROBLEMS
    "error.unit_listed_twice": "the same unit is listed twice; give each unit once",
    # scenarios.PROBLEMS
    "error.unreadable_scenario_index": "cannot read the scenario index: {detail}",
    # stats.PROBLEMS
    "error.expected_number_between": "expected a number between {low} and {high}, got {got}",
    "error.strictly_between": "must be strictly between {low} and {high}, got {got}",
    "error.successes_exceed_total": "successes ({successes}) exceed total ({total})",
    "error.proportion_between": "must be a proportion between {low} and {high}, got {got}",
    "error.half_width_range": "must be greater than 0 and at most {high}, got {got}",
    "error.at_least_one": "must be at least 1",
    "error.sample_size_unreachable": (
        "more than {limit} units would be needed at expected {expected}; choose a wider half-width"
    ),
    "error.count_exceeds": "{name} ({count}) exceeds {total_name} ({total})",
    "error.expected_flat_binary_list": "expected a flat list of 0/1 or true/false values",
    "error.ppi_no_labels": "no labelled units: PPI needs at least one hand label",
    "error.verdict_counts_differ": (
        "has {count} verdicts but labels has {other_count}; both must describe the same units"
    ),
    "error.expected_two_by_two": "expected a 2x2 table ((n11, n10), (n01, n00))",
    # summary.PROBLEMS
    "error.block_too_long": "the block is too long ({length} characters; at most {limit})",
    "error.block_empty": "the block is empty",
    "error.block_unreadable": "neither JSON ({json_problem}) nor a Python literal ({literal_problem})",
    "error.keys_must_be_text": "keys must be text, got {got}",
    "error.cannot_read_file": "cannot read the file: {detail}",
    "error.no_summary_cases": "no cases in the file",
    # summary.TERMS
    "error.term.json_at": "{detail} at line {line}, column {column}",
    "error.term.json_too_deep": "nested too deeply to read",
    "error.term.json_number_too_long": "a number with {digits} digits (at most {limit} can be read)",
    "error.term.literal_syntax": "invalid syntax at line {line}",
    "error.term.literal_not_plain": (
        "only plain values (text, numbers, True/False/None, lists, objects) are allowed, not expressions"
    ),
    "error.term.literal_too_deep": "too deeply nested or too large to read",
    # thresholds.PROBLEMS
    "error.no_values": "needs at least one value",
    "error.must_be_positive": "must be positive, got {got}",
    "error.start_after_stop": "must not exceed stop ({stop}), got {got}",
    "error.too_many_thresholds": "gives more than {limit} thresholds; use a larger step",
    # ui.limits: what a page refuses to read live
    "error.page_file_too_large": (
        "the file is {size} MB; this page takes up to {limit} MB. For larger files use the command line: {command}"
    ),
    "error.page_too_many_items": (
        "{count} items is more than this page handles live ({limit}). Use the command line instead: {command}"
    ),
    # ui.workspace: a stored row the playground cannot use
    "error.page_stored_unknown_data": "this playground keeps no data under that name",
    "error.page_stored_wrong_format": "format {found}, expected {expected}",
    "error.page_stored_edit_without_data": "an edit of {name}, which holds no data",
    "error.page_stored_takes_no_edits": "{name} takes no edits",
})
