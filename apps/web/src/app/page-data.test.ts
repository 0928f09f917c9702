import { PAGE_DATA_ELEMENT_ID } from '@odp/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedPageData, takeSeeded } from './page-data';

const pageWith = (content: string) => {
  const doc = document.implementation.createHTMLDocument('页面');
  const script = doc.createElement('script');
  script.id = PAGE_DATA_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = content;
  doc.head.append(script);
  return doc;
};

describe('seedPageData', () => {
  it('puts each answer under its key and removes the element', () => {
    const client = new QueryClient();
    const doc = pageWith(JSON.stringify([{ key: ['portal', 'pictures'], data: [{ id: 'p1', title: '滨江夜景' }] }]));
    seedPageData(client, doc);
    expect(client.getQueryData(['portal', 'pictures'])).toEqual([{ id: 'p1', title: '滨江夜景' }]);
    expect(doc.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();
  });

  it('ignores content it cannot read, leaving the cache empty', () => {
    for (const content of ['{not json', '{"key":["a"],"data":1}', '[{"key":"a","data":1}]', '']) {
      const client = new QueryClient();
      seedPageData(client, pageWith(content));
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });

  it('tells once that an answer came with the page (a view its server already counted)', () => {
    const key = ['market', 'detail', 'e1', 'guest'];
    seedPageData(new QueryClient(), pageWith(JSON.stringify([{ key, data: { id: 'e1' } }])));
    expect(takeSeeded(['market', 'detail', 'e2', 'guest'])).toBe(false);
    expect(takeSeeded(key)).toBe(true);
    expect(takeSeeded(key)).toBe(false);
  });
});
