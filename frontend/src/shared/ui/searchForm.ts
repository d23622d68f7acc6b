import type { CSSProperties } from 'react';

/** A header search form's place in the header: the storefront's search and the dashboard's
 * look-up take the same room. */
export const SEARCH_FORM_STYLE: CSSProperties = { flex: 1, minInlineSize: 0, maxInlineSize: '32rem' };
