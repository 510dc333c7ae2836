"""The lesson panel: the goal, the current step, a hint, the answer to a question, and "done" with the explanation.

Drawn twice on every page: in the sidebar, beside the page, and above the page's content; a style rule shows the
first on a wide screen and the second below 768 px (where Streamlit folds the sidebar away), collapsed there to
the current step; on a phone the first shows as well while the sidebar is open over the page, above the controls
a step needs. Each is a fragment that pages whose changes rerun only fragments (the RAG page) list among them,
so a label ticked in a table is checked at once. The checks run on the page's state rebuilt from the workspace
(ui.views.lessons.state.page_snapshot) with the core's own figures; a step that holds is stored as done, in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from ui.frame.fragments import mark_drawn
from ui.frame.lessons import ACTIVE, PROGRESS_PREFIX, REQUEST, Progress, active_lesson, lessons, progress
from ui.frame.navigation import LESSONS_PAGE
from ui.frame.rooms import room_of
from ui.frame.state import current_workspace, language, run_saving, t, workspace_params
from ui.i18n import translate
from ui.views.lessons.notes import PAGE_NAMES, note_text
from ui.views.lessons.room_notice import room_notice
from ui.views.lessons.state import PAGE_FILES, page_snapshot
from ui.widgets.names import field_value
from ui.widgets.numbers import number_text, read_box
from uncase_core.lessons.checks import answer_options
from uncase_core.lessons.model import Lesson, Step, evaluate_step

SIDE, TOP = "lesson_side", "lesson_top"  # the two places (their containers' keys)
FRAGMENTS = (f"{SIDE}_panel", f"{TOP}_panel")  # what a fragment-only rerun lists to recheck the lesson
FLASH = "lesson_flash"  # the step done last, shown until the next one is
_SHOWN_AGAIN = "lesson_shown_again"  # session state: the step whose hidden parts a full rerun showed again
_PROBLEM = "_problem"  # session state suffix of a number answer's key: why the typed text was not read
NARROW = 768  # px: Streamlit's own breakpoint, below which the sidebar is folded away
# The answer multiselect's text input is at least 48 px wide while it has the focus and 8 px once it loses it, so
# with chips filling a line it takes a line of its own only while focused. A click on "Check my answer" right after
# choosing blurred it on mouse-down: the box shrank by a line, the button moved up 33 px under the pointer, and the
# mouse-up landed outside it, so the click was lost and the note on the previous answer stayed (the
# second click found the button in place). One width in both states keeps the button where the pointer is.
MULTISELECT_INPUT_MIN_WIDTH = 48  # px: Streamlit 1.67's focused width
# Below 768 px the panel sits above the page while the sidebar is folded away; the controls a step needs (weights,
# gates, thresholds, the data menu) are in the sidebar, which opens over the page and so over that panel: while it
# is open, the panel shows in it too, at its top above those controls, so a step's feedback stays in view as the
# person uses them. Both panels are always drawn; only these rules choose where they show.
STYLE = f"""<style>
@media (max-width: {NARROW - 0.02}px) {{
  [data-testid="stSidebar"][data-collapsed="true"] .st-key-{SIDE} {{ display: none; }} }}
@media (min-width: {NARROW}px) {{ .st-key-{TOP} {{ display: none; }} }}
.st-key-{SIDE} [data-testid="stMultiSelect"] input, .st-key-{TOP} [data-testid="stMultiSelect"] input {{
  min-width: {MULTISELECT_INPUT_MIN_WIDTH}px !important; }}
</style>"""


def make_slot(place: str) -> None:
    """Call in ``setup_page``, once for each place, where the panel goes (it stays empty until :func:`draw_panels`
    fills it); the style rule that shows one of the two comes with the top one."""
    if place == TOP:
        st.html(STYLE)
    st.session_state[place] = st.container(key=place)


def draw_panels(page: str | None, before: Callable[[], None] | None = None) -> None:
    """Call in ``finish_page``: both panels, as fragments (``before`` stores pending label edits first).

    With no lesson open, none asked for and no room, a panel has nothing to show until the next full run (which
    is what opening a lesson or joining a room causes), so it is not drawn and a label change does not rerun it.
    """
    workspace = current_workspace()
    if active_lesson(workspace) is None and not st.session_state.get(REQUEST) and room_of(workspace) is None:
        return
    for place in (SIDE, TOP):
        slot = st.session_state.get(place)
        if slot is None:
            continue

        @st.fragment(key=f"{place}_panel")
        def panel(place: str = place) -> None:
            mark_drawn(f"{place}_panel")
            if before is not None:
                before()
            _panel(place, page)

        with slot:
            panel()


# ---------------------------------------------------------------- checking


def advance(lesson: Lesson, page: str) -> tuple[Progress, Any]:
    """Check the steps from the current one on and store each that now holds; ``(progress, last result)``."""
    workspace = current_workspace()
    done = progress(workspace, lesson)
    snapshot = page_snapshot(workspace, page, done.answers)
    if snapshot is None:
        return done, None
    result, newly = None, []
    while (index := done.current(lesson)) is not None:
        step = lesson.steps[index]
        if step.question is not None and step.id not in done.answers:
            result = None
            break
        result = evaluate_step(step, snapshot)
        if not result.done:
            break
        newly.append((step, result))
        done = Progress((*done.done, step.id), done.answers)
    if newly:
        run_saving(lambda: workspace.set_settings({PROGRESS_PREFIX + lesson.id: done.to_setting()}))
        step, last = newly[-1]
        st.session_state[FLASH] = (lesson.id, step.id, note_text(last.note, language()))
        shown_again = (lesson.id, step.id)
        if any(done_step.hides for done_step, _ in newly) and st.session_state.get(_SHOWN_AGAIN) != shown_again:
            # What the step hid is drawn by the page (before this panel, or outside its fragment): once more (once
            # only, should the progress fail to be stored).
            st.session_state[_SHOWN_AGAIN] = shown_again
            st.rerun(scope="app")
    return done, result


_ID_START = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+\b")  # a case or unit id such as banking-002


def _sentence_start(note: str) -> str:
    """``note`` as the start of a sentence: its first letter upper-cased, unless it starts with an id
    (``banking-002 passes``: an id keeps its case, "Banking-002" is not the case's name)."""
    if _ID_START.match(note):
        return note
    return note[:1].upper() + note[1:]


def _wrong_option_reasons(step: Step, answer: Any, lang: str) -> str | None:
    """The reasons the lesson file gives for the wrong options chosen (``why``), or None when it gives none."""
    if step.question is None or not step.question.options:
        return None
    chosen = {answer} if isinstance(answer, str) else set(answer or ())
    reasons = [option.why.get(lang).rstrip(".") for option in step.question.options
               if option.id in chosen and not option.correct and option.why is not None]
    missing = [o for o in step.question.options if o.correct and o.id not in chosen]
    if not reasons:
        return None
    if missing and len(step.question.options) > 1 and sum(o.correct for o in step.question.options) > 1:
        reasons.append(t("lesson.note.choose_every_right_one"))
    return "; ".join(reasons)


def _store_answer(lesson: Lesson, step: Step, key: str, kind: str) -> None:
    """The form's callback: keep the answer with the lesson's progress (checked in the run that follows)."""
    value = st.session_state.get(key)
    st.session_state.pop(key + _PROBLEM, None)
    if kind in ("number", "proportion"):
        proportion = kind == "proportion"
        value, problem = read_box(value or "", language(), "", percent=proportion, low=0 if proportion else None,
                                  high=100 if proportion else None)
        if problem is not None:  # not stored: the box keeps the text, the refusal shows under it
            st.session_state[key + _PROBLEM] = problem
            return
        if proportion and value is not None:
            value = value / 100
    elif kind == "items":
        value = [list(pair) for pair in value or ()]
    elif isinstance(value, tuple):
        value = list(value)
    workspace = current_workspace()
    done = progress(workspace, lesson)
    answers = {**done.answers, step.id: value}
    run_saving(lambda: workspace.set_settings({PROGRESS_PREFIX + lesson.id: Progress(done.done, answers)
                                               .to_setting()}))


# ---------------------------------------------------------------- drawing


def _page_name(page: str, lang: str) -> str:
    return translate(lang, PAGE_NAMES[page])


def _request(lesson_id: str) -> None:
    st.session_state[REQUEST] = lesson_id


def _leave() -> None:
    run_saving(lambda: current_workspace().set_settings({ACTIVE: None}))


def _panel(place: str, page: str | None) -> None:
    workspace = current_workspace()
    lang = language()
    room_notice(place)
    if st.session_state.get(REQUEST) and page != "lessons":  # a lesson asked for: the lessons page starts it
        st.switch_page(LESSONS_PAGE, query_params=workspace_params(workspace))
    lesson = active_lesson(workspace)
    if lesson is None:
        return
    compact = place == TOP
    with st.container(border=True):
        st.markdown(f"**{t('lesson.panel_title', order=lesson.order, title=lesson.title.get(lang))}**")
        if page != lesson.page:
            st.caption(t("lesson.elsewhere", page=_page_name(lesson.page, lang)))
            st.page_link(PAGE_FILES[lesson.page], label=t("lesson.go", page=_page_name(lesson.page, lang)),
                         icon=":material/arrow_forward:", query_params=workspace_params(workspace))
            _footer(place, lesson, finished=False)
            return
        done, result = advance(lesson, page)
        if page_snapshot(workspace, page, {}) is None:
            st.warning(t("lesson.no_data", page=_page_name(page, lang)))
            _footer(place, lesson, finished=False)
            return
        index = done.current(lesson)
        total = len(lesson.steps)
        flash = st.session_state.get(FLASH)
        if flash and flash[0] == lesson.id and flash[1] in done.done:
            st.success(t("lesson.holds", note=_sentence_start(flash[2])), icon=":material/check:")
        if index is None:
            _finished(place, lesson, total)
            return
        step = lesson.steps[index]
        st.progress(index / total, text=t("lesson.step_of", number=index + 1, total=total))
        st.markdown(step.text.get(lang))
        if step.question is not None:
            _answer_form(place, lesson, step, done)
        if result is not None and not result.done:
            st.caption(t("lesson.not_yet", note=_wrong_option_reasons(step, done.answers.get(step.id), lang)
                         or note_text(result.note, lang)))
        if step.hint is not None:  # keyed by step: a hint opened on one step does not show the next one's unasked
            with st.expander(t("lesson.hint"), key=f"{place}_hint_{lesson.id}_{step.id}"):
                st.markdown(step.hint.get(lang))
        with st.expander(t("lesson.goal") if compact else t("lesson.steps")):
            if compact:
                st.markdown(lesson.goal.get(lang))
            st.markdown("\n".join(_step_line(i, s, done, index, lang) for i, s in enumerate(lesson.steps)))
        if not compact:
            with st.expander(t("lesson.goal")):
                st.markdown(lesson.goal.get(lang))
        _footer(place, lesson, finished=False)


def _step_line(position: int, step: Step, done: Progress, current: int, lang: str) -> str:
    mark = "✓" if step.id in done.done else "→" if position == current else "·"
    text = " ".join(step.text.get(lang).split())
    return f"{position + 1}. {mark} {text if position == current else _shorten(text)}"


def _shorten(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _finished(place: str, lesson: Lesson, total: int) -> None:
    lang = language()
    st.progress(1.0, text=t("lesson.step_of", number=total, total=total))
    st.success(t("lesson.done"), icon=":material/task_alt:")
    with st.expander(t("lesson.why"), expanded=True):
        st.markdown(lesson.explanation.get(lang))
    following = [other for other in lessons() if other.order > lesson.order]
    if following:
        st.button(t("lesson.next", title=following[0].title.get(lang)), key=f"{place}_next", type="primary",
                  on_click=_request, args=(following[0].id,), width="stretch")
    _footer(place, lesson, finished=True)


def _footer(place: str, lesson: Lesson, finished: bool) -> None:
    workspace = current_workspace()
    st.page_link(LESSONS_PAGE, label=t("lesson.all"), icon=":material/school:",
                 query_params=workspace_params(workspace))
    st.button(t("lesson.leave"), key=f"{place}_leave", on_click=_leave, type="tertiary", icon=":material/logout:")


def _options_label(kind: str, lang: str, field: str | None = None) -> Callable[[Any], str]:
    if kind == "dimensions":
        return lambda name, lang=lang: translate(lang, f"metric.{name}")
    if kind == "certainty":
        return lambda value, lang=lang: translate(lang, f"lesson.certainty.{value}")
    if kind == "gates":
        return lambda gate, lang=lang: translate(lang, f"conv.gate.{gate}")  # as the page's gate cards name them
    if kind == "items":
        return lambda pair: f"{pair[0]} · {pair[1]}"
    if kind == "stratum" and field:
        return lambda value, field=field, lang=lang: field_value(field, value, lang)
    return str


def _answer_form(place: str, lesson: Lesson, step: Step, done: Progress) -> None:
    lang = language()
    question = step.question
    assert question is not None
    workspace = current_workspace()
    snapshot = page_snapshot(workspace, lesson.page, done.answers)
    kind = question.answer
    options: Sequence[Any] | None = answer_options(question.name, question.params, snapshot) if snapshot else ()
    stored = done.answers.get(step.id)
    key = f"{place}_answer_{lesson.id}_{step.id}"
    with st.form(key=f"{place}_form_{lesson.id}_{step.id}", border=False):
        label = t("lesson.answer")
        if kind == "choice":
            texts = {option.id: option.text.get(lang) for option in question.options}
            several = sum(option.correct for option in question.options) > 1
            if several:
                st.caption(t("lesson.choose_all"))
                # No "Select all": Streamlit words it in English only, and in a question it answers for the person.
                st.multiselect(label, list(texts), default=[v for v in stored or () if v in texts], key=key,
                               select_all=False,
                               format_func=lambda i, texts=texts: texts[i], placeholder=t("lesson.choose"))
            else:
                st.radio(label, list(texts), index=list(texts).index(stored) if stored in texts else None,
                         key=key, format_func=lambda i, texts=texts: texts[i])
        elif kind in ("number", "proportion"):  # a text box: Streamlit's number box reads 23,1 as 231
            if key not in st.session_state and stored is not None:
                st.session_state[key] = number_text(float(stored) * (100 if kind == "proportion" else 1), lang,
                                                    decimals=4)
            st.text_input(t("lesson.percent_answer" if kind == "proportion" else "lesson.number_answer"), key=key,
                          placeholder=number_text(23.1, lang))
            if (problem := st.session_state.get(key + _PROBLEM)) is not None:
                st.error(problem)
        elif kind in ("certainty", "stratum"):
            choices = list(options or ())
            field = question.params.get("field") or (snapshot.setting("wb_field") if snapshot else None)
            st.radio(label, choices, index=choices.index(stored) if stored in choices else None, key=key,
                     format_func=_options_label(kind, lang, field), horizontal=kind == "certainty")
        else:  # several things to pick: dimensions, cases, gates, turns, items
            choices = list(options or ())
            chosen = [tuple(v) if kind == "items" else v for v in stored or ()]
            st.multiselect(label, choices, default=[v for v in chosen if v in choices], key=key, select_all=False,
                           format_func=_options_label(kind, lang), placeholder=t("lesson.choose"),
                           max_selections=2 if kind == "case_pair" else None)
        st.form_submit_button(t("lesson.check"), type="primary", on_click=_store_answer,
                              args=(lesson, step, key, kind))

