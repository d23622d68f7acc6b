/** A product's picture, or a drawn seedling when it has none. */
export function ProductImage({
  src,
  alt,
  size = 'card',
}: {
  src: string | null | undefined;
  alt: string;
  size?: 'card' | 'large';
}) {
  const height = size === 'large' ? 320 : 160;
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
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
