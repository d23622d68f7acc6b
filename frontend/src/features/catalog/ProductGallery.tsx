import { useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { ProductImage, pictureSources } from './ProductImage';
import classes from './ProductProfile.module.css';

/** How much a tap on the opened picture enlarges it. */
const ZOOM = 2.5;

/** The product's pictures: the one shown, its thumbnails to switch, and a tap on it opens it
 * on the whole screen, where a tap (or Enter) zooms in at that spot and moving pans. A
 * farmer checks the label's active ingredient and the seed's lot this way. */
export function ProductGallery({ product }: { product: Product }) {
  const intl = useIntl();
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const dialog = useRef<HTMLDialogElement>(null);
  const picture = product.images[shown] ?? null;

  const aim = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };

  return (
    <div className={classes.gallery}>
      {picture ? (
        <button
          type="button"
          className={classes.zoomOpen}
          aria-label={intl.formatMessage({ id: 'product.zoom_open' }, { name: product.name })}
          aria-haspopup="dialog"
          onClick={() => dialog.current?.showModal()}
          data-testid="picture-open"
        >
          <ProductImage src={picture} alt={product.name} size="large" />
        </button>
      ) : (
        <ProductImage src={null} alt={product.name} size="large" />
      )}
      {product.images.length > 1 && (
        <div className={classes.thumbs}>
          {product.images.map((image, index) => (
            <button
              key={image}
              type="button"
              className={classes.thumb}
              onClick={() => setShown(index)}
              aria-label={intl.formatMessage({ id: 'product.picture' }, { number: index + 1 })}
              aria-pressed={index === shown}
            >
              <img src={image} alt="" />
            </button>
          ))}
        </div>
      )}
      {picture && (
        <dialog
          ref={dialog}
          className={classes.zoomDialog}
          aria-label={product.name}
          onClose={() => setZoomed(false)}
          data-testid="picture-zoom"
        >
          <button
            type="button"
            className={classes.zoomClose}
            aria-label={intl.formatMessage({ id: 'product.zoom_close' })}
            onClick={() => dialog.current?.close()}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
          <button
            type="button"
            className={classes.zoomStage}
            aria-pressed={zoomed}
            aria-label={intl.formatMessage({ id: zoomed ? 'product.zoom_out' : 'product.zoom_in' })}
            onPointerDown={aim}
            onPointerMove={(event) => zoomed && aim(event)}
            onClick={() => setZoomed(!zoomed)}
            data-zoomed={zoomed}
          >
            <img
              src={pictureSources(picture, 'large').src}
              alt=""
              className={classes.zoomPicture}
              style={{ transform: zoomed ? `scale(${ZOOM})` : undefined, transformOrigin: origin }}
            />
          </button>
        </dialog>
      )}
    </div>
  );
}
