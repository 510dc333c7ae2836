"""Other tools' formats on the pages: their names in every catalogue and the download menu, read from the format
records (uncase_core/rag/tools.py)."""

from __future__ import annotations

from uncase_core.rag import tools


def test_every_format_has_its_names_in_every_catalogue_and_offers_kinds_it_writes():
    from ui.i18n import CATALOGUES

    for language, catalogue in CATALOGUES.items():
        for name, tool in tools.TOOLS.items():
            assert f"rag.import.format.{name}" in catalogue, (language, name)
            assert (f"rag.export.tool.{name}" in catalogue) == tool.writes, (language, name)
    for tool in tools.TOOLS.values():
        assert set(tool.offered) <= set(tool.kinds)


def test_the_pages_download_menu_is_read_from_the_records():
    from ui.widgets.tool_downloads import TARGETS

    offered = {(tool.name, kind) for tool in tools.TOOLS.values() for kind in tool.offered}
    assert {(t.label.removeprefix("rag.export.tool."), t.kind) for t in TARGETS.values() if t.kind} == offered


def test_every_upload_box_of_rag_cases_takes_every_kind_a_format_is_written_as():
    from ui.widgets.tool_uploads import UPLOAD_TYPES

    assert {kind for tool in tools.TOOLS.values() for kind in tool.kinds} <= set(UPLOAD_TYPES)
    assert {"json", "jsonl", "csv", "tsv"} <= set(UPLOAD_TYPES)  # our own case files
