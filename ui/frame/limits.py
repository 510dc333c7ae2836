"""Workshop-sized limits: how large a file each upload takes, and how many items a page handles live.

Thirty people share one 2-core server, and every label change reruns the page over the
whole dataset; past these sizes a page would stall for everyone. The command line has no
such limits, so the refusal message names the command to use instead. The refusals are
coded :class:`~uncase_core.errors.InputError` s, shown in the reader's language by
:func:`ui.frame.input_errors.error_text` as the core's are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ui.frame.input_errors import page_error
from ui.frame.state import get_store
from uncase_core.errors import InputError
from uncase_core.shared.limits import ReadLimit


@dataclass(frozen=True)
class PageLimit:
    upload_mb: int  # per-widget cap, at most the server-wide ui.frame.upload_guard.SERVER_MAX_UPLOAD_MB
    max_items: int  # cases, conversations or verdict rows the page takes interactively
    command: str  # what to run instead for larger files

    @property
    def upload_bytes(self) -> int:
        return self.upload_mb * 1024 * 1024


LIMITS: Mapping[str, PageLimit] = MappingProxyType({
    "rag": PageLimit(2, 2_000, "python -m uncase_core rag FILE"),
    "conversations": PageLimit(2, 500, "python -m uncase_core conversations FILE --certify"),
    "summaries": PageLimit(2, 500, "python -m uncase_core summaries FILE"),
    "rubrics": PageLimit(5, 2_000_000, "python -m uncase_core rubrics FILE"),
    "dataset": PageLimit(5, 5_000, "python -m uncase_core dataset FILE --strata domain --leakage"),
    "thresholds": PageLimit(5, 5_000, "python -m uncase_core thresholds FILE --metric faithfulness"),
    "agreement": PageLimit(5, 20_000, "python -m uncase_core agreement FILE_A FILE_B"),
    "judge": PageLimit(2, 2_000, "python -m uncase_core judge FILE"),
    "compare": PageLimit(2, 500, "python -m uncase_core compare FILE_A FILE_B"),  # 86-95 ms a tick at 500 (figures.md)
})


def check_size(page: str, data: bytes, name: str, command: str | None = None) -> bytes:
    """``data`` unchanged, or an InputError naming the file, the cap and the command (default: the page's)."""
    limit = LIMITS[page]
    if len(data) > limit.upload_bytes:
        raise page_error("page_file_too_large", name, size=round(len(data) / 1024 / 1024, 1), limit=limit.upload_mb,
                         command=command or limit.command)
    return data


def check_count(page: str, count: int, name: str) -> None:
    """Refuse a dataset with more items than the page handles live, naming the command to use instead."""
    limit = LIMITS[page]
    if count > limit.max_items:
        raise page_error("page_too_many_items", name, count=count, limit=limit.max_items, command=limit.command)


# The share of a workspace's cap an upload's decoded content may take: what a page reads it stores in the workspace,
# as JSON cases (keys, escapes and labels: 9.5 MB of Parquet text in 2,000 rows stored as 10.2 MB), beside what the
# workspace holds already. Half leaves room for both, and bounds the server's peak for one accepted upload
# (bench/bench_attacks.py --only accepted-uploads; docs/deploy.md).
UPLOAD_SHARE_OF_WORKSPACE = 0.5


def read_limit(page: str) -> ReadLimit:
    """What a reader of an upload on ``page`` may build: the items the page handles live, and (for a compressed
    file) decoded content up to half of what one workspace stores, since what a page reads it stores there."""
    share = int(get_store().limits.workspace_bytes * UPLOAD_SHARE_OF_WORKSPACE)
    return ReadLimit(rows=LIMITS[page].max_items, decoded_bytes=share)


def as_page_refusal(page: str, error: InputError, name: str, command: str | None = None) -> InputError:
    """``error`` as the page says it: a file of more records than the page reads (the core's ``too_many_rows``)
    becomes the page's refusal naming its command; any other error is returned as it is."""
    if error.code != "too_many_rows":
        return error
    limit = LIMITS[page]
    return page_error("page_too_many_items", name, count=int(error.params["count"]), limit=limit.max_items,
                      command=command or limit.command)
