"""Build the built-in judge set (assets/judge/<language>/<domain>.json) from a seed, and print its figures.

    .venv/bin/python tools/judge_set.py            # rewrite the files, print judge accuracy and bias
    .venv/bin/python tools/judge_set.py --check    # only say whether the files on disk are what it would write

One seeded structure (which topic, which value, which passage is outdated, which claim is
paraphrased or invented) is drawn once and rendered in English and in Spanish from the texts
in ``tools/judge_texts.py``, so both languages hold the same cases with the same reference
labels. The labels follow from the construction:

- a passage is relevant when it is about the question's topic;
- a claim is supported when a passage states it (same number for the main claim), correct
  when it agrees with the reference (the current policy value), and an invented claim is
  neither;
- a reference fact is covered when the answer states it (the main fact only with the right
  number).

Then the built-in lexical judge (``uncase_core.judge.lexical_judge``, default cut-offs) writes its
verdicts beside the labels. Its mistakes come from the text alone: a wrong number keeps the
words (judged supported, correct, covered), a paraphrase loses them (judged not), a side
passage shares few words with the question (judged not relevant).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.judge_texts import HALLUCINATIONS, TOPICS
from uncase_core.judge.lexical_judge import judge_dataset
from uncase_core.judge.report import judge_report
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_to_text
from uncase_core.rag.evaluation import METRICS

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "assets" / "judge"
LANGUAGES = ("en", "es")
DOMAINS = ("retail", "telecom", "banking", "travel")
DOMAIN_NAMES = {
    "retail": {"en": "online shop", "es": "tienda online"},
    "telecom": {"en": "mobile operator", "es": "operador móvil"},
    "banking": {"en": "bank", "es": "banco"},
    "travel": {"en": "airline", "es": "aerolínea"},
}
SEED = 17
CASES_PER_DOMAIN = 25

# How often each kind of case occurs (the mix sets the judge's accuracy and bias).
OUTDATED_PASSAGE = 0.2    # the retrieved policy states an old value
WRONG_NUMBER = 0.25       # the answer's main claim does not take the passage's number
PARAPHRASE = 0.06         # a true claim worded freely (few shared words)
SIDE_PASSAGE = 0.6        # the second passage is the topic's other policy line (else another topic)
SECOND_CLAIM_TRUE = 0.75  # the second claim restates a policy line (else an invented one)
THIRD_CLAIM_TRUE = 0.6
SAME_DOMAIN_DISTRACTOR = 0.7


def _other(rng: random.Random, values: tuple[int, ...], value: int) -> int:
    return rng.choice([v for v in values if v != value])


def _distractor(rng: random.Random, topic: dict, same_domain: bool, taken: set[str]) -> dict:
    pool = [t for t in TOPICS if t["topic"] not in taken and (t["domain"] == topic["domain"]) == same_domain]
    other = rng.choice(pool)
    taken.add(other["topic"])
    return {"kind": "distractor", "topic": other, "value": rng.choice(other["values"]),
            "secondary": rng.randrange(2)}


def draw_structure(seed: int = SEED) -> list[dict]:
    """The language-independent plan of every case, drawn from ``seed``."""
    rng = random.Random(seed)
    plans = []
    for domain in DOMAINS:
        topics = [t for t in TOPICS if t["domain"] == domain]
        for number in range(1, CASES_PER_DOMAIN + 1):
            topic = topics[(number - 1) % len(topics)]
            current = rng.choice(topic["values"])
            passage_value = _other(rng, topic["values"], current) if rng.random() < OUTDATED_PASSAGE else current
            claim_value = passage_value if rng.random() >= WRONG_NUMBER else _other(rng, topic["values"],
                                                                                    passage_value)
            taken = {topic["topic"]}
            passages = [{"kind": "main", "topic": topic, "value": passage_value}]
            if rng.random() < SIDE_PASSAGE:
                passages.append({"kind": "side", "topic": topic})
            else:
                passages.append(_distractor(rng, topic, True, taken))
            passages.append(_distractor(rng, topic, rng.random() < SAME_DOMAIN_DISTRACTOR, taken))
            rng.shuffle(passages)
            invented = rng.sample(range(len(HALLUCINATIONS[domain])), 2)
            claims = [{"kind": "main", "value": claim_value, "wording": "para" if rng.random() < PARAPHRASE
                       else "close"}]
            for index, chance in ((0, SECOND_CLAIM_TRUE), (1, THIRD_CLAIM_TRUE)):
                if rng.random() < chance:
                    claims.append({"kind": "secondary", "index": index,
                                   "wording": "para" if rng.random() < PARAPHRASE else "close"})
                else:
                    claims.append({"kind": "invented", "index": invented[index]})
            plans.append({"id": f"{domain}-{number:02d}", "domain": domain, "topic": topic, "current": current,
                          "question": rng.randrange(2), "passages": passages, "claims": claims})
    return plans


def _passage_text(passage: dict, language: str) -> str:
    topic = passage["topic"]
    if passage["kind"] == "side":
        return topic["secondary"][1]["fact"][language]
    secondary = topic["secondary"][0 if passage["kind"] == "main" else passage["secondary"]]["fact"][language]
    return f"{topic['main']['fact'][language].format(v=passage['value'])} {secondary}"


def render(plan: dict, language: str) -> dict:
    """One case of the plan in ``language``, with its reference labels."""
    topic, current = plan["topic"], plan["current"]
    main_passage = next(p for p in plan["passages"] if p["kind"] == "main")
    has_side = any(p["kind"] == "side" for p in plan["passages"])
    passages = [{"id": f"p{i}", "text": _passage_text(p, language), "relevant": p["kind"] in ("main", "side")}
                for i, p in enumerate(plan["passages"], start=1)]
    claims, covered = [], [False, False, False]
    for i, claim in enumerate(plan["claims"], start=1):
        if claim["kind"] == "main":
            text = topic["main"][claim["wording"]][language].format(v=claim["value"])
            supported, correct = claim["value"] == main_passage["value"], claim["value"] == current
            covered[0] = correct
        elif claim["kind"] == "secondary":
            text = topic["secondary"][claim["index"]][claim["wording"]][language]
            supported, correct = claim["index"] == 0 or has_side, True
            covered[1 + claim["index"]] = True
        else:
            text = HALLUCINATIONS[plan["domain"]][claim["index"]][language]
            supported = correct = False
        claims.append({"id": f"c{i}", "text": text, "supported": supported, "correct": correct})
    facts = [topic["main"]["fact"][language].format(v=current),
             topic["secondary"][0]["fact"][language], topic["secondary"][1]["fact"][language]]
    return {
        "id": plan["id"],
        "question": topic["questions"][language][plan["question"]],
        "passages": passages,
        "answer": " ".join(claim["text"] for claim in claims),
        "claims": claims,
        "reference_facts": [{"id": f"f{i}", "text": text, "covered": covered[i - 1]}
                            for i, text in enumerate(facts, start=1)],
        "metadata": {"language": language, "domain": plan["domain"], "topic": topic["topic"],
                     "split": "judge", "source": "synthetic"},
    }


def build(seed: int = SEED) -> dict[tuple[str, str], RagDataset]:
    """Every file's dataset, judged by the lexical judge: ``(language, domain) -> dataset``."""
    plans = draw_structure(seed)
    result = {}
    for language in LANGUAGES:
        for domain in DOMAINS:
            cases = tuple(case_from_dict(render(plan, language)) for plan in plans if plan["domain"] == domain)
            extra = {"name": {"en": f"Judge set: {DOMAIN_NAMES[domain]['en']}",
                              "es": f"Conjunto del juez: {DOMAIN_NAMES[domain]['es']}"}[language],
                     "generated_by": f"tools/judge_set.py (seed {seed})",
                     "labels": "reference (hand) labels by construction; judge_* fields by the built-in lexical "
                               "judge with its default cut-offs"}
            result[language, domain] = judge_dataset(RagDataset(cases, "object", extra))
    return result


def path_of(language: str, domain: str) -> Path:
    return OUTPUT / language / f"{domain}.json"


def figures(datasets: dict[tuple[str, str], RagDataset]) -> list[str]:
    lines = []
    for language in LANGUAGES:
        cases = [case for (lang, _), dataset in datasets.items() if lang == language for case in dataset.cases]
        lines.append(f"{language}: {len(cases)} cases")
        for dimension in METRICS:
            report = judge_report(cases, dimension)
            agreement = report.agreement
            lines.append(
                f"  {dimension:18s} units {report.counts['units']:3d}  human rate {agreement.human_rate:.3f}  "
                f"judge rate {agreement.judge_rate:.3f}  bias {agreement.bias.difference:+.3f}  "
                f"accuracy {agreement.accuracy.value:.3f}  kappa {agreement.kappa.kappa:.2f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    args = parser.parse_args()
    datasets = build(args.seed)
    stale = [path_of(*key) for key, dataset in datasets.items()
             if not path_of(*key).exists() or path_of(*key).read_text(encoding="utf-8") != dataset_to_text(dataset)]
    if args.check:
        print("up to date" if not stale else "differs: " + ", ".join(str(p.relative_to(ROOT)) for p in stale))
        raise SystemExit(1 if stale else 0)
    for (language, domain), dataset in datasets.items():
        path = path_of(language, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dataset_to_text(dataset), encoding="utf-8")
    print("\n".join(figures(datasets)))
    print(json.dumps({"written": len(datasets), "seed": args.seed}))


if __name__ == "__main__":
    main()
