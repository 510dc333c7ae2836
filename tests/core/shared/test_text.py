"""The deterministic English / Spanish sentence splitter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.shared.sentences import split_sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # English
        ("The refund takes five days. It is paid to the card.",
         ["The refund takes five days.", "It is paid to the card."]),
        ("Is it ready? Yes! It is.", ["Is it ready?", "Yes!", "It is."]),
        ("The refund takes 3.5 days. Then it arrives.", ["The refund takes 3.5 days.", "Then it arrives."]),
        ("Prices rose 2.5% in 2023. Then they fell to 1.75 euros.",
         ["Prices rose 2.5% in 2023.", "Then they fell to 1.75 euros."]),
        ("Version 2.0 is out. 10 people came.", ["Version 2.0 is out.", "10 people came."]),
        ("Dr. Smith approved it. The clerk paid.", ["Dr. Smith approved it.", "The clerk paid."]),
        ("Call us on a weekday, e.g. Monday. We answer fast.",
         ["Call us on a weekday, e.g. Monday.", "We answer fast."]),
        ("Contact Mrs. Jones, i.e. the manager. She decides.",
         ["Contact Mrs. Jones, i.e. the manager.", "She decides."]),
        ("The book was written by J. K. Rowling. It sold well.",
         ["The book was written by J. K. Rowling.", "It sold well."]),
        ('He said "Go." Then he left.', ['He said "Go."', "Then he left."]),
        ("Wait… Then what?", ["Wait…", "Then what?"]),
        ("No capital after this. so it stays.", ["No capital after this. so it stays."]),
        # Spanish
        ("¿Cuánto tarda? ¡Muy poco! El reembolso llega en 3,5 días.",
         ["¿Cuánto tarda?", "¡Muy poco!", "El reembolso llega en 3,5 días."]),
        ("El plazo es de 2.5 semanas. Después se cierra.", ["El plazo es de 2.5 semanas.", "Después se cierra."]),
        ("El Dr. Gómez atiende los lunes. La Dra. Ruiz, los martes.",
         ["El Dr. Gómez atiende los lunes.", "La Dra. Ruiz, los martes."]),
        ("La Sra. García llegó. El Sr. Pérez no.", ["La Sra. García llegó.", "El Sr. Pérez no."]),
        ("Lleve documentos, p. ej. Pasaporte o DNI. También la factura.",
         ["Lleve documentos, p. ej. Pasaporte o DNI.", "También la factura."]),
        ("Lleve documentos, p.ej. El DNI. Gracias.", ["Lleve documentos, p.ej. El DNI.", "Gracias."]),
        ("EE.UU. tiene 50 estados. Es grande.", ["EE.UU. tiene 50 estados.", "Es grande."]),
        ("Dijo «Vale.» Luego salió.", ["Dijo «Vale.»", "Luego salió."]),
        # A unit after a number ends its sentence; a short answer is a sentence of its own, "No." as "Yes." is, and
        # "No." before a number is the abbreviation (issue 38)
        ("El reembolso se emite en 24 h. La reposición tarda 3 días.",
         ["El reembolso se emite en 24 h.", "La reposición tarda 3 días."]),
        ("It opens in 30 min. Then it closes.", ["It opens in 30 min.", "Then it closes."]),
        ("No. Returns are not accepted after 30 days.", ["No.", "Returns are not accepted after 30 days."]),
        ("Yes. Gifts can be exchanged.", ["Yes.", "Gifts can be exchanged."]),
        ("Sí. Se puede cambiar. No. No se reembolsa.", ["Sí.", "Se puede cambiar.", "No.", "No se reembolsa."]),
        ("See No. 5 of the policy. It applies.", ["See No. 5 of the policy.", "It applies."]),
        ("Vea el núm. 3 del contrato. Aplica.", ["Vea el núm. 3 del contrato.", "Aplica."]),
        ("Written by J. K. Rowling in 1997.", ["Written by J. K. Rowling in 1997."]),
        ("Está cerrado. Ábralo mañana. Ñandú es un ave.", ["Está cerrado.", "Ábralo mañana.", "Ñandú es un ave."]),
    ],
)
def test_split_sentences_examples(text, expected):
    assert split_sentences(text) == expected


def test_newlines_always_split_and_blank_lines_vanish():
    assert split_sentences("Line one\nline two\r\n\n   \nLine three.") == ["Line one", "line two", "Line three."]


def test_list_markers_are_dropped():
    text = "- First point.\n* Second point.\n• Third point\n1. Fourth\n2) Fifth\n  10. Sixth"
    assert split_sentences(text) == ["First point.", "Second point.", "Third point", "Fourth", "Fifth", "Sixth"]


def test_list_marker_needs_a_space_and_is_only_stripped_at_line_start():
    assert split_sentences("3.5 is a number.") == ["3.5 is a number."]
    assert split_sentences("Use x - y now. Then go.") == ["Use x - y now.", "Then go."]


def test_sentences_are_trimmed():
    assert split_sentences("   Leading and trailing.   Next one.  ") == ["Leading and trailing.", "Next one."]


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "- ", "\t\r\n"])
def test_empty_text_gives_no_sentences(text):
    assert split_sentences(text) == []


def test_split_is_deterministic():
    text = "¿Qué pasó? El Dr. Smith pagó 3.5 euros, p. ej. Hoy. ¡Bien!\n- Otro punto. Fin."
    first = split_sentences(text)
    assert first == ["¿Qué pasó?", "El Dr. Smith pagó 3.5 euros, p. ej. Hoy.", "¡Bien!", "Otro punto.", "Fin."]
    assert all(split_sentences(text) == first for _ in range(5))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abcAB 12.?!¿¡\n-…éÉ")), max_size=60))
def test_split_keeps_all_words_in_order(text):
    sentences = split_sentences(text)
    assert all(sentence == sentence.strip() and sentence for sentence in sentences)
    assert split_sentences(text) == sentences
    # Only whitespace and list markers are ever removed: no word is lost or reordered.
    joined = " ".join(sentences).split()
    original = " ".join(line for line in text.splitlines()).split()
    kept = iter(original)
    assert all(any(word == candidate for candidate in kept) for word in joined)
