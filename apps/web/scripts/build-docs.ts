/**
 * Prints the footer documents (docs-src/*.html) to A4 PDFs in public/docs with the system Chromium.
 * The PDFs are committed, so a fresh start needs no browser; run this after editing a source:
 *
 *   node --import tsx apps/web/scripts/build-docs.ts
 *
 * CHROMIUM_PATH overrides the browser (default /usr/bin/chromium). Chinese text needs a CJK font
 * on the machine (Debian: fonts-noto-cjk).
 */
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const DOCS = ['open-agreement', 'user-manual', 'copyright', 'privacy'] as const;

const sourceDir = fileURLToPath(new URL('../docs-src/', import.meta.url));
const outputDir = fileURLToPath(new URL('../public/docs/', import.meta.url));

// Header and footer templates are rendered outside the page, so they carry their own font and size.
const chrome = (content: string) =>
  `<div style="width:100%;padding:0 20mm;font-family:'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif;font-size:8pt;color:#8c8c8c;display:flex;justify-content:space-between">${content}</div>`;
const headerTemplate = chrome('<span>滨江市公共数据开放平台</span><span class="title"></span>');
const footerTemplate = chrome(
  '<span>滨江市大数据管理局</span><span>第 <span class="pageNumber"></span> 页 / 共 <span class="totalPages"></span> 页</span>',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  await mkdir(outputDir, { recursive: true });
  const page = await browser.newPage();
  for (const name of DOCS) {
    const output = `${outputDir}${name}.pdf`;
    await page.goto(pathToFileURL(`${sourceDir}${name}.html`).href, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    await page.pdf({
      path: output,
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate,
      footerTemplate,
    });
    const { size } = await stat(output);
    console.log(`${name}.pdf  ${Math.round(size / 1024)} KB`);
  }
} finally {
  await browser.close();
}
