import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlight } from './Highlight';
import { decodeEntities, parseHighlight } from './highlight';

afterEach(cleanup);

describe('parseHighlight', () => {
  it('marks the <em> parts', () => {
    expect(parseHighlight('滨江市<em>公交</em>线路<em>站点</em>')).toEqual([
      { text: '滨江市', mark: false },
      { text: '公交', mark: true },
      { text: '线路', mark: false },
      { text: '站点', mark: true },
    ]);
  });

  it('decodes the escaped characters as text', () => {
    expect(parseHighlight('A &amp; B &lt;b&gt; &#39;x&#x27;')).toEqual([{ text: "A & B <b> 'x'", mark: false }]);
    expect(decodeEntities('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('keeps every other tag as text, even an <em> with attributes', () => {
    expect(parseHighlight('<b>粗</b><em onclick="x()">a</em>')).toEqual([
      { text: '<b>粗</b><em onclick="x()">a', mark: false },
    ]);
  });

  it('is empty for nothing', () => {
    expect(parseHighlight(null)).toEqual([]);
    expect(parseHighlight('')).toEqual([]);
  });
});

describe('<Highlight>', () => {
  it('renders matches as <em> and nothing else as markup', () => {
    const { container } = render(
      <Highlight html={'<em>空气</em>质量<script>alert(1)</script><img src=x onerror=alert(1)>&lt;i&gt;'} />,
    );
    expect(container.querySelectorAll('em')).toHaveLength(1);
    expect(container.querySelector('em')?.textContent).toBe('空气');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.textContent).toBe('空气质量<script>alert(1)</script><img src=x onerror=alert(1)><i>');
  });

  it('shows the plain text when there is no highlight', () => {
    const { container } = render(<Highlight html={null} text="<b>原样</b>" />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>原样</b>');
  });
});
