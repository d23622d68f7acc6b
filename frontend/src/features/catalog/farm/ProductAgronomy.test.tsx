import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { cartLines } from '../../../shared/cart/localCart';
import type { Agronomy } from './api';
import ProductAgronomy from './ProductAgronomy';

beforeEach(() => {
  localStorage.clear();
});

const tomato = { slug: 'tomato', name: 'Tomato' };
const copper: Agronomy = {
  kind: 'pesticide',
  formulation: 'WP',
  pack: { size: '1', unit: 'kg' },
  active_ingredients: [{ ingredient_id: 10, concentration: '77', unit: '%', name: 'copper hydroxide' }],
  registration_no: 'SAMPLE-APC-2417',
  registration_expires_on: '2028-06-30',
  label_url: '/media/documents/abc.pdf',
  who_class: 'II',
  ghs_pictograms: ['GHS07', 'GHS09'],
  signal_word: 'warning',
  restricted: false,
  uses: [
    {
      crop_id: 1,
      pest_id: 8,
      purpose_ar: '',
      purpose_en: '',
      rate_from: '200',
      rate_to: '250',
      rate_unit: 'g_per_100l',
      water_per_feddan: 400,
      phi_days: 3,
      reentry_hours: 24,
      crop: tomato,
      pest: { slug: 'late-blight', name: 'Late blight' },
      gaps: [],
    },
  ],
};

describe('ProductAgronomy', () => {
  it('words its codes, draws its pictograms and gives each crop and pest a card with its rate and waits', () => {
    applyLanguage('en');
    renderAt('/', { '/': <ProductAgronomy productId={7} agronomy={copper} /> });
    const block = screen.getByTestId('safety-and-use');
    expect(within(block).getByText('copper hydroxide')).toBeInTheDocument();
    expect(within(block).getByText('SAMPLE-APC-2417')).toBeInTheDocument();
    expect(block).toHaveTextContent('valid until 30 June 2028');
    expect(within(block).getByText('Wettable powder (WP)')).toBeInTheDocument();
    expect(within(block).getByText('Moderately hazardous (II)')).toBeInTheDocument();
    const pictograms = within(block)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('.fp-ghs'));
    expect(pictograms.map((item) => [item.textContent, item.querySelector('.fp-ghs')!.className])).toEqual([
      ['Harmful or irritant', 'fp-ghs fp-ghs-GHS07'],
      ['Harmful to aquatic life', 'fp-ghs fp-ghs-GHS09'],
    ]);
    expect(block).not.toHaveTextContent('GHS07');
    expect(within(block).getByRole('link', { name: 'Label (PDF)' })).toHaveAttribute(
      'href',
      '/media/documents/abc.pdf',
    );
    expect(within(block).queryByTestId('sds-pdf')).toBeNull();
    const card = within(block).getByTestId('use-card');
    expect(within(card).getByRole('heading')).toHaveTextContent('Tomato — Late blight');
    expect(within(card).getByRole('link', { name: 'Late blight' })).toHaveAttribute('href', '/pests/late-blight');
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['200–250 g per 100 L of water', '400 L per feddan', 'after 3 days', 'after 24 hours']);
  });

  it('says a harvest may follow the same day when the wait is zero, in Arabic', () => {
    applyLanguage('ar');
    const sameDay = { ...copper, uses: [{ ...copper.uses![0]!, phi_days: 0, reentry_hours: 4 }] };
    renderAt('/', { '/': <ProductAgronomy productId={7} agronomy={sameDay} /> });
    const card = screen.getByTestId('use-card');
    expect(card).toHaveTextContent('في نفس يوم الرش');
    expect(card).toHaveTextContent('بعد 4 ساعات');
    expect(screen.getByTestId('safety-and-use')).toHaveTextContent('سارٍ حتى 30 يونيو 2028');
  });

  it('reckons the dose for an area typed in Arabic digits and puts the packs of every size in the cart in one tap', async () => {
    applyLanguage('ar');
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/dose', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          data: {
            amount: 2500,
            unit: 'g',
            water_l: 1000,
            tank_fills: 50,
            phi_days: 3,
            packs: [
              { product_id: 7, name: 'مبيد نحاسي', quantity: 2, pack: { size: '1', unit: 'kg' }, price: 310 },
              { product_id: 9, name: 'مبيد نحاسي', quantity: 1, pack: { size: '500', unit: 'g' }, price: 170.5 },
            ],
            total: 790.5,
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <ProductAgronomy productId={7} agronomy={copper} /> });
    const calculator = screen.getByTestId('dose-calculator');
    await user.type(within(calculator).getByLabelText('المساحة'), '٢٫٥');
    await user.click(within(calculator).getByRole('button', { name: 'احسب' }));
    const result = await screen.findByTestId('dose-result');
    expect(asked).toEqual([{ product_id: 7, crop: 'tomato', pest: 'late-blight', area: '٢٫٥', area_unit: 'feddan' }]);
    expect(result).toHaveTextContent('انتظر 3 أيام بعد آخر رشة قبل الحصاد.');
    // Each pack by its size and what that many cost, then the whole.
    expect(
      within(within(result).getByTestId('dose-packs'))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['عبوتان 1 كجم من مبيد نحاسي = 620 جنيه', 'عبوة واحدة 500 جم من مبيد نحاسي = 170.50 جنيه']);
    expect(within(result).getByTestId('dose-total')).toHaveTextContent('الإجمالي: 790.50 جنيه');
    await user.click(within(result).getByRole('button', { name: 'أضف هذه العبوات إلى السلة' }));
    expect(await within(result).findByRole('status')).toHaveTextContent('العبوات في سلتك الآن.');
    expect(cartLines()).toEqual([
      { id: 7, quantity: 2 },
      { id: 9, quantity: 1 },
    ]);
  });

  it('says what is wrong with the area beside the field, in the words of the shop', async () => {
    applyLanguage('en');
    server.use(
      http.post('*/api/dose', () =>
        HttpResponse.json(
          { message: 'Enter a number such as 2.5.', errors: { area: ['Enter a number such as 2.5.'] } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <ProductAgronomy productId={7} agronomy={copper} /> });
    await user.type(screen.getByLabelText('Area'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a number such as 2.5.');
    expect(screen.getByLabelText('Area')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a use whose label gives no water per feddan', () => {
  it('is reckoned in sprayers only, and says why', async () => {
    applyLanguage('en');
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/dose', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          data: { amount: 250, unit: 'g', water_l: 200, tank_fills: 10, phi_days: 0, packs: [] },
        });
      }),
    );
    const perSprayer: Agronomy = {
      ...copper,
      uses: [{ ...copper.uses![0]!, rate_from: '25', rate_to: '25', rate_unit: 'g_per_20l', water_per_feddan: null }],
    };
    const user = userEvent.setup();
    renderAt('/', { '/': <ProductAgronomy productId={7} agronomy={perSprayer} /> });
    const calculator = screen.getByTestId('dose-calculator');
    const units = within(calculator).getByLabelText('Unit');
    expect(
      within(units)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['20-litre sprayers']);
    expect(within(calculator).getByTestId('dose-sprayers-only')).toHaveTextContent('count it in 20-litre sprayers');
    await user.type(within(calculator).getByLabelText('Area'), '10');
    await user.click(within(calculator).getByRole('button', { name: 'Calculate' }));
    await screen.findByTestId('dose-result');
    expect(asked).toEqual([
      { product_id: 7, crop: 'tomato', pest: 'late-blight', area: '10', area_unit: 'sprayer_20l' },
    ]);
  });
});

describe('a calculator reached from a crop or a pest', () => {
  it('starts on the use the link names', async () => {
    applyLanguage('en');
    const aphids = { ...copper.uses![0]!, pest: { slug: 'aphids', name: 'Aphids' } };
    const twoUses: Agronomy = { ...copper, uses: [copper.uses![0]!, aphids] };
    renderAt('/products/copper?crop=tomato&pest=aphids', {
      '/products/copper': <ProductAgronomy productId={7} agronomy={twoUses} />,
    });
    const use = within(screen.getByTestId('dose-calculator')).getByLabelText('Crop');
    expect(use).toHaveDisplayValue('Tomato — Aphids');
  });
});
