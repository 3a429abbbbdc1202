import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assemblePage, type ManifestChunk } from '../../../src/server/http/first-screen';

// The page a first visit gets (src/server/http/first-screen.ts): index.html as Vite writes it, with the
// drawn screen and its data, the inline sheets and the boot script, whatever characters the screen's
// text holds.

const TEMPLATE = `<!doctype html>
<html lang="ru">
  <head>
    <title>Экскурсии по Крыму</title>
    <script type="module" crossorigin src="/assets/index-AbC1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-XyZ2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Css3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index-AbC1.js', css: ['assets/index-Css3.css'] },
  'src/client/app/ssr/boot.ts': { file: 'assets/boot-Boo4.js' },
};

/** The files of the sheets the page has inline. */
const SHEET_FILES = ['assets/index-Css3.css', 'assets/Page-Css6.css', 'assets/index-Css3.css'];

/** A drawn screen and the data it was drawn from. */
const drawn = (html: string, data: unknown = { now: 0 }) => ({ html, data: JSON.stringify(data) });

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('assemblePage', () => {
  it('draws the screen into the root with its data, inlines the sheets and boots the app after the paint', () => {
    const sheets = ['.a{color:red}', '.b{display:none}'];
    const page = assemblePage(TEMPLATE, MANIFEST, drawn('<main>Экскурсии</main>'), sheets, SHEET_FILES);
    expect(page.html).toContain(
      '<div id="root"><main>Экскурсии</main></div><script type="application/json" id="first-screen-data">{"now":0}</script>',
    );
    expect(page.html).toContain('<html lang="ru" class="handoff">');
    expect(page.html).toContain('<style>.a{color:red}</style><style>.b{display:none}</style></head>');
    expect(page.html).not.toContain('rel="stylesheet"');
    expect(page.html).not.toContain('modulepreload');
    expect(page.html).toContain('<meta name="app-entry" content="/assets/index-AbC1.js">');
    expect(page.html).toContain('<script type="module" crossorigin src="/assets/boot-Boo4.js"></script>');
    expect(page.html).not.toContain('src="/assets/index-AbC1.js"');
    expect(page.styleHashes).toEqual(sheets.map(sha));
  });

  it('lists the inline sheets for the boot script, each once', () => {
    const page = assemblePage(TEMPLATE, MANIFEST, drawn('<main>Экскурсии</main>'), [], SHEET_FILES);
    const listed = /<meta name="app-inline-sheets" content="([^"]*)">/.exec(page.html)?.[1]?.split(' ');
    expect(listed).toEqual(['/assets/index-Css3.css', '/assets/Page-Css6.css']);
  });

  it("keeps $ patterns in the screen's text as text", () => {
    const screen = "<h1>Скидка $&amp; $' $` $$ $1</h1>";
    const page = assemblePage(TEMPLATE, MANIFEST, drawn(screen), ['.c{content:"$&"}'], SHEET_FILES);
    expect(page.html).toContain(`<div id="root">${screen}</div>`);
    expect(page.html).toContain('<style>.c{content:"$&"}</style>');
    expect(page.html.match(/<div id="root"/g)).toHaveLength(1);
  });

  it("keeps the data's text inside its script element, and JSON.parse reads it back as it was", () => {
    const data = { now: 1, title: '</script><script>alert(1)</script><!-- $& ' };
    const page = assemblePage(TEMPLATE, MANIFEST, drawn('<p>x</p>', data), [], SHEET_FILES);
    const text = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(
      page.html,
    )?.[1];
    expect(text).not.toContain('<');
    expect(JSON.parse(text ?? '')).toEqual(data);
    expect(page.html.match(/<script/g)).toHaveLength(2);
  });

  it('leaves the entry script as it is when the build has no boot script', () => {
    const page = assemblePage(
      TEMPLATE,
      { 'index.html': MANIFEST['index.html']! },
      drawn('<p>x</p>'),
      [],
      SHEET_FILES,
    );
    expect(page.html).toContain('<script type="module" crossorigin src="/assets/index-AbC1.js"></script>');
    expect(page.html).toContain('modulepreload');
    expect(page.html).not.toContain('app-inline-sheets');
    expect(page.styleHashes).toEqual([]);
  });
});
