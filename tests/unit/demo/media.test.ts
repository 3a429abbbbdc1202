// The generated artwork: ids, kinds, references from entities, SVG hygiene and size.
import { describe, expect, it } from 'vitest';
import { buildDemoCatalogue } from '../../../src/server/demo/catalogue';
import { MAX_SVG_BYTES } from '../../../src/server/demo/images';

const catalogue = buildDemoCatalogue('2025-06-10');
const media = new Map(catalogue.media.map((m) => [m.id, m]));
const MEDIA_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;

/** Tiny structural XML check: tags balance, attributes are quoted, no stray "<" or "&". */
function xmlProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    if (between.includes('<') || between.includes('>')) problems.push(`stray bracket near ${m.index}`);
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(between)) problems.push(`raw ampersand near ${m.index}`);
    last = tag.lastIndex;
    const [, closing, name = '', , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else if (!selfClosing) stack.push(name);
  }
  if (svg.slice(last).trim() !== '') problems.push('trailing text or malformed tag');
  if (stack.length > 0) problems.push(`unclosed ${stack.join(',')}`);
  return problems;
}

function referencedIds(): Array<[string, 'image' | 'app_media']> {
  const refs: Array<[string, 'image' | 'app_media']> = [];
  for (const e of catalogue.excursions)
    for (const id of [...e.images, ...e.gallery]) refs.push([id, 'image']);
  for (const p of catalogue.places) for (const id of [p.image, ...p.gallery]) refs.push([id, 'app_media']);
  for (const x of [...catalogue.cities, ...catalogue.banners, ...catalogue.specialOffers])
    refs.push([x.image, 'app_media']);
  return refs;
}

describe('demo media: references', () => {
  it('has unique, url-safe ids', () => {
    expect(media.size).toBe(catalogue.media.length);
    for (const id of media.keys()) expect(id).toMatch(MEDIA_ID);
  });

  it('contains every referenced picture with the right kind, and nothing unreferenced', () => {
    const refs = referencedIds();
    for (const [id, kind] of refs) {
      const m = media.get(id);
      expect(m, id).toBeDefined();
      expect(m?.kind, id).toBe(kind);
    }
    expect(new Set(refs.map(([id]) => id))).toEqual(new Set(media.keys()));
  });
});

describe('demo media: SVG bodies', () => {
  it('uses an XML check that actually catches broken markup', () => {
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg a=b/>')).not.toEqual([]);
    expect(xmlProblems('<svg><path d="M0 0"/></svg>')).toEqual([]);
  });

  it.each(catalogue.media.map((m) => [m.id, m] as const))('%s is a clean, light SVG', (_id, m) => {
    expect(m.contentType).toBe('image/svg+xml');
    expect(m.body.startsWith('<svg ')).toBe(true);
    expect(m.body.endsWith('</svg>')).toBe(true);
    expect(m.body).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(m.body).toContain('viewBox="0 0 1200 800"');
    expect(m.body).toContain('preserveAspectRatio="xMidYMid slice"');
    expect(m.body.toLowerCase()).not.toContain('<script');
    expect(m.body).not.toMatch(/\son[a-z]+=/i);
    expect(m.body).not.toMatch(/href/i);
    expect(m.body.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
    expect(m.body).not.toMatch(/NaN|undefined|Infinity/);
    expect(Buffer.byteLength(m.body, 'utf8')).toBeLessThanOrEqual(MAX_SVG_BYTES);
    expect(xmlProblems(m.body)).toEqual([]);
    // Real artwork, not a placeholder: several shapes and at least one gradient.
    expect(m.body.match(/<(path|rect|circle|ellipse)\b/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    expect(m.body).toMatch(/<(linear|radial)Gradient/);
  });

  it('never repeats a picture', () => {
    const bodies = catalogue.media.map((m) => m.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    const covers = catalogue.excursions.flatMap((e) => e.images).map((id) => media.get(id)?.body);
    expect(new Set(covers).size).toBe(covers.length);
  });

  it('keeps the whole set light', () => {
    const total = catalogue.media.reduce((sum, m) => sum + m.body.length, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});
