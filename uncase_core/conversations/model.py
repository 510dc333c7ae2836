"""Synthetic conversations: the format, validation with located errors, and serialization.

A conversation has turns (``customer`` / ``agent``), a seed template (text, or a list of
turns), a knowledge base of domain facts, and optionally labelled claims, turn labels and
the source texts the generator saw. Labels may be ``null`` (not labelled yet). Turn numbers
count from 0. Unknown keys are kept, so a round trip loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from uncase_core.errors import (
    InputError,
    Param,
    at_conversation,
    at_line,
    expected_value,
    input_error,
    missing,
    problem,
    term,
)
from uncase_core.shared.formats import CONVERSATIONS, parse_format
from uncase_core.shared.jsonfiles import decode_text, dumps_json, dumps_jsonl
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows

ROLES = ("customer", "agent")
COHERENCE_ISSUES = ("agent_contradiction", "customer_knowledge", "role_confusion", "topic_drift")
_KNOWN = ("id", "domain", "language", "seed_template", "turns", "knowledge_base", "claims", "turn_labels",
          "source_texts")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "turn_out_of_range": "turn {turn} does not exist (turns are 0 to {last})",
    "no_conversations": "no conversations in the file",
    "duplicate_conversation_id": 'duplicate conversation id "{id}"',
})


@dataclass(frozen=True)
class Turn:
    role: str
    text: str


@dataclass(frozen=True)
class Claim:
    turn: int
    text: str
    verified: bool | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnLabel:
    turn: int
    coherent: bool | None
    issue: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Conversation:
    id: str
    turns: tuple[Turn, ...]
    seed_template: str | tuple[Turn, ...] = ""
    domain: str = ""
    language: str = ""
    knowledge_base: tuple[str, ...] = ()
    claims: tuple[Claim, ...] | None = None  # None: not given, extract them
    turn_labels: tuple[TurnLabel, ...] = ()
    source_texts: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def seed_text(self) -> str:
        if isinstance(self.seed_template, str):
            return self.seed_template
        return "\n".join(turn.text for turn in self.seed_template)

    @property
    def text(self) -> str:
        return "\n".join(turn.text for turn in self.turns)


def _kind(value: Any) -> Param:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value[:40]}"' + ("..." if len(value) > 40 else "")
    if isinstance(value, dict | list):
        return term("object" if isinstance(value, dict) else "list")
    return repr(value)


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise missing(key, where)
        return ""
    if not isinstance(value, str):
        raise expected_value("text", _kind(value), _at(where, key))
    return value


def _at(where: str, key: str) -> str:
    if not where:
        return key
    return f"{where}: {key}" if where.startswith("line") else f"{where}.{key}"


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise expected_value("list", _kind(value), _at(where, key))
    return value


def _turns(items: list[Any], where: str) -> tuple[Turn, ...]:
    turns = []
    for i, item in enumerate(items):
        place = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise expected_value("turn_object", _kind(item), place)
        role = _text(item, "role", place, required=True)
        if role not in ROLES:
            raise expected_value("role", _kind(role), f"{place}.role")
        turns.append(Turn(role, _text(item, "text", place, required=True)))
    return tuple(turns)


def _turn_number(item: Mapping[str, Any], place: str, count: int) -> int:
    value = item.get("turn")
    if isinstance(value, bool) or not isinstance(value, int):
        raise expected_value("turn_number", _kind(value), f"{place}.turn")
    if not 0 <= value < count:
        raise input_error(PROBLEMS, "turn_out_of_range", f"{place}.turn", turn=str(value),
                          last=count - 1)
    return value


def _label(item: Mapping[str, Any], key: str, place: str) -> bool | None:
    value = item.get(key)
    if value is None or isinstance(value, bool):
        return value
    raise expected_value("true_false_null", _kind(value), f"{place}.{key}")


def _strings(items: list[Any], where: str) -> tuple[str, ...]:
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise expected_value("text", _kind(item), f"{where}[{i}]")
    return tuple(items)


def conversation_from_dict(data: Any, where: str = "") -> Conversation:
    """Validate one conversation given as parsed JSON; errors name the place under ``where``."""
    if isinstance(data, Conversation):
        return data
    if not isinstance(data, dict):
        raise expected_value("conversation_object", _kind(data), where)
    conv_id = _text(data, "id", where, required=True)
    if not conv_id.strip():
        raise problem("id_must_not_be_empty", _at(where, "id"))
    turns = _turns(_list(data, "turns", where), _at(where, "turns"))
    seed_raw = data.get("seed_template")
    seed: str | tuple[Turn, ...]
    if isinstance(seed_raw, list):
        seed = _turns(seed_raw, _at(where, "seed_template"))
    else:
        seed = _text(data, "seed_template", where)
    claims = None
    if data.get("claims") is not None:
        claims = []
        for i, item in enumerate(_list(data, "claims", where)):
            place = f"{_at(where, 'claims')}[{i}]"
            if not isinstance(item, dict):
                raise expected_value("claim_object", _kind(item), place)
            claims.append(Claim(_turn_number(item, place, len(turns)), _text(item, "text", place, required=True),
                                _label(item, "verified", place),
                                {k: v for k, v in item.items() if k not in ("turn", "text", "verified")}))
        claims = tuple(claims)
    labels = []
    for i, item in enumerate(_list(data, "turn_labels", where)):
        place = f"{_at(where, 'turn_labels')}[{i}]"
        if not isinstance(item, dict):
            raise expected_value("turn_label_object", _kind(item), place)
        issue = item.get("issue")
        if issue is not None and issue not in COHERENCE_ISSUES:
            raise problem("expected_one_of_or_null", f"{place}.issue", choices=", ".join(COHERENCE_ISSUES),
                          got=_kind(issue))
        labels.append(TurnLabel(_turn_number(item, place, len(turns)), _label(item, "coherent", place), issue,
                                {k: v for k, v in item.items() if k not in ("turn", "coherent", "issue")}))
    return Conversation(
        id=conv_id,
        turns=turns,
        seed_template=seed,
        domain=_text(data, "domain", where),
        language=_text(data, "language", where),
        knowledge_base=_strings(_list(data, "knowledge_base", where), _at(where, "knowledge_base")),
        claims=claims,
        turn_labels=tuple(labels),
        source_texts=_strings(_list(data, "source_texts", where), _at(where, "source_texts")),
        extra={k: v for k, v in data.items() if k not in _KNOWN},
    )


def conversation_to_dict(conversation: Conversation) -> dict[str, Any]:
    seed = conversation.seed_template
    result: dict[str, Any] = {
        "id": conversation.id,
        "domain": conversation.domain,
        "language": conversation.language,
        "seed_template": seed if isinstance(seed, str) else [{"role": t.role, "text": t.text} for t in seed],
        "turns": [{"role": t.role, "text": t.text} for t in conversation.turns],
        "knowledge_base": list(conversation.knowledge_base),
    }
    if conversation.claims is not None:
        result["claims"] = [{"turn": c.turn, "text": c.text, "verified": c.verified, **c.extra}
                            for c in conversation.claims]
    result["turn_labels"] = [{"turn": t.turn, "coherent": t.coherent, "issue": t.issue, **t.extra}
                             for t in conversation.turn_labels]
    result["source_texts"] = list(conversation.source_texts)
    return {**result, **conversation.extra}


def conversations_from_text(text: str, source: str = "", limit: ReadLimit = UNLIMITED) -> tuple[Conversation, ...]:
    """One conversation (JSON object), a JSON array, ``{"conversations": [...]}`` or JSONL; a file of more
    conversations than ``limit`` takes is refused before any is read as one."""
    try:
        document = parse_format(text, CONVERSATIONS, limit)
        if document.kind == "jsonl":
            result = []
            for line, record in document.records:
                try:
                    result.append(conversation_from_dict(record))
                except InputError as error:
                    raise error.at(at_line(line, error.where)) from None
            conversations = tuple(result)
        elif isinstance(document.value, list):
            check_rows(len(document.value), limit)
            conversations = tuple(conversation_from_dict(item, f"[{i}]") for i, item in enumerate(document.value))
        elif isinstance(document.value, dict) and isinstance(document.value.get("conversations"), list):
            items = document.value["conversations"]
            check_rows(len(items), limit)
            conversations = tuple(conversation_from_dict(item, f"conversations[{i}]") for i, item in enumerate(items))
        else:
            conversations = (conversation_from_dict(document.value),)
        if not conversations:
            raise input_error(PROBLEMS, "no_conversations")
        seen: set[str] = set()
        for i, conversation in enumerate(conversations):
            if conversation.id in seen:
                raise input_error(PROBLEMS, "duplicate_conversation_id", at_conversation(i), id=conversation.id)
            seen.add(conversation.id)
        return conversations
    except InputError as error:
        raise error.located(source) if source else error from None


def conversations_from_bytes(data: bytes, source: str = "", limit: ReadLimit = UNLIMITED) -> tuple[Conversation, ...]:
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(source) if source else error from None
    return conversations_from_text(text, source, limit)


def conversations_to_text(conversations: tuple[Conversation, ...]) -> str:
    """One conversation as pretty JSON, several as JSONL.

    A lone conversation carrying its own ``"conversations"`` list is written inside a JSON
    array: as a bare object it would read back as the ``{"conversations": [...]}`` wrapper.
    """
    if len(conversations) == 1:
        data = conversation_to_dict(conversations[0])
        return dumps_json([data] if isinstance(data.get("conversations"), list) else data)
    return dumps_jsonl([conversation_to_dict(c) for c in conversations])
