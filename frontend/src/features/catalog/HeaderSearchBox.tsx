import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CloseButton, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { usePrice } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { catalogQueries } from './api';
import { SEARCH_FORM_STYLE } from '../../shared/ui/searchForm';
import { HEADER_SEARCH_ID, forgetDraft, readDraft, useSearchHint } from './HeaderSearch';

/** The search box with its suggestions: products and categories as the shopper types, Enter
 * for every result, a clear button; categories to browse when nothing matches. It carries on
 * what the shopper typed in the plain box it replaces, and its focus. */
export default function HeaderSearchBox({ short = false }: { short?: boolean }) {
  const intl = useIntl();
  const { label, hint } = useSearchHint(short);
  const navigate = useNavigate();
  const price = usePrice();
  const { language } = useLanguage();
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Read when this box replaces the plain one, not when it is first drawn: React may draw it a
  // moment before it puts it on the page, and the shopper may type in that moment.
  useLayoutEffect(() => {
    const draft = readDraft();
    forgetDraft();
    // Once, at mount, from outside React's state: what the plain box was given.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (draft.text) setTyped(draft.text);
    if (draft.focused) input.current?.focus();
  }, []);
  const [asked] = useDebouncedValue(typed.trim(), 150);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useQuery({
    ...catalogQueries.suggestions(language, asked),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
  }).data?.data;
  const categories = useQuery(catalogQueries.categories(language)).data?.data ?? [];

  const go = (to: string) => {
    combobox.closeDropdown();
    navigate(to, { state: { searched: Date.now() } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) go(`/products?search=${encodeURIComponent(typed.trim())}`);
  };
  const nothing =
    !!found &&
    found.products.length === 0 &&
    found.categories.length === 0 &&
    found.crops.length === 0 &&
    found.pests.length === 0;

  return (
    <form role="search" onSubmit={submit} style={SEARCH_FORM_STYLE}>
      <Combobox store={combobox} onOptionSubmit={go}>
        <Combobox.Target>
          <TextInput
            id={HEADER_SEARCH_ID}
            type="search"
            name="q"
            autoComplete="off"
            ref={input}
            value={typed}
            placeholder={hint}
            aria-label={label}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSection={
              typed ? (
                <CloseButton
                  aria-label={intl.formatMessage({ id: 'search.clear' })}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setTyped('')}
                  data-testid="search-clear"
                />
              ) : null
            }
            rightSectionWidth={44}
            data-testid="header-search"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!typed.trim() || !found} data-testid="search-suggestions">
          <Combobox.Options>
            {/* A crop or a pest first: a farmer shops for a field and what ails it. */}
            {found?.crops.map((crop) => (
              <Combobox.Option
                key={`k${crop.id}`}
                value={`/crops/${encodeURIComponent(crop.slug)}`}
                data-testid="suggestion-crop"
              >
                <FormattedMessage id="search.for_crop" values={{ crop: crop.name }} />
              </Combobox.Option>
            ))}
            {found?.pests.map((pest) => (
              <Combobox.Option
                key={`p${pest.id}`}
                value={`/pests/${encodeURIComponent(pest.slug)}`}
                data-testid="suggestion-pest"
              >
                <FormattedMessage id="search.against_pest" values={{ pest: pest.name }} />
              </Combobox.Option>
            ))}
            {found?.categories.map((category) => (
              <Combobox.Option
                key={`c${category.id}`}
                value={`/products?category=${encodeURIComponent(category.slug)}`}
              >
                <FormattedMessage id="search.in_category" values={{ category: category.name }} />
              </Combobox.Option>
            ))}
            {found?.products.map((product) => (
              <Combobox.Option
                key={product.slug}
                value={`/products/${encodeURIComponent(product.slug)}`}
                data-testid="suggestion"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" lineClamp={1}>
                    {product.name}
                  </Text>
                  <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                    <bdi>{price(product.sale_price)}</bdi>
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
            {nothing ? (
              <>
                <Combobox.Empty>
                  <FormattedMessage id="search.nothing" />
                </Combobox.Empty>
                {categories.map((category) => (
                  <Combobox.Option
                    key={`e${category.id}`}
                    value={`/products?category=${encodeURIComponent(category.slug)}`}
                  >
                    {category.name}
                  </Combobox.Option>
                ))}
              </>
            ) : (
              <Combobox.Option value={`/products?search=${encodeURIComponent(typed.trim())}`}>
                <Text size="sm" fw={600}>
                  <FormattedMessage id="search.all_results" values={{ text: typed.trim() }} />
                </Text>
              </Combobox.Option>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
