import { describe, expect, it } from 'vitest';
import { pictureSources } from './ProductImage';

describe('pictureSources', () => {
  it('gives a card the thumbnail and lets the browser pick by the width shown', () => {
    expect(pictureSources('/media/products/ab12-large.webp', 'card')).toEqual({
      src: '/media/products/ab12-thumb.webp',
      srcSet: '/media/products/ab12-thumb.webp 400w, /media/products/ab12-large.webp 1200w',
      sizes: '(max-width: 36em) 50vw, 240px',
    });
    expect(pictureSources('/media/products/ab12-large.webp', 'large').src).toBe('/media/products/ab12-large.webp');
  });

  it('leaves pictures of one size as they are', () => {
    expect(pictureSources('/media/demo/neem-oil.svg', 'card')).toEqual({ src: '/media/demo/neem-oil.svg' });
  });
});
