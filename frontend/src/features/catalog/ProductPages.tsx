import { useIntl } from 'react-intl';
import controls from '../../shared/ui/controls.module.css';
import classes from './ProductPages.module.css';

/** The pages to offer around the current one, as Mantine's pagination does: the first and the
 * last, the current with one on each side, and `null` for a gap; always seven entries or fewer,
 * so the row keeps its width from page to page. */
export function pageRange(total: number, current: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, null, total];
  if (current >= total - 3) return [1, null, total - 4, total - 3, total - 2, total - 1, total];
  return [1, null, current - 1, current, current + 1, null, total];
}

/** The pages of a product list; choosing one brings the list's top into view, as the shopper
 * reads the next page from its first product. */
export function ProductPages({
  total,
  value,
  onChange,
  listId,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  listId: string;
}) {
  const intl = useIntl();
  if (total <= 1) return null;
  const go = (page: number) => {
    onChange(page);
    document.getElementById(listId)?.scrollIntoView({ block: 'start' });
  };
  const control = `${controls.button} ${classes.control}`;
  return (
    <nav className={classes.pages} aria-label={intl.formatMessage({ id: 'pagination.pages' })}>
      <button
        type="button"
        className={control}
        disabled={value <= 1}
        onClick={() => go(value - 1)}
        aria-label={intl.formatMessage({ id: 'pagination.previous' })}
      >
        <span aria-hidden>‹</span>
      </button>
      {pageRange(total, value).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} className={classes.gap} aria-hidden>
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className={control}
            aria-current={page === value ? 'page' : undefined}
            onClick={() => go(page)}
            aria-label={intl.formatMessage({ id: 'pagination.page' }, { page })}
          >
            {intl.formatNumber(page)}
          </button>
        ),
      )}
      <button
        type="button"
        className={control}
        disabled={value >= total}
        onClick={() => go(value + 1)}
        aria-label={intl.formatMessage({ id: 'pagination.next' })}
      >
        <span aria-hidden>›</span>
      </button>
    </nav>
  );
}
