"""Streamlit's own English words on every page, said in the reader's language.

Streamlit's frontend writes a few words itself, in English whatever the page's language, with no setting to change
them: every help icon's accessible name ("Help for <label>", what a screen reader says for each "?"), each key hint
("Shortcut F", read after the button's name), each heading's anchor ("Link to heading"), the upload box's button
("Upload"), its "2MB per file" and "Drag and drop a file here", and its hidden file input ("file upload"). A screen
reader in a Spanish class read "Help for Cobertura" on every help icon.

A small inline script (nothing is fetched) watches the page and rewords exactly those strings with the
catalogue's templates, which a hidden marker drawn by :func:`streamlit_words` carries as JSON. Each node keeps
Streamlit's English beside it (a WeakMap), so a switch of language rewords it again from the English rather
than from the previous translation, and a node Streamlit redraws with new English is reworded afresh. Only
attributes and the text of nodes Streamlit already drew are changed: no element is added to or taken from what
React manages. A label's own text (a person's words) is carried over as it is, never parsed as HTML.

The same script makes the boxes that scroll (:data:`REGIONS`) reachable by keyboard: ``tabindex="0"``,
``role="region"`` and their name from the catalogue, and sets the document's ``lang`` to the reader's language
(Streamlit leaves it at ``en``, so a screen reader read Spanish with an English voice).
"""

from __future__ import annotations

import html
import json

import streamlit as st

from ui.i18n import translate

# Streamlit's English -> the catalogue key that says it in the reader's language (and the placeholder it fills).
ARIA_LABELS = (("^Help for (.+)$", "streamlit.help_for", "label"), ("^Shortcut (.+)$", "streamlit.shortcut", "key"),
               ("^file upload$", "streamlit.file_input", ""), ("^Link to heading$", "streamlit.heading_link", ""))
UPLOAD_TEXTS = (("^Upload$", "streamlit.upload", ""), (r"^(\S+) per file$", "streamlit.per_file", "size"),
                ("^Drag and drop a file here$", "streamlit.drop_one", ""),
                ("^Drag and drop files here$", "streamlit.drop_many", ""))
# Boxes of a fixed height that scroll (st.container(height=...)): the key given to each, and the catalogue key of
# its name. Streamlit makes them scroll but not focusable, so a keyboard cannot scroll one (axe-core's
# scrollable-region-focusable); the script makes each a named region in the tab order.
REGIONS = (("sum_transcript", "sum.transcript"), ("focus_against_transcript", "focus.against.transcript"),
           ("focus_against_summary", "focus.against.summary"))
KEY = "streamlit_words"  # the hidden container (its class .st-key-streamlit_words)
STYLE = f"<style>.st-key-{KEY} {{ display: none; }}</style>"
SCRIPT = """<script>
(() => {
  if (window.__uncaseStreamlitWords) return;
  window.__uncaseStreamlitWords = true;
  const english = new WeakMap();  // node -> [Streamlit's English, what we wrote in its place]

  function words() {
    const marker = document.querySelector('[data-streamlit-words]');
    if (!marker) return null;
    try { return JSON.parse(marker.dataset.streamlitWords); } catch (error) { return null; }
  }

  function reworded(text, rules, catalogue) {
    for (const [pattern, key, name] of rules) {
      const found = text.match(new RegExp(pattern, "s"));
      const template = catalogue[key];
      if (found && typeof template === "string") {
        return name ? template.replace("{" + name + "}", () => found[1]) : template;
      }
    }
    return null;
  }

  // Streamlit's English for what a node says now: the English we replaced if the node still says our words,
  // else what Streamlit has just written there.
  function original(node, now) {
    const kept = english.get(node);
    return kept && kept[1] === now ? kept[0] : now;
  }

  function sayAgain(catalogue) {
    for (const node of document.querySelectorAll('[aria-label]')) {
      const now = node.getAttribute('aria-label');
      const source = original(node, now);
      const said = reworded(source, catalogue.aria_labels, catalogue.words);
      if (said === null) continue;
      english.set(node, [source, said]);
      if (said !== now) node.setAttribute('aria-label', said);
    }
    // The box's own words only: the names of the files in it (a person's) are outside the drop zone.
    for (const box of document.querySelectorAll('[data-testid="stFileUploaderDropzone"]')) {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const now = node.nodeValue;
        const source = original(node, now);
        const said = reworded(source, catalogue.texts, catalogue.words);
        if (said === null) continue;
        english.set(node, [source, said]);
        if (said !== now) node.nodeValue = said;
      }
    }
  }

  function regions(catalogue) {
    for (const [key, name] of catalogue.regions || []) {
      const label = catalogue.words[name];
      if (typeof label !== "string") continue;
      for (const box of document.querySelectorAll('.st-key-' + key)) {
        if (box.getAttribute('aria-label') === label) continue;
        box.setAttribute('tabindex', '0');
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', label);
      }
    }
  }

  function update() {
    const catalogue = words();
    if (!catalogue) return;
    sayAgain(catalogue);
    regions(catalogue);
    // The page's language, which Streamlit leaves at "en": a screen reader reads Spanish text with Spanish voices.
    const root = document.documentElement;
    if (catalogue.lang && root.lang !== catalogue.lang) root.lang = catalogue.lang;
  }

  new MutationObserver(update).observe(document.body, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['aria-label', 'data-streamlit-words'] });
  update();
})();
</script>"""


def words_json(lang: str) -> str:
    """The marker's data: the rules (Streamlit's English as patterns, constants) and the catalogue's templates
    in ``lang``, as JSON."""
    keys = {key for _, key, _ in ARIA_LABELS + UPLOAD_TEXTS} | {name for _, name in REGIONS}
    return json.dumps({"lang": lang, "aria_labels": ARIA_LABELS, "texts": UPLOAD_TEXTS, "regions": REGIONS,
                       "words": {key: translate(lang, key) for key in sorted(keys)}}, ensure_ascii=False)


def marker(lang: str) -> str:
    """The hidden element the script reads the words from (the JSON escaped as an attribute's value)."""
    return f'<span data-streamlit-words="{html.escape(words_json(lang), quote=True)}"></span>'


def streamlit_words(lang: str) -> None:
    """Call once a run (the frame does): Streamlit's own words on this page, in ``lang``."""
    st.html(STYLE)
    with st.container(key=KEY):
        st.html(marker(lang))
        st.html(SCRIPT, unsafe_allow_javascript=True)
