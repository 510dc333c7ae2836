"""The conversation page's edit records: a claim's or a turn's label.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from uncase_core.conversations.claims import check_claims
from uncase_core.conversations.coherence import check_turns
from uncase_core.conversations.model import Conversation, TurnLabel
from uncase_core.shared.edits import Edit, check_edit_id, edit_label, edit_op, edit_position


def conversation_claim(conversations: Sequence[Conversation], index: int, claim: int, value: bool | None
                       ) -> dict[str, Any]:
    edit = {"op": "claim", "conversation": index, "conversation_id": conversations[index].id, "claim": claim,
            "value": value}
    apply_conversation_edit(tuple(conversations), edit)
    return edit


def conversation_turn(conversations: Sequence[Conversation], index: int, turn: int, value: bool | None
                      ) -> dict[str, Any]:
    edit = {"op": "turn", "conversation": index, "conversation_id": conversations[index].id, "turn": turn,
            "value": value}
    apply_conversation_edit(tuple(conversations), edit)
    return edit


def apply_conversation_edit(conversations: tuple[Conversation, ...], edit: Edit) -> tuple[Conversation, ...]:
    """Label one claim (verified) or one turn (coherent).

    The first label a person sets turns the pre-labels the page showed (claims extracted and
    checked against the knowledge base, turns judged by the coherence rules) into the
    conversation's own labels, as the page shows them, with the one changed.
    """
    op = edit_op(edit, ("claim", "turn"))
    index = edit_position(edit, "conversation", len(conversations), "conversation")
    conversation = conversations[index]
    check_edit_id(edit, "conversation_id", conversation.id)
    value = edit_label(edit)
    if op == "claim":
        claims = [check.claim for check in check_claims(conversation)]
        position = edit_position(edit, "claim", len(claims), "claim")
        claims[position] = replace(claims[position], verified=value)
        updated = replace(conversation, claims=tuple(claims))
    else:
        given = {label.turn: label for label in conversation.turn_labels}
        labels = []
        for check in check_turns(conversation):
            label = given.get(check.turn) or TurnLabel(check.turn, check.coherent,
                                                       check.flags[0].rule if check.flags else None)
            labels.append(label)
        position = edit_position(edit, "turn", len(labels), "turn")
        labels[position] = replace(labels[position], coherent=value)
        updated = replace(conversation, turn_labels=tuple(labels))
    changed = list(conversations)
    changed[index] = updated
    return tuple(changed)


# ---------------------------------------------------------------- summaries
