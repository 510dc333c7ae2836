"""English messages of the lesson runner, the lessons page and the room's lessons (merged into ui.i18n's catalogue).

``lesson.note.<code>`` words each note code of ``uncase_core.lessons.checks.CHECK_NOTES``; numbers arrive formatted
in the reader's style and names translated (ui/lesson_notes.py). ``<key>.one`` is the singular wording.
"""

MESSAGES = {
    # ---------------------------------------------------------------- the panel
    "lesson.panel_title": "Lesson {order} · {title}",
    "lesson.step_of": "Step {number} of {total}",
    "lesson.goal": "Goal",
    "lesson.steps": "All steps",
    "lesson.hint": "A hint",
    "lesson.not_yet": "Not yet: {note}.",
    "lesson.holds": "{note}.",
    "lesson.done": "Done: every step holds.",
    "lesson.why": "Why",
    "lesson.leave": "Leave the lesson",
    "lesson.all": "All lessons",
    "lesson.next": "Next: {title}",
    "lesson.elsewhere": "This lesson runs on the {page} page.",
    "lesson.go": "Go to {page}",
    "lesson.no_data": (
        "The {page} page has nothing loaded for this lesson. Start the lesson again from the Lessons page."
    ),
    "lesson.answer": "Your answer",
    "lesson.choose": "Choose one or more",
    "lesson.check": "Check my answer",
    "lesson.choose_all": "Choose every right option.",
    "lesson.percent_answer": "Your answer, in percent",
    "lesson.number_answer": "Your answer",
    "lesson.certainty.clear": "clear",
    "lesson.certainty.uncertain": "uncertain",
    "lesson.room_started": "Your facilitator started lesson {order}: {title}.",
    "lesson.room_start": "Start it",
    # ---------------------------------------------------------------- words inside notes
    "lesson.side.pass": "pass",
    "lesson.side.fail": "fail",
    "lesson.higher.micro": "micro",
    "lesson.higher.macro": "macro",
    "lesson.higher.either": "either",
    "lesson.gate.privacy": "privacy",
    "lesson.gate.memorization": "memorization",
    "lesson.kind.exact": "exact",
    "lesson.kind.near": "near",
    "lesson.part.question": "the question",
    "lesson.part.answer": "the answer",
    "lesson.part.metadata": "the metadata",
    "lesson.part.extra": "the extra fields",
    "lesson.part.passages": "the passages",
    "lesson.part.claims": "the claims",
    "lesson.part.reference_facts": "the reference facts",
    "lesson.reason.only_predefined_sections": "only predefined sections",
    "lesson.reason.only_categorical_sections": "only categorical sections",
    "lesson.reason.no_units": "nothing labelled",
    # ---------------------------------------------------------------- the notes
    "lesson.note.open_page": "open the {page} page to do this step",
    "lesson.note.state_not_usable": "the page's settings or data cannot be used: {problem}",
    "lesson.note.nothing_to_compare": "the data as loaded is not known, so nothing can be compared with it",
    "lesson.note.not_answered": "not answered yet",
    "lesson.note.answer_not_understood": "the answer cannot be read: {problem}",
    "lesson.note.answer_right": "right",
    "lesson.note.answer_wrong": "not right yet",
    "lesson.note.unknown_option": "there is no option {option}",
    "lesson.note.unknown_case": "there is no case {case} in the data",
    "lesson.note.dimensions_as_asked": "every dimension fails or passes as asked",
    "lesson.note.dimension_still_passing": "{dimension} still passes",
    "lesson.note.dimension_still_failing": "{dimension} still fails",
    "lesson.note.dimension_not_applicable": "{dimension} has no labelled unit (N/A)",
    "lesson.note.dimensions_missed": "{count} more dimensions belong in the answer",
    "lesson.note.dimensions_missed.one": "1 more dimension belongs in the answer",
    "lesson.note.dimension_not_failing": "{dimension} does not fail",
    "lesson.note.dimension_not_clear": "the verdict on {dimension} is not clear",
    "lesson.note.verdict_clear": "the verdict on {dimension} is clear ({side})",
    "lesson.note.verdict_uncertain": (
        "the verdict on {dimension} is still uncertain: its interval straddles the threshold"
    ),
    "lesson.note.verdict_on_other_side": "the verdict on {dimension} is clear, but it is a {side}",
    "lesson.note.composite_hides_failure": "the weighted mean is {value} while {dimension} fails",
    "lesson.note.aggregation_not_mean": "the composite is not the weighted mean",
    "lesson.note.aggregation_not_min": "the composite is not the minimum",
    "lesson.note.no_dimension_failing": "no dimension fails",
    "lesson.note.composite_not_applicable": "the composite has no applicable dimension",
    "lesson.note.composite_too_low": "the composite is {value}; it should reach {needed}",
    "lesson.note.min_shows_failure": "the minimum ({value}) shows that {dimension} fails",
    "lesson.note.failing_dimension_unweighted": "{dimension} has weight 0, so the minimum leaves it out",
    "lesson.note.gate_fails_case": "the hard gate on {dimension} fails the case",
    "lesson.note.gate_off": "the hard gate on {dimension} is not turned on",
    "lesson.note.gate_not_failing": "{dimension} ({value}) is not below its gate ({gate})",
    "lesson.note.gate_not_checked": "{dimension} is N/A, so its gate is not checked",
    "lesson.note.only_labels_changed": "only labels changed ({changed} of them)",
    "lesson.note.not_only_labels": "more than labels changed: {what} of case {case}",
    "lesson.note.cases_differ": "the cases are not those loaded ({now} now, {loaded} loaded)",
    "lesson.note.too_few_label_changes": "{changed} labels changed; change at least {needed}",
    "lesson.note.too_few_label_changes.one": "1 label changed; change at least {needed}",
    "lesson.note.mode_not_threshold": "the explorer is moving a weight; switch it to a threshold",
    "lesson.note.metric_not_chosen": "choose {metric} in the explorer",
    "lesson.note.no_applicable_cases": "no case has a labelled unit for {metric}",
    "lesson.note.threshold_not_above_baseline": "raise the threshold above {baseline}",
    "lesson.note.nothing_passes_at_baseline": "no case passes at {baseline}, so there is nothing to halve",
    "lesson.note.pass_rate_not_halved": "the pass rate is {rate}; half of {baseline_rate} is not reached yet",
    "lesson.note.lower_threshold_halves": "a lower threshold already halves the pass rate",
    "lesson.note.pass_rate_halved": "at {threshold} the pass rate is {rate}, at most half of {baseline_rate}",
    "lesson.note.no_case_flips": "no case changes side between {a} and {b}",
    "lesson.note.case_does_not_flip": "case {case} does not change side between {a} and {b}",
    "lesson.note.too_few_cases": "{given} cases named; name {needed}",
    "lesson.note.too_few_cases.one": "1 case named; name {needed}",
    "lesson.note.cases_flip": "each case named changes side",
    "lesson.note.metric_not_applicable": "{metric} is N/A ({reason})",
    "lesson.note.metric_has_value": "{metric} still has a value ({value})",
    "lesson.note.na_for_other_reason": "{metric} is N/A, but because of {reason}",
    "lesson.note.metric_not_applicable_now": "{metric} is N/A, so micro and macro cannot be compared",
    "lesson.note.micro_macro_differ": "micro is {micro} and macro is {macro}",
    "lesson.note.micro_equals_macro": "micro and macro are both {micro}",
    "lesson.note.higher_side_wrong": "micro is {micro} and macro is {macro}: {higher} should be the higher one",
    "lesson.note.gate_zeroes_q": "Q is 0 because the {gate} gate fails",
    "lesson.note.gate_holds": "the {gate} gate holds",
    "lesson.note.no_gate_fails": "both gates hold",
    "lesson.note.metric_fails": "{metric} fails its threshold",
    "lesson.note.no_metric_applicable": "no metric of this conversation is applicable",
    "lesson.note.gate_named_holds": "the {gate} gate holds",
    "lesson.note.gates_missed": "{count} more gates fail",
    "lesson.note.gates_missed.one": "1 more gate fails",
    "lesson.note.conversation_has_no_leak": "the core finds no personal data in this conversation",
    "lesson.note.turn_has_no_leak": "turn {turn} holds no personal data",
    "lesson.note.unknown_turn": "there is no turn {turn}",
    "lesson.note.turns_missed": "{count} more turns hold personal data",
    "lesson.note.turns_missed.one": "1 more turn holds personal data",
    "lesson.note.filters_as_asked": "the filters are set as asked",
    "lesson.note.filter_should_be_on": "turn the {filter} filter on",
    "lesson.note.filter_should_be_off": "turn the {filter} filter off",
    "lesson.note.stability_not_available": "no two judges rank enough candidates to compare",
    "lesson.note.stability_not_raised": "agreement between judges went from {before} to {after}",
    "lesson.note.stability_raised": "agreement between judges rose from {before} to {after}",
    "lesson.note.filter_removes_nothing": "the {filter} filter removes no item here",
    "lesson.note.unknown_item": "there is no item {prompt} {item}",
    "lesson.note.item_not_removed": "the {filter} filter does not remove {prompt} {item}",
    "lesson.note.too_few_items": "{given} items named; name {needed}",
    "lesson.note.too_few_items.one": "1 item named; name {needed}",
    "lesson.note.items_missed": "{count} more items were removed by this filter",
    "lesson.note.items_missed.one": "1 more item was removed by this filter",
    "lesson.note.items_removed": "each item named was removed",
    "lesson.note.agreement_up_kappa_down": (
        "agreement rose ({agreement_before} to {agreement_after}) while kappa fell ({kappa_before} to "
        "{kappa_after})"
    ),
    "lesson.note.kappa_not_defined": "kappa is not defined for these labels",
    "lesson.note.agreement_not_higher": "agreement is {after}; it was {before}",
    "lesson.note.kappa_not_lower": "kappa is {after}; it was {before}",
    "lesson.note.no_leak_in_data": "the core finds no such pair across splits",
    "lesson.note.pair_leaks": "{a} and {b} leak across splits",
    "lesson.note.pair_in_one_split": (
        "{a} and {b} are near duplicates, but both are in {split}: a duplicate, not a leak"
    ),
    "lesson.note.pair_other_kind": "{a} and {b} leak across splits, but their kind of duplicate is {kind}",
    "lesson.note.pair_not_similar": "{a} and {b} are not near duplicates at this cutoff",
    "lesson.note.no_hidden_failure": "no stratum of {field} fails while the whole dataset passes",
    "lesson.note.unknown_stratum": "{field} has no value {value}",
    "lesson.note.stratum_not_hidden_failure": "{value} does not fail while the whole dataset passes",
    "lesson.note.stratum_fails_hidden": "{value} fails on {metric} while the whole dataset passes",
    "lesson.note.too_few_labels": "{labelled} units labelled; label at least {needed}",
    "lesson.note.too_few_labels.one": "1 unit labelled; label at least {needed}",
    "lesson.note.no_disagreement_yet": (
        "the judge has not yet disagreed with a hand label, so its error is not measured"
    ),
    "lesson.note.ppi_not_narrower": (
        "the PPI interval ({ppi_width} wide) is not narrower than the hand-labels-only one ({hand_width})"
    ),
    "lesson.note.ppi_narrower": (
        "with {labelled} labels the PPI interval is {ppi_width} wide, the hand-labels-only one {hand_width}"
    ),
    "lesson.note.worth_not_available": "what the judge is worth cannot be computed yet",
    "lesson.note.answer_too_high": "too high",
    "lesson.note.answer_too_low": "too low",
    # ---------------------------------------------------------------- the lessons page
    "nav.lessons": "Lessons",
    "home.lessons_summary": "Ten short exercises, 3 to 8 minutes each, that check themselves as you work.",
    "lessons.title": "Lessons",
    "lessons.intro": (
        "Each lesson is one idea of evaluation as a small task on one of the pages. A panel beside the page shows "
        "the goal and the current step, checks your work after every change with the page's own figures, and "
        "says when a step holds. Your progress is kept with your work."
    ),
    "lessons.meta": "{minutes} min · on the {page} page · {done} of {total} steps",
    "lessons.status.new": "Not started",
    "lessons.status.going": "In progress",
    "lessons.status.done": "Done",
    "lessons.start": "Start",
    "lessons.continue": "Continue",
    "lessons.restart": "Start again",
    "lessons.following": "You are following this lesson.",
    "lessons.confirm": (
        "Starting “{title}” loads its data on the {page} page and replaces what is there: your changes in "
        "{count} items (or an upload) would be lost. Download them first if you want to keep them."
    ),
    "lessons.confirm.one": (
        "Starting “{title}” loads its data on the {page} page and replaces what is there: your changes in "
        "1 item (or an upload) would be lost. Download them first if you want to keep them."
    ),
    "lessons.confirm_yes": "Start and replace",
    "lessons.confirm_no": "Keep my work",
    "lessons.total": "{done} of {total} lessons done · about {minutes} minutes in all",
    "lessons.handout_title": "For facilitators",
    "lessons.handout_help": (
        "One Markdown file with every lesson's goal, steps, explanation and your notes (what to say, the usual "
        "wrong answer, timing), in the language chosen here, to print or share."
    ),
    "lessons.handout": "Download the handout (Markdown)",
    # the handout itself
    "handout.title": "UNCASE Evaluation Playground: lessons for a workshop",
    "handout.intro": (
        "{count} lessons, about {minutes} minutes in all. Each runs on one page of the playground; participants "
        "open the Lessons page, or the facilitator starts a lesson for everyone from a workshop room."
    ),
    "handout.lesson": "Lesson {order}: {title}",
    "handout.meta": "{minutes} minutes · {page} page · data: {scenario}",
    "handout.data.builtin": "the page's built-in data",
    "handout.data.generator": "the generator's default verdicts",
    "handout.data.none": "none",
    "handout.goal": "Goal",
    "handout.steps": "Steps",
    "handout.hint": "Hint",
    "handout.explanation": "What to conclude",
    "handout.say": "What to say",
    "handout.wrong": "The usual wrong answer",
    "handout.timing": "Timing",
    # ---------------------------------------------------------------- the room
    "room.lesson_title": "A lesson for everyone",
    "room.lesson_choose": "Lesson",
    "room.lesson_start": "Start it for everyone",
    "room.lesson_stop": "Stop the lesson",
    "room.lesson_now": "Lesson now: {order} · {title}. Participants get it within {seconds} s.",
    "room.lesson_none": "No lesson is running.",
    "room.lesson_rag_warning": (
        "This lesson runs on the RAG page: each participant who starts it replaces the room's cases there with the "
        "lesson's (the page asks them first). Freeze the room and download its labels before, if you need them."
    ),
    "room.lesson_progress": "Who finished each step",
    "room.lesson_step_col": "Step",
    "room.lesson_done_col": "Done",
    "room.lesson_started_col": "Started",
    "room.lesson_of": "{done} of {members}",
}
