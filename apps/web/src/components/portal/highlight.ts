export type HighlightPart = { text: string; mark: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Turns the character references of escaped server text back into characters (never into markup). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Reads a highlighted snippet whose only markup is a bare `<em>…</em>`: those become marked parts and
 * everything else, any other tag included, stays text (React escapes it when rendered). Nothing is
 * ever handed to the browser as HTML.
 */
export function parseHighlight(html: string | null | undefined): HighlightPart[] {
  if (!html) return [];
  const parts: HighlightPart[] = [];
  let mark = false;
  for (const piece of html.split(/(<\/?em>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<em>') mark = true;
    else if (tag === '</em>') mark = false;
    else if (piece) {
      const text = decodeEntities(piece);
      const last = parts[parts.length - 1];
      if (last && last.mark === mark) last.text += text;
      else parts.push({ text, mark });
    }
  }
  return parts;
}
