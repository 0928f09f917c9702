import { describe, expect, it } from 'vitest';
import { escapeHtml, richTextToPlain, sanitizeRichText } from './html.js';

describe('sanitizeRichText', () => {
  it('keeps common formatting, lists, headings and tables', () => {
    const html =
      '<h2>标题</h2><p><b>粗</b><strong>强</strong><i>斜</i><em>强调</em><u>下划线</u></p><ul><li>一</li></ul><ol><li>二</li></ol><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>正文</p>', '<p>正文</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">点</p>', '<p>点</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<svg onload=alert(1)><circle/></svg>文本', '文本'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<object data="evil.swf"></object><embed src="evil.swf">', ''],
    ['<style>body{display:none}</style><p style="color:red">红</p>', '<p>红</p>'],
    ['<a href="javascript:alert(1)">链</a>', '<a>链</a>'],
    ['<a href="JaVaScRiPt:alert(1)">链</a>', '<a>链</a>'],
    ['<a href="&#106;avascript:alert(1)">链</a>', '<a>链</a>'],
    ['<a href="java\tscript:alert(1)">链</a>', '<a>链</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">链</a>', '<a>链</a>'],
    ['<a href="//evil.example/x">链</a>', '<a>链</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<form action="https://evil"><input value="x"><button>提交</button></form>', '提交'],
    ['<p>a</p><base href="https://evil/"><meta http-equiv="refresh" content="0;url=https://evil">', '<p>a</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<table></table>'],
  ])('removes the attack in %s', (dirty, clean) => {
    const out = sanitizeRichText(dirty);
    expect(out).toBe(clean);
    expect(out).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<object|<style/i);
  });

  it('keeps http, https, mailto and relative links, and closes the opener of new tabs', () => {
    expect(sanitizeRichText('<a href="https://data.example/x">甲</a>')).toBe('<a href="https://data.example/x">甲</a>');
    expect(sanitizeRichText('<a href="mailto:open@example.cn">乙</a>')).toBe('<a href="mailto:open@example.cn">乙</a>');
    expect(sanitizeRichText('<a href="/catalogue/datacatalogue">丙</a>')).toBe(
      '<a href="/catalogue/datacatalogue">丙</a>',
    );
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">丁</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">丁</a>',
    );
  });

  it('keeps images from http(s) and relative sources', () => {
    expect(sanitizeRichText('<img src="https://img.example/a.png" alt="图">')).toBe(
      '<img src="https://img.example/a.png" alt="图" />',
    );
    expect(sanitizeRichText('<img src="/dtwave-om/files/a.png">')).toBe('<img src="/dtwave-om/files/a.png" />');
  });

  it('keeps text with entities as text', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; “引号”</p>')).toBe('<p>1 &lt; 2 &amp; “引号”</p>');
  });
});

describe('escapeHtml', () => {
  it('escapes every special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('richTextToPlain', () => {
  it('reads the words: tags become spaces, entities characters, whitespace one space', () => {
    expect(richTextToPlain('<p>已核实&nbsp;并更正</p><ul><li>站点&amp;线路</li></ul>  <b>&lt;3&gt;</b>')).toBe(
      '已核实 并更正 站点&线路 <3>',
    );
    expect(richTextToPlain(null)).toBe('');
  });
});
