"""Issue 8, bad input: every corpus entry through every loader and command-line subcommand.

A bad entry must raise :class:`InputError` (a command: exit 2 and one line on stderr) whose
message names the file and the place; a valid one (BOM, CRLF, emoji, right-to-left text) must
load; nothing may crash, and no code payload may ever run. The corpus is in
``tests/bad_inputs/``; ``tools/bad_input_report.py`` prints the same matrix as counts.

The second half holds one focused test for each bug the corpus found.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from tests.bad_inputs.corpus import (
    CORPUS,
    FAMILIES,
    FILES_DIR,
    FORMATS,
    PAYLOAD,
    SENTINEL,
    _specs,
    for_format,
)
from tests.bad_inputs.targets import TARGETS, Workdir, judge, targets_for
from uncase_core.cli.main import run
from uncase_core.conversations import coherence
from uncase_core.conversations.claims import STOPWORDS, normalize_number
from uncase_core.conversations.evaluator import Evaluator
from uncase_core.errors import MAX_PART_CHARS, InputError
from uncase_core.rag.ragas import import_ragas_bytes
from uncase_core.rubrics.holistic import read_holistic
from uncase_core.shared.tokenize import tokenize
from uncase_core.summaries.blocks import parse_judgement_block

IDS = [entry.name for entry in CORPUS]
FILE_FORMATS = ("rag", "ragas", "conversations", "summaries", "verdicts", "holistic")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return Workdir(tmp_path_factory.mktemp("bad_inputs"))


@pytest.fixture(scope="module", autouse=True)
def no_payload_runs():
    """The payloads would create SENTINEL if anything evaluated them."""
    sentinel = Path(SENTINEL)
    sentinel.unlink(missing_ok=True)
    yield
    assert not sentinel.exists(), f"a code payload of the corpus was executed: {sentinel} exists"


# ------------------------------------------------------------------ the corpus itself


def test_corpus_entries_are_well_formed():
    assert len(IDS) == len(set(IDS)), "entry names must be unique (they are file names)"
    for entry in CORPUS:
        assert entry.expect in ("error", "ok"), entry.name
        assert entry.family in FAMILIES, entry.name
        assert entry.formats and set(entry.formats) <= set(FORMATS), entry.name
        assert entry.expect == "error" or not entry.place, entry.name
        assert ("summary_block" in entry.formats) == bool(entry.block_kind), entry.name


def test_stored_files_are_the_listed_ones():
    stored = {spec.name for spec in _specs() if spec.stored}
    assert {path.name for path in FILES_DIR.iterdir()} == stored


@pytest.mark.parametrize("fmt", FILE_FORMATS)
def test_every_file_format_gets_every_kind_of_bad_input(fmt):
    families = {entry.family for entry in for_format(fmt)}
    wanted = {"valid", "truncated", "wrong-type", "empty", "bom", "crlf", "encoding", "binary", "long-string",
              "unicode", "deep-nesting", "python-literal", "label-number", "duplicate-ids", "nan-infinity",
              "huge-integer"}
    assert wanted <= families, sorted(wanted - families)
    expects = {entry.expect for entry in for_format(fmt)}
    assert expects == {"ok", "error"}


def test_every_target_is_fed():
    for target in TARGETS:
        assert any(target in targets_for(entry) for entry in CORPUS), target.name


def test_payloads_are_in_the_corpus():
    assert sum(PAYLOAD.encode() in entry.data for entry in CORPUS) >= 10


# ------------------------------------------------------------------ the matrix


@pytest.mark.parametrize("entry", CORPUS, ids=IDS)
def test_loaders(entry, workdir):
    problems = [f"{target.name}: {problem}" for target in targets_for(entry, "loader")
                for problem in judge(entry, target, target.run(entry, workdir))]
    assert not problems, "\n".join(problems)


def _command_entries() -> list:
    """Every entry but the generated wrong-type variants, of which the first for each field: the
    commands read through the loaders tested above with all of them (tools/bad_input_report.py runs
    every entry through every command)."""
    chosen, fields = [], set()
    for entry in CORPUS:
        if not targets_for(entry, "cli"):
            continue
        if entry.family == "wrong-type" and entry.generated:
            field = entry.name.rsplit("__", 1)[0]
            if field in fields:
                continue
            fields.add(field)
        chosen.append(entry)
    return chosen


CLI_ENTRIES = _command_entries()


@pytest.mark.parametrize("entry", CLI_ENTRIES, ids=[entry.name for entry in CLI_ENTRIES])
def test_commands(entry, workdir):
    problems = [f"{target.name}: {problem}" for target in targets_for(entry, "cli")
                for problem in judge(entry, target, target.run(entry, workdir))]
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ bugs the corpus found


def test_messages_stay_on_one_line_and_short():
    error = InputError("expected true, false or null, got \"yes\nno\r\n\u2028\x1b[2J\"", "claims[0]", "a.json")
    assert "\n" not in error.message and "\r" not in error.message and "\x1b" not in error.message
    assert error.message == 'a.json: claims[0]: expected true, false or null, got "yes\\nno\\r\\n\\u2028\\x1b[2J"'
    long = InputError(f"expected an ISO 8601 time, got '{'9' * 1_000_000}'", "revisions[0].time", "d.json")
    assert len(long.problem) <= MAX_PART_CHARS
    assert long.problem.startswith("expected an ISO 8601 time, got '999")
    assert "characters left out" in long.problem and long.problem.endswith("999'")
    assert long.located("e.json").problem == long.problem  # shortening is stable
    assert InputError("short", "where").nested("cases[1]").message == "cases[1].where: short"


def test_a_number_beyond_the_digit_limit_names_its_line():
    from uncase_core.shared.jsonfiles import parse_document

    text = '{"id": "' + "9" * 5000 + '",\n "n": ' + "9" * 5000 + "}"  # the digits in the string are fine
    with pytest.raises(InputError, match=r"^line 2: unreadable value: a number with 5,000 digits \(at most 4,300"):
        parse_document(text)  # said "...; use sys.set_int_max_str_digits() to increase the limit", no line
    with pytest.raises(InputError, match=r"^line 3: unreadable value: a number with 4,400 digits"):
        parse_document('{"a": 1}\n\n{"b": -' + "1" * 4400 + "}\n")


def test_holistic_huge_integer_score_is_bad_input():
    data = b'{"candidate": "A", "judge": "J", "score": ' + b"9" * 400 + b"}\n"
    with pytest.raises(InputError, match=r"^h\.jsonl: line 1: score: expected a number, got 9{20}"):
        read_holistic(data, "h.jsonl")  # was OverflowError


def test_holistic_csv_header_over_the_field_limit():
    with pytest.raises(InputError, match=r"^h\.csv: line 1: unreadable CSV: field larger than field limit"):
        read_holistic(b"candidate,judge,score," + b"x" * 200_000 + b"\nA,J,1,2\n", "h.csv")  # was csv.Error


def test_holistic_csv_cell_over_the_field_limit_names_its_line():
    data = b"candidate,judge,score\nA,J,1\n" + b"x" * 200_000 + b",J,1\n"
    with pytest.raises(InputError, match=r"^h\.csv: line 3: unreadable CSV"):
        read_holistic(data, "h.csv")


def test_holistic_row_with_more_cells_than_the_header():
    with pytest.raises(InputError, match=r"^h\.csv: line 3: more cells than header columns$"):
        read_holistic(b"candidate,judge,score\nA,J,1\nB,J,2,9\n", "h.csv")  # the 9 was dropped silently
    frame = read_holistic(b"candidate,judge,score,note\nA,J,1,fine\n", "h.csv")  # a named extra column is fine
    assert list(frame["score"]) == [1.0]


def test_ragas_csv_header_over_the_field_limit():
    with pytest.raises(InputError, match=r"^r\.csv: line 1: unreadable CSV: field larger than field limit"):
        import_ragas_bytes(b"user_input," + b"x" * 200_000 + b"\nq,1\n", "r.csv")  # was csv.Error


def test_ragas_csv_cell_over_the_field_limit_names_its_line():
    data = b"user_input,response\nq,a\nq2," + b"x" * 200_000 + b"\n"
    with pytest.raises(InputError, match=r"^r\.csv: line 3: unreadable CSV"):  # said line 2
        import_ragas_bytes(data, "r.csv")


def test_threshold_too_large_for_a_float():
    with pytest.raises(InputError, match=r"thresholds\.rouge_l: expected a number from 0 to 1"):
        Evaluator({"rouge_l": 10**400})  # was OverflowError
    assert Evaluator({"rouge_l": 1}).thresholds["rouge_l"] == 1.0


@pytest.mark.parametrize(("content", "problem"), [
    ("[" * 100_000, "not a JSON report (nested too deeply to read)"),  # was RecursionError
    ('{"certificate_hash": ' + "9" * 5000 + "}", "not a JSON report (Exceeds the limit (4300 digits)"),  # ValueError
])
def test_verify_unreadable_report(tmp_path, capsys, content, problem):
    report = tmp_path / "report.json"
    report.write_text(content, encoding="utf-8")
    conversations = tmp_path / "c.json"
    conversations.write_bytes(next(e for e in CORPUS if e.name == "conv_valid.json").data)
    assert run(["verify", str(report), str(conversations)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"error: {report}: {problem}")


def test_pasted_block_with_a_byte_order_mark():
    block, _ = parse_judgement_block('\ufeff{"decomposition": [{"point": "p", "is_accurate": true}]}', "accuracy")
    assert block["decomposition"][0]["is_accurate"] is True  # was "neither JSON nor a Python literal"


# The coherence rules were quadratic (or worse) on long turns: a 1 MB turn never finished.
_OLD_QUANTITY = re.compile(
    r"(?P<pre>[$€£])\s?(?P<num>\d+(?:[.,]\d+)*)"
    r"|(?P<num2>\d+(?:[.,]\d+)*)\s?(?P<unit>%|€|euros?|dollars?|dólares|pesos?|reais|months?|meses|mes|years?|"
    r"años?|days?|días?|weeks?|semanas?|km|kilómetros|kilometers|miles|millas|gb|mb|hours?|horas?)(?!\w)",
    re.IGNORECASE,
)


def _old_quantities(text: str) -> list[tuple[str, str, str]]:
    """The implementation before the fix: tokenize the whole text before every amount."""
    found = []
    for match in _OLD_QUANTITY.finditer(text):
        value = match.group("num") or match.group("num2")
        unit = (match.group("pre") or match.group("unit") or "").lower()
        group = coherence._UNIT_GROUPS.get(unit, unit)
        before = [w for w in tokenize(text[: match.start()]) if w not in STOPWORDS and not w.isdigit()]
        subject = before[-1] if before else ""
        found.append((group, subject if len(before) and len(subject) > 2 else "", normalize_number(value)))
    return found


def test_quantities_are_unchanged():
    pieces = ["1", "25", "3.5", ".", ",", " ", "days", "%", "$", "€", "price", "the", "ΑΣ", "Σ", "ς", "e\u0301",
              "\u0301", "=", "\u0338", "<", ":", "'", "refund", "is", "\n", "días", "İ", "ß", "\u2126", "ﬁ", "_", "😀",
              "\u200d", "·", "’", "中", "\u1100", "\u1161", "\u3099", "٣", "months", "-", "km"]
    rng = random.Random(8)
    for _ in range(5_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        assert coherence._quantities(text) == _old_quantities(text), repr(text)
    for path in sorted(Path(__file__).resolve().parents[3].glob("assets/conversations/*/*.json")):
        for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]:
            assert coherence._quantities(turn["text"]) == _old_quantities(turn["text"]), path.name


def _tokenized_characters(monkeypatch, module, find, text: str) -> int:
    """How many characters ``find(text)`` hands to ``module.tokenize``: the work that grew with the square of the
    text's length, counted instead of timed, so that a loaded machine cannot fail the test."""
    counted = [0]
    real = module.tokenize

    def counting(part: str) -> list[str]:
        counted[0] += len(part)
        return real(part)

    with monkeypatch.context() as patch:
        patch.setattr(module, "tokenize", counting)
        find(text)
    return counted[0]


@pytest.mark.parametrize("pattern", ["4", "$5 ", "5días.", "5days😀"])
def test_quantities_take_linear_time(monkeypatch, pattern):
    """Each character is tokenized a bounded number of times (the old code tokenized the whole text before every
    amount), and the regular expressions do not backtrack: the CPU time of this process, not the wall clock."""
    text = pattern * (100_000 // len(pattern))
    start = time.process_time()
    assert _tokenized_characters(monkeypatch, coherence, coherence._quantities, text) <= 2 * len(text)
    assert time.process_time() - start < 10  # well under a second of CPU; the old code took minutes
    if pattern != "4":  # a single amount: nothing to repeat; with many, the old way counts quadratically
        short = pattern * (2_000 // len(pattern))
        old = _tokenized_characters(monkeypatch, sys.modules[__name__], _old_quantities, short)
        assert old > 50 * len(short)


def test_safe_cuts_split_tokens_exactly():
    """Every cut character: a separator, composing with nothing, not case-ignorable (see coherence.py)."""
    pairs = []  # canonical decompositions into two characters: what NFC composes
    for code in range(0x110000):
        decomposition = unicodedata.decomposition(chr(code))
        if decomposition and not decomposition.startswith("<") and len(decomposition.split()) == 2:
            pairs.append(tuple(chr(int(part, 16)) for part in decomposition.split()))
    firsts = {first for first, _ in pairs}
    seconds = {second for _, second in pairs}

    def problems(char: str, ignorable_ok: bool = False, composing_ok: bool = False) -> list[str]:
        found = []
        if not re.fullmatch(r"[\W_]", unicodedata.normalize("NFC", char).lower()):
            found.append("word character")
        if unicodedata.combining(char) or char in seconds:
            found.append("combines with what comes before")
        if char in firsts and not composing_ok:
            found.append("composes with what follows")
        if ("AΣ" + char + "b").lower()[1] == "σ" and not ignorable_ok:  # Σ is final only if char stops the look
            found.append("case-ignorable")
        return found

    spaces = [chr(code) for code in range(0x110000) if chr(code).isspace()]
    ranges = [chr(code) for first, last in coherence._CUT_AFTER_RANGES for code in range(first, last + 1)]
    bad = {char: problems(char) for char in [*coherence._CUT_AFTER, *spaces, *ranges] if problems(char)}
    bad |= {char: problems(char, ignorable_ok=True) for char in coherence._CUT_AFTER_UNLESS_SIGMA
            if problems(char, ignorable_ok=True)}
    bad |= {char: problems(char, composing_ok=True) for char in coherence._CUT_AFTER_UNLESS_OVERLAY
            if problems(char, composing_ok=True)}
    assert not bad
    assert {second for first, second in pairs if first in coherence._CUT_AFTER_UNLESS_OVERLAY} == {"\u0338"}
