"""The facilitator's handout: every lesson's goal, steps, hints, what to conclude, and the notes for whoever runs the
room (what to say, the usual wrong answer, timing), as one Markdown file in one language."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from ui.i18n import translate
from ui.views.lessons.notes import PAGE_NAMES
from uncase_core.assets.reader import CONVERSATION_INDEX, RAG_INDEX, SUMMARY_INDEX, load_index
from uncase_core.lessons.model import Lesson

INDEXES = MappingProxyType({"rag": RAG_INDEX, "conversations": CONVERSATION_INDEX, "summaries": SUMMARY_INDEX})
ALL_KEYS = MappingProxyType({"rag": "common.all_scenarios", "conversations": "conv.all_scenarios"})


def scenario_name(page: str, scenario: str, language: str) -> str:
    """The data a lesson loads as its page names it ("Multiple failures", "the built-in dataset")."""
    if scenario == "all" and page in ALL_KEYS:
        return translate(language, ALL_KEYS[page])
    if page in INDEXES:
        found = next((s for s in load_index(INDEXES[page]) if s.id == scenario), None)
        if found is not None:
            return found.title_in(language)
    return translate(language, f"handout.data.{scenario}") if scenario in ("builtin", "generator", "none") \
        else scenario


def _block(text: str) -> str:
    """A text of the lesson file as Markdown paragraphs (the files wrap lines with a backslash, already joined)."""
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def handout_markdown(lessons: Sequence[Lesson], language: str) -> str:
    """The handout for ``lessons`` (in their order) in ``language``; the texts are the lesson files' own."""

    def t(key: str, **values: object) -> str:
        return translate(language, key, **values)

    lines = [f"# {t('handout.title')}", "",
             t("handout.intro", count=len(lessons), minutes=sum(lesson.minutes for lesson in lessons)), ""]
    for lesson in lessons:
        meta = t("handout.meta", minutes=lesson.minutes, page=t(PAGE_NAMES[lesson.page]),
                 scenario=scenario_name(lesson.page, lesson.scenario, language))
        lines += [f"## {t('handout.lesson', order=lesson.order, title=lesson.title.get(language))}", "",
                  f"*{meta}*",
                  "", f"**{t('handout.goal')}.** {_block(lesson.goal.get(language))}", "",
                  f"**{t('handout.steps')}**", ""]
        for number, step in enumerate(lesson.steps, start=1):
            lines.append(f"{number}. {' '.join(step.text.get(language).split())}")
            if step.hint is not None:
                lines.append(f"   - *{t('handout.hint')}:* {' '.join(step.hint.get(language).split())}")
            if step.question is not None and step.question.options:
                for option in step.question.options:
                    mark = "✓" if option.correct else "·"
                    lines.append(f"   - {mark} {' '.join(option.text.get(language).split())}")
        notes = lesson.facilitator
        lines += ["", f"**{t('handout.explanation')}.** {_block(lesson.explanation.get(language))}", "",
                  f"**{t('handout.say')}.** {_block(notes.say.get(language))}", "",
                  f"**{t('handout.wrong')}.** {_block(notes.wrong_answer.get(language))}", "",
                  f"**{t('handout.timing')}.** {_block(notes.timing.get(language))}", ""]
    return "\n".join(lines).rstrip() + "\n"
