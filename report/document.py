"""The report as a list of blocks (headings, paragraphs, lists, tables, images) and its two
renderings: Markdown (REPORT.md) and one self-contained HTML page (report.html: inline CSS, plots
as data: URIs, every text escaped). Both are written from the same blocks, so they say the same."""
import base64
import html
import math
import os
import re


class Heading:
    def __init__(self, level, text, anchor=""):
        self.level, self.text, self.anchor = level, text, anchor


class Paragraph:
    def __init__(self, text):
        self.text = text


class Bullets:
    def __init__(self, items):
        self.items = items


class TableBlock:
    """`divider`: the index of the first body row below the "kamp's extra rows" rule (None: no rule)."""

    def __init__(self, header, body, divider=None):
        self.header, self.body, self.divider = header, body, divider


class Image:
    def __init__(self, path, alt):
        self.path, self.alt = path, alt


class Links:
    """Links to anchors of the same page: `items` are (depth, text, anchor); depth 0 is a top item.
    `inline`: one line of links (a navigation bar) instead of a nested list (a table of contents)."""

    def __init__(self, items, inline=False):
        self.items, self.inline = items, inline


class Folded:
    """Blocks shown only on request: a summary line, then the blocks (HTML's details element, which
    Markdown renderers that take HTML show the same way)."""

    def __init__(self, summary, blocks):
        self.summary, self.blocks = summary, blocks


EXTRA_ROWS = "kamp's extra rows"


def number(x):
    """A figure as every table shows it: four significant digits; '' for none."""
    if x is None:
        return ""
    if x == 0 or not math.isfinite(x):
        return "0" if x == 0 else str(x)
    return f"{x:.4g}"


def markdown_cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(block):
    width = len(block.header)
    lines = ["| " + " | ".join(markdown_cell(h) for h in block.header) + " |", "|" + "---|" * width]
    for i, row in enumerate(block.body):
        if i == block.divider:
            lines.append(f"| *{EXTRA_ROWS}* |" + " |" * (width - 1))
        lines.append("| " + " | ".join(markdown_cell(c) for c in row) + " |")
    return "\n".join(lines)


def markdown_links(block):
    if block.inline:
        return " · ".join(f"[{text}](#{anchor})" for _, text, anchor in block.items)
    return "\n".join(f"{'  ' * depth}- [{text}](#{anchor})" for depth, text, anchor in block.items)


def to_markdown(blocks, out_dir):
    """Markdown text; images are linked by their path relative to out_dir."""
    parts = []
    for block in blocks:
        if isinstance(block, Links):
            parts.append(markdown_links(block))
        elif isinstance(block, Folded):
            parts.append(f"<details><summary>{html.escape(block.summary)}</summary>\n\n"
                         + to_markdown(block.blocks, out_dir) + "\n</details>")
        elif isinstance(block, Heading):
            anchor = f'<a id="{block.anchor}"></a>\n' if block.anchor else ""
            parts.append(f"{anchor}{'#' * block.level} {block.text}")
        elif isinstance(block, Paragraph):
            parts.append(block.text)
        elif isinstance(block, Bullets):
            parts.append("\n".join(f"- {item}" for item in block.items))
        elif isinstance(block, TableBlock):
            parts.append(markdown_table(block))
        elif isinstance(block, Image):
            parts.append(f"![{block.alt}]({os.path.relpath(block.path, out_dir)})")
    return "\n\n".join(parts) + "\n"


STYLE = """body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:100em}
table{border-collapse:collapse;margin:.4em 0 1em;font-size:13px}
th,td{border:1px solid #bbb;padding:2px 6px;text-align:right;white-space:nowrap}
th{background:#eef}td:first-child,th:first-child,td.text{text-align:left}code{font-size:12px;background:#f6f6f6}
tr.divider td{background:#f4f4f4;font-style:italic;text-align:left}
h2{border-bottom:2px solid #446;margin-top:2em}h3{margin-top:1.6em}h4{margin:1em 0 .2em}
p,li{font-size:14px}img{max-width:900px;display:block;margin:.5em 0}
div.wide{overflow-x:auto;max-width:100%}nav{font-size:13px;margin:.2em 0 .6em}nav a{margin-right:.6em}
details{margin:.4em 0 1em}summary{cursor:pointer;font-size:14px}"""


CODE_SPAN = re.compile(r"`([^`]+)`")
# A cell that starts like a figure is right-aligned with the numbers; any other is text.
FIGURE = re.compile(r"^[-+]?[0-9.]|^-( |$)|^$")


def html_text(text):
    """Escaped text with Markdown's `code` spans as <code>, so both renderings show commands alike."""
    return CODE_SPAN.sub(r"<code>\1</code>", html.escape(str(text)))


def html_cell(text):
    css = "" if FIGURE.match(str(text)) else ' class="text"'
    return f"<td{css}>{html_text(text)}</td>"


def html_table(block):
    out = ['<div class="wide"><table><tr>' + "".join(f"<th>{html.escape(str(h))}</th>" for h in block.header) + "</tr>"]
    for i, row in enumerate(block.body):
        if i == block.divider:
            out.append(f'<tr class="divider"><td colspan="{len(block.header)}">{html.escape(EXTRA_ROWS)}</td></tr>')
        out.append("<tr>" + "".join(html_cell(c) for c in row) + "</tr>")
    return "\n".join(out) + "</table></div>"


def data_uri(path):
    with open(path, "rb") as fh:
        return "data:image/png;base64," + base64.b64encode(fh.read()).decode("ascii")


def html_links(block):
    links = [f'<a href="#{html.escape(anchor)}">{html.escape(text)}</a>' for _, text, anchor in block.items]
    if block.inline:
        return "<nav>" + "".join(links) + "</nav>"
    return "<nav><ul>" + "".join(f'<li style="margin-left:{1.2 * depth}em">{link}</li>'
                                 for (depth, _, _), link in zip(block.items, links)) + "</ul></nav>"


def html_blocks(blocks):
    parts = []
    for block in blocks:
        if isinstance(block, Links):
            parts.append(html_links(block))
        elif isinstance(block, Folded):
            parts.append(f"<details><summary>{html.escape(block.summary)}</summary>"
                         + "\n".join(html_blocks(block.blocks)) + "</details>")
        elif isinstance(block, Heading):
            anchor = f' id="{html.escape(block.anchor)}"' if block.anchor else ""
            parts.append(f"<h{block.level}{anchor}>{html.escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            parts.append(f"<p>{html_text(block.text)}</p>")
        elif isinstance(block, Bullets):
            parts.append("<ul>" + "".join(f"<li>{html_text(item)}</li>" for item in block.items) + "</ul>")
        elif isinstance(block, TableBlock):
            parts.append(html_table(block))
        elif isinstance(block, Image):
            parts.append(f'<img alt="{html.escape(block.alt)}" src="{data_uri(block.path)}">')
    return parts


def to_html(blocks, title):
    """One page with nothing outside it: styles inline, plots embedded as data: URIs."""
    return "\n".join([f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
                      f"<style>{STYLE}</style></head><body>"] + html_blocks(blocks) + ["</body></html>"]) + "\n"
