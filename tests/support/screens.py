"""What the screenshots, the accessibility report and the accessibility test share: waiting until a page has
settled, and the workshop room's screens (a room made from a workspace, joined from a second browser)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ui.i18n import translate


def settle(page, drawn: str = '[data-testid="stMain"] h1') -> None:
    """Wait until Streamlit has drawn the page (``drawn``, its title, is there), finished running, loaded every
    widget's code, and stopped moving."""
    page.wait_for_selector(drawn, state="visible", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stSkeleton\"]')", timeout=60_000)
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_timeout(1500)


def open_in_language(browser: Any, base: str, lang: str, width: int, height: int = 900) -> tuple[Any, Any, str]:
    """A new browser context in ``lang``'s locale at ``width`` px, its page on home in that language, settled:
    (context, page, the workspace token the page opened), for a tour of every page in that workspace."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="es-ES" if lang == "es" else "en-US")
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    settle(page)
    return context, page, page.url.split("w=")[-1].split("&")[0]


LESSON_PANEL = ".st-key-lesson_side, .st-key-lesson_top"  # the lesson panel's two places (ui.views.lessons.panel)


def start_lesson_1(page: Any, base: str, token: str, lang: str) -> None:
    """Home's "Start lesson 1" in the workspace ``token``: the RAG page opens with the lesson's panel beside it (in the
    sidebar) or above it (on a phone)."""
    page.goto(f"{base}/?w={token}")
    settle(page)
    page.get_by_role("button", name=translate(lang, "home.start_button")).click()
    page.wait_for_url(re.compile(r"/rag_diagnosis"), timeout=60_000)
    page.locator(LESSON_PANEL).locator("visible=true").first.wait_for(timeout=60_000)
    settle(page)


PROJECTOR_DRAWN = ".st-key-proj_code"


def room_screens(browser: Any, page: Any, base: str, token: str,
                 lang: str) -> dict[str, tuple[str, str, Callable | None]]:
    """Make a room from ``page``'s workspace and join it from a second browser; returns each room screen's name,
    address, what shows it is drawn, and what to do before it is looked at (open the Participants box)."""
    t = lambda key: translate(lang, key)  # noqa: E731
    page.goto(f"{base}/workshop_room?w={token}")
    settle(page)
    page.get_by_role("button", name=t("room.create")).click()
    page.wait_for_url(re.compile(r"room=[A-Z0-9]{6}"), timeout=60_000)
    settle(page)
    facilitator = page.url
    code = re.search(r"room=([A-Z0-9]{6})", facilitator).group(1)
    page.get_by_text(t("room.links_title")).click()
    # The link as other devices reach it (the room's own address); the path and query on this server.
    link = page.get_by_text(re.compile(r"view=")).first.inner_text().strip()
    projector = base + "/" + link.split("://", 1)[-1].split("/", 1)[1]
    guest = browser.new_context(viewport={"width": 1400, "height": 900}, locale="es-ES" if lang == "es" else "en-US")
    joining = guest.new_page()
    joining.goto(f"{base}/workshop_room?join={code}")
    settle(joining)
    joining.get_by_role("textbox", name=t("room.name")).fill("Ana")
    joining.get_by_role("button", name=t("room.join")).click()
    joining.wait_for_url(re.compile(r"/rag_diagnosis"), timeout=60_000)
    settle(joining)
    participant = joining.url
    guest.close()

    def open_members(screen: Any) -> None:
        screen.get_by_text(t("room.members_title")).click()
        screen.wait_for_timeout(800)

    return {"room-facilitator": (facilitator, '[data-testid="stMain"] h1', None),
            "room-members": (facilitator, '[data-testid="stMain"] h1', open_members),
            "room-participant": (participant, '[data-testid="stMain"] h1', None),
            "room-projector": (projector, PROJECTOR_DRAWN, None)}
