import { Suspense, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { lazyWithMantine } from '../../shared/ui/mantine/lazyWithMantine';
import controls from '../../shared/ui/controls.module.css';

/** The id of the header's search field, which the phone's bottom bar focuses. */
export const HEADER_SEARCH_ID = 'header-search';

/** The search form's place in the header. */
export const SEARCH_FORM_STYLE: CSSProperties = { flex: 1, minInlineSize: 0, maxInlineSize: '32rem' };

/** What the shopper typed in the plain box, and whether it has the focus. */
export interface SearchDraft {
  text: string;
  focused: boolean;
}

// The suggestions (Mantine's Combobox and its floating layer) are a fifth of the storefront's
// first download: they come a moment after the page.
const HeaderSearchBox = lazyWithMantine(() => import('./HeaderSearchBox'));

// One header, one search box: what its plain stand-in was given, for the full box to carry on.
let draft: SearchDraft = { text: '', focused: false };

/** What the plain box was given. */
export function readDraft(): SearchDraft {
  return draft;
}

/** Forgets the plain box, once the full box has taken over: a box mounted later (another
 * layout's header) starts empty and without the focus. */
export function forgetDraft(): void {
  draft = { text: '', focused: false };
}

/** The search box on every page. Until its suggestions' code has come, a plain box of the
 * same look takes the typing (and Enter searches, as a form), and the full box carries it on. */
export function HeaderSearch() {
  return (
    <Suspense fallback={<PlainSearch />}>
      <HeaderSearchBox />
    </Suspense>
  );
}

function PlainSearch() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'search.placeholder' });
  return (
    <form role="search" action="/products" style={SEARCH_FORM_STYLE}>
      <input
        className={controls.input}
        id={HEADER_SEARCH_ID}
        type="search"
        name="search"
        autoComplete="off"
        defaultValue={draft.text}
        placeholder={label}
        aria-label={label}
        onChange={(event) => {
          draft.text = event.currentTarget.value;
        }}
        onFocus={() => {
          draft.focused = true;
        }}
        onBlur={() => {
          draft.focused = false;
        }}
        data-testid="header-search"
      />
    </form>
  );
}
