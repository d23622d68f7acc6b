import { startTransition, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { lazyWithMantine } from '../../shared/ui/mantine/lazyWithMantine';
import controls from '../../shared/ui/controls.module.css';
import { SEARCH_FORM_STYLE } from '../../shared/ui/searchForm';

/** The id of the header's search field, which the phone's bottom bar focuses. */
export const HEADER_SEARCH_ID = 'header-search';

/** What the shopper typed in the plain box, and whether it has the focus. */
export interface SearchDraft {
  text: string;
  focused: boolean;
}

// The suggestions (Mantine's Combobox and its floating layer, and Mantine itself) come when
// the shopper reaches for the box.
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

/** The box's label, and the hint written in it: the whole hint, or only "Search…" where the
 * header leaves the box narrow (`short`) and the whole hint would be cut off mid-word. */
export function useSearchHint(short: boolean): { label: string; hint: string } {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'search.placeholder' });
  return { label, hint: short ? intl.formatMessage({ id: 'search.placeholder_short' }) : label };
}

/** The search box on every page. A plain box of the same look takes the typing (and Enter
 * searches, as a form); the box with suggestions is downloaded once the shopper reaches for it
 * (a touch, a click, the focus), so a page read without searching downloads none of it, and
 * takes over with what was typed and the focus. */
export function HeaderSearch({ short = false }: { short?: boolean }) {
  const [wanted, setWanted] = useState(false);
  // A transition: the plain box stays, focus and all, until the full box has come.
  const want = () => startTransition(() => setWanted(true));
  return (
    <Suspense fallback={<PlainSearch onWant={want} short={short} />}>
      {wanted ? <HeaderSearchBox short={short} /> : <PlainSearch onWant={want} short={short} />}
    </Suspense>
  );
}

function PlainSearch({ onWant, short }: { onWant: () => void; short: boolean }) {
  const { label, hint } = useSearchHint(short);
  return (
    <form role="search" action="/products" style={SEARCH_FORM_STYLE}>
      <input
        className={controls.input}
        id={HEADER_SEARCH_ID}
        type="search"
        name="search"
        autoComplete="off"
        defaultValue={draft.text}
        placeholder={hint}
        aria-label={label}
        onChange={(event) => {
          draft.text = event.currentTarget.value;
        }}
        onPointerDown={onWant}
        onFocus={() => {
          draft.focused = true;
          onWant();
        }}
        onBlur={() => {
          draft.focused = false;
        }}
        data-testid="header-search"
      />
    </form>
  );
}
