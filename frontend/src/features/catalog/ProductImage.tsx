const LARGE = /-large\.webp$/;

/** An uploaded picture is kept in two sizes (the media store writes `…-large.webp`, 1200 px,
 * and `…-thumb.webp`, 400 px): the browser takes the one that fits the width shown. Other
 * pictures (the demo's drawings) come as they are. */
export function pictureSources(src: string, shown: 'card' | 'large'): { src: string; srcSet?: string; sizes?: string } {
  if (!LARGE.test(src)) return { src };
  const thumb = src.replace(LARGE, '-thumb.webp');
  return {
    src: shown === 'card' ? thumb : src,
    srcSet: `${thumb} 400w, ${src} 1200w`,
    sizes: shown === 'card' ? '(max-width: 36em) 50vw, 240px' : '(max-width: 48em) 100vw, 480px',
  };
}

/** A product's picture, or a drawn seedling when it has none. The page's main picture and the
 * first row of cards are fetched at once, first; other cards' wait until they are near the
 * screen. All carry their size, so nothing moves when they arrive. */
export function ProductImage({
  src,
  alt,
  size = 'card',
  priority = size === 'large',
}: {
  src: string | null | undefined;
  alt: string;
  size?: 'card' | 'large';
  /** In the first screenful: fetched at once, first, as the page's largest picture may be. */
  priority?: boolean;
}) {
  const height = size === 'large' ? 320 : 160;
  if (src) {
    return (
      <img
        {...pictureSources(src, size)}
        alt={alt}
        width={size === 'large' ? 480 : 240}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        style={{ inlineSize: '100%', blockSize: height, objectFit: 'cover', borderRadius: 8 }}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 120 80"
      role="img"
      aria-label={alt}
      style={{ inlineSize: '100%', blockSize: height, background: 'var(--mantine-color-green-0)', borderRadius: 8 }}
    >
      <path d="M60 70V38" stroke="#2f7d32" strokeWidth="3" strokeLinecap="round" />
      <path d="M60 46c-12 0-18-9-18-17 10 0 18 5 18 17zM60 42c10 0 15-8 15-15-9 0-15 5-15 15z" fill="#66bb6a" />
      <path d="M30 70h60" stroke="#8d6e63" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
