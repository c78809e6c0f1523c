"""`{% tile_face "5m" %}`: a tile drawn as a small inline SVG, ours, no image from elsewhere.

A suited tile shows its number over its suit's mark (万 in red, a ring for 筒, a bamboo stick for
条); an honour shows its character (中 red, 发 green, 白 a blue frame). The drawing is 30×40 units,
legible at the 44 px of a key; the colours come from static/css/form.css (.tf), the same in a
dark theme, as real tiles are ivory.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

HONOURS = {"1z": "东", "2z": "南", "3z": "西", "4z": "北", "5z": "", "6z": "发", "7z": "中"}
HONOUR_CLASS = {"6z": "g", "7z": "r"}
SUIT_MARKS = {
    "m": '<text class="r" x="15" y="35">万</text>',
    "p": '<circle class="p" cx="15" cy="28" r="6"/><circle cx="15" cy="28" r="2"/>',
    "s": '<path class="s" d="M12 22h6v14h-6zM12 29h6"/>',
}
WHITE_DRAGON = '<rect class="w" x="8" y="9" width="14" height="22" rx="2"/>'
# The tile's body is drawn once per page ({% tile_body %}) and used by every face.
BODY = '<use href="#tf-body"/>'
BODY_DEFINITION = (
    '<svg class="tf-defs" width="0" height="0" aria-hidden="true">'
    '<rect id="tf-body" x=".5" y=".5" width="29" height="39" rx="4" fill="#fbf8ef" stroke="#a9a290"/></svg>'
)


def face_svg(face: str) -> SafeString:
    """The SVG of one tile face in RULES.md §0.3 notation; an unknown face draws as its text."""
    if face in HONOURS:
        inner = (
            mark_safe(WHITE_DRAGON)
            if face == "5z"
            else format_html('<text class="h {}" x="15" y="27">{}</text>', HONOUR_CLASS.get(face, ""), HONOURS[face])
        )
    elif len(face) == 2 and face[0] in "123456789" and face[1] in SUIT_MARKS:
        inner = format_html('<text x="15" y="19">{}</text>', face[0]) + mark_safe(SUIT_MARKS[face[1]])
    else:
        inner = format_html('<text x="15" y="25">{}</text>', face)
    return format_html(
        '<svg class="tf" viewBox="0 0 30 40" aria-hidden="true">{}{}</svg>',
        mark_safe(BODY),
        inner,
    )


@register.simple_tag
def tile_face(face: str) -> SafeString:
    return face_svg(str(face or ""))


@register.simple_tag
def tile_body() -> SafeString:
    """The body every face uses: once on a page that shows tile faces."""
    return mark_safe(BODY_DEFINITION)
