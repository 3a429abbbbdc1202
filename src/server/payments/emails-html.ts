// The HTML part of the ticket e-mails: one table, inline styles only (mail clients drop <style>
// and block external resources), every text escaped, so a title like '<script>' shows as text.

export type MailBlock =
  | { kind: 'heading' | 'subheading' | 'paragraph'; text: string }
  | { kind: 'rows'; rows: [string, string][]; total?: [string, string] }
  | { kind: 'link'; text: string; href: string };

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2933;';
const CELL = `${FONT}padding:4px 0;font-size:14px;vertical-align:top;`;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) links become hrefs: anything else (javascript:) is dropped to the bare text. */
function safeHref(href: string): string | null {
  return /^https?:\/\//i.test(href) ? escapeHtml(href) : null;
}

export function htmlRows(blocks: MailBlock[]): string {
  return blocks.map(blockHtml).join('\n');
}

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return fullRow(`<h1 style="${FONT}font-size:20px;margin:0 0 8px;">${escapeHtml(block.text)}</h1>`);
    case 'subheading':
      return fullRow(`<h2 style="${FONT}font-size:16px;margin:16px 0 4px;">${escapeHtml(block.text)}</h2>`);
    case 'paragraph':
      return fullRow(`<p style="${FONT}font-size:14px;margin:4px 0;">${escapeHtml(block.text)}</p>`);
    case 'rows': {
      const rows = block.rows.map(([label, value]) => pairRow(label, value, false));
      if (block.total) rows.push(pairRow(block.total[0], block.total[1], true));
      return rows.join('\n');
    }
    case 'link': {
      const href = safeHref(block.href);
      const text = escapeHtml(block.text);
      return fullRow(
        href
          ? `<p style="${FONT}margin:16px 0;"><a href="${href}" style="display:inline-block;padding:10px 16px;background:#0b6bcb;color:#ffffff;text-decoration:none;border-radius:4px;font-size:14px;">${text}</a></p>`
          : `<p style="${FONT}font-size:14px;">${text}: ${escapeHtml(block.href)}</p>`,
      );
    }
  }
}

function fullRow(inner: string): string {
  return `<tr><td colspan="2" style="${CELL}">${inner}</td></tr>`;
}

function pairRow(label: string, value: string, strong: boolean): string {
  const border = strong ? 'border-top:1px solid #d0d7de;font-weight:bold;' : '';
  return (
    `<tr><td style="${CELL}${border}padding-right:16px;color:#52606d;">${escapeHtml(label)}</td>` +
    `<td style="${CELL}${border}text-align:right;">${escapeHtml(value)}</td></tr>`
  );
}

export function htmlDocument(title: string, rows: string): string {
  return `<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;"><tr><td align="center" style="padding:16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e4e7eb;border-radius:6px;padding:24px;">
${rows}
</table>
</td></tr></table>
</body></html>
`;
}
