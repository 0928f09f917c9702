import { describe, expect, it } from 'vitest';
import { highlightTerms, toTsquery, toTsvectorLiteral } from './bigram.js';

describe('toTsvectorLiteral', () => {
  it('indexes bigrams at character positions and the last character alone, with weights', () => {
    expect(toTsvectorLiteral([{ text: '充电桩', weight: 'A' }])).toBe("'充电':1A '电桩':2A '桩':3A");
    expect(toTsvectorLiteral([{ text: '路', weight: 'C' }])).toBe("'路':1C");
  });

  it('keeps latin words whole, lower-cased, and separates fields', () => {
    const v = toTsvectorLiteral([
      { text: 'G60 高速', weight: 'A' },
      { text: '路况', weight: 'D' },
    ]);
    expect(v).toContain("'g60':1A");
    expect(v).toContain("'高速':3A");
    expect(v).toMatch(/'路况':\d+D/);
  });

  it('ignores punctuation and empty fields', () => {
    expect(
      toTsvectorLiteral([
        { text: '“，”', weight: 'A' },
        { text: null, weight: 'D' },
      ]),
    ).toBe('');
  });
});

describe('toTsquery', () => {
  it('makes a phrase of bigrams for a Chinese word', () => {
    expect(toTsquery('充电桩')).toBe("('充电' <-> '电桩')");
    expect(toTsquery('交通')).toBe("'交通'");
    expect(toTsquery('路')).toBe("'路':*");
  });

  it('ANDs space-separated terms and drops what is not searchable', () => {
    expect(toTsquery('公交  站点')).toBe("'公交' & '站点'");
    expect(toTsquery("'; drop table --")).toBe("'drop' & 'table'");
    expect(toTsquery('  ，。 ')).toBeNull();
  });

  it('lists highlight terms longest first', () => {
    expect(highlightTerms('站 公交站点')).toEqual(['公交站点', '站']);
  });
});
