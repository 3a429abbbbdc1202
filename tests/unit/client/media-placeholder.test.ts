import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MediaImage } from '../../../src/client/app/components/MediaImage';

// A picture without a stored file is a calm placeholder of the picture's proportions. The server
// draws it on first screens too, where the Content-Security-Policy refuses any style attribute.

describe('MediaImage without a picture', () => {
  it("keeps the picture's proportions through its viewBox, with no style attribute", () => {
    const html = renderToString(
      createElement(MediaImage, { id: undefined, alt: 'Ласточкино гнездо', width: 480, height: 320 }),
    );
    expect(html).toContain('class="media-placeholder ');
    expect(html).toContain('viewBox="0 0 480 320"');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Ласточкино гнездо"');
    expect(html).not.toContain('style=');
  });

  it('is a plain picture when there is one', () => {
    const html = renderToString(
      createElement(MediaImage, { id: 'exc-1.svg', alt: 'Бухты', width: 480, height: 320, eager: true }),
    );
    expect(html).toContain('src="/api/images/exc-1.svg?w=480"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('style=');
  });
});
