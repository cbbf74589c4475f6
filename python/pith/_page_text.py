"""All the text of a page's <body>, for pith.trafilatura.html2txt(): the
standard library's HTML tokenizer, white space collapsed, block boundaries
kept apart so that minified pages do not glue words together."""
import html.parser
from typing import List, Optional, Tuple

# Elements whose text is never page text.
_NEVER_TEXT = frozenset({"script", "style", "noscript", "template", "svg", "head", "title"})
# Left out by clean=True, as trafilatura's basic cleaning removes them.
_CLEANED = frozenset({"aside", "footer", "form", "nav", "iframe", "button", "select", "textarea"})
# Void elements have no end tag, so they never open a skipped region.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                   "track", "wbr"})


class _TextCollector(html.parser.HTMLParser):
    def __init__(self, skipped: "frozenset[str]") -> None:
        super().__init__(convert_charrefs=True)
        self.skipped = skipped
        self.skipping: Optional[str] = None
        self.depth = 0
        self.parts: List[str] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        if tag in _VOID:
            self.parts.append(" ")
        elif self.skipping == tag:
            self.depth += 1
        elif self.skipping is None and tag in self.skipped:
            self.skipping, self.depth = tag, 1
        else:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping == tag:
            self.depth -= 1
            if self.depth == 0:
                self.skipping = None
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if self.skipping is None:
            self.parts.append(data)


def page_text(page: str, clean: bool) -> str:
    collector = _TextCollector(_NEVER_TEXT | _CLEANED if clean else _NEVER_TEXT)
    collector.feed(page)
    collector.close()
    return " ".join("".join(collector.parts).split())
