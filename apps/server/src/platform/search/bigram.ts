/**
 * Chinese full-text search over overlapping character bigrams (ARCHITECTURE.md, Search row).
 * Word segmenters cut 充电桩 differently from how people type it; overlapping bigrams match any
 * substring, and behave the same in PGlite and PostgreSQL with the built-in 'simple' configuration.
 *
 * Each character position holds the bigram that starts there; the last character of a run holds
 * itself as a unigram. A one-character query is then a prefix query ('路':*) that finds the
 * character anywhere, without storing every character a second time: vectors stay about half
 * the size, small enough to live in the table row rather than in TOAST, which is what makes
 * ranking and phrase rechecks cheap.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
/** Positions are capped by PostgreSQL at 16383; a gap keeps phrases from spanning two fields. */
const MAX_POSITION = 16_000;
const FIELD_GAP = 8;

function runs(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(RUN) ?? [];
}

export type Weight = 'A' | 'B' | 'C' | 'D';

/**
 * Builds a tsvector literal from weighted fields: every adjacent CJK pair (bigram) at the position
 * of its first character, the last character of each run as a unigram; latin words and numbers as
 * whole tokens.
 */
export function toTsvectorLiteral(fields: { text: string | null | undefined; weight: Weight }[]): string {
  const positions = new Map<string, string[]>();
  const add = (token: string, pos: number, weight: Weight) => {
    const list = positions.get(token) ?? [];
    if (list.length < 256) list.push(`${pos}${weight}`);
    positions.set(token, list);
  };
  let pos = 1;
  for (const field of fields) {
    for (const run of runs(field.text ?? '')) {
      if (pos > MAX_POSITION) break;
      if (CJK.test(run[0])) {
        const chars = [...run];
        chars.forEach((ch, i) => {
          const p = pos + i;
          if (p > MAX_POSITION) return;
          add(i + 1 < chars.length ? ch + chars[i + 1] : ch, p, field.weight);
        });
        pos += chars.length + 1;
      } else {
        add(run, pos, field.weight);
        pos += 2;
      }
    }
    pos += FIELD_GAP;
  }
  return [...positions].map(([token, list]) => `'${token}':${list.join(',')}`).join(' ');
}

/**
 * Turns what a user typed into a tsquery: space-separated terms are AND-ed; a CJK run becomes its
 * bigrams as a phrase; a single character becomes a prefix query (any bigram it starts, or itself at
 * the end of a run); latin words must match whole. Returns null when nothing searchable is left.
 */
export function toTsquery(input: string): string | null {
  const parts: string[] = [];
  for (const term of input.split(/\s+/).filter(Boolean).slice(0, 8)) {
    for (const run of runs(term)) {
      if (CJK.test(run[0])) {
        const chars = [...run].slice(0, 32);
        if (chars.length === 1) parts.push(`'${chars[0]}':*`);
        else {
          const grams = chars.slice(0, -1).map((ch, i) => `'${ch}${chars[i + 1]}'`);
          parts.push(grams.length === 1 ? grams[0] : `(${grams.join(' <-> ')})`);
        }
      } else {
        parts.push(`'${run.slice(0, 64)}'`);
      }
    }
  }
  return parts.length ? parts.join(' & ') : null;
}

/** The substrings to highlight for a query: each term's searchable runs, longest first. */
export function highlightTerms(input: string): string[] {
  const terms = new Set<string>();
  for (const term of input.split(/\s+/).filter(Boolean)) for (const run of runs(term)) terms.add(run);
  return [...terms].sort((a, b) => b.length - a.length);
}
