import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { AgronomyForm } from './AgronomyForm';
import { FarmLists } from './FarmLists';
import { LotsWatch, ProductLots } from './Lots';
import { ProductDocuments } from './Documents';

beforeEach(() => {
  applyLanguage('en');
});

const lot = (id: number, batch: string, expires_on: string, quantity: number, state: string) => ({
  id,
  product_id: 7,
  product_name: 'Copper fungicide',
  batch,
  expires_on,
  quantity,
  state,
  received_at: '2026-11-01T08:00:00',
});

describe('batches and the farm lists', () => {
  it("lists a product's lots with their state and receives a lot, showing the field the server refused", async () => {
    session.signIn(staffUser(['product-list', 'product-edit']));
    const sent: Array<Record<string, unknown>> = [];
    const lots = [lot(1, 'CU-17', '2026-12-20', 4, 'expiring_soon'), lot(2, 'CU-31', '2028-01-31', 40, 'in_date')];
    server.use(
      http.get('*/api/dashboard/products/7/lots', () => HttpResponse.json({ data: lots })),
      http.post('*/api/dashboard/products/7/lots', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.expires_on === '2020-01-01') {
          const message = 'This batch has expired: it cannot be put on sale.';
          return HttpResponse.json({ message, errors: { expires_on: [message] } }, { status: 422 });
        }
        lots.push(lot(3, String(body.batch), String(body.expires_on), Number(body.quantity), 'in_date'));
        return HttpResponse.json({ message: 'The batch has been saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <ProductLots product={7} stock={44} /> });

    const rows = await screen.findAllByTestId('lot-row');
    expect(screen.queryByTestId('unlotted-choice')).toBeNull();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('CU-17'),
      expect.stringContaining('CU-31'),
    ]);
    expect(rows[0]).toHaveTextContent('Expires within 60 days');
    const form = screen.getByTestId('lot-form');
    await user.type(within(form).getByLabelText('Batch number'), 'CU-44');
    await user.type(within(form).getByLabelText('Expiry date'), '2020-01-01');
    await user.type(within(form).getByLabelText('Units'), '٢٠');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This batch has expired: it cannot be put on sale.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ batch: 'CU-44', expires_on: '2020-01-01', quantity: 20 });

    await user.clear(within(form).getByLabelText('Expiry date'));
    await user.type(within(form).getByLabelText('Expiry date'), '2029-03-31');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The batch has been saved.')).toBeInTheDocument();
    expect(await screen.findAllByTestId('lot-row')).toHaveLength(3);
  });

  it('asks, before the first batch of a product with stock, whether to keep those units or write them off', async () => {
    session.signIn(staffUser(['product-list', 'product-edit']));
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/api/dashboard/products/8/lots', () => HttpResponse.json({ data: [] })),
      http.post('*/api/dashboard/products/8/lots', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (!body.existing_units) {
          const message = 'This product has units in stock that belong to no lot.';
          return HttpResponse.json({ message, errors: { existing_units: [message] } }, { status: 422 });
        }
        return HttpResponse.json({ message: 'The batch has been saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <ProductLots product={8} stock={59} /> });
    const choice = await screen.findByTestId('unlotted-choice');
    expect(choice).toHaveTextContent('This product has 59 units in stock');
    const form = screen.getByTestId('lot-form');
    await user.type(within(form).getByLabelText('Batch number'), 'M-40');
    await user.type(within(form).getByLabelText('Expiry date'), '2029-03-31');
    await user.type(within(form).getByLabelText('Units'), '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This product has units in stock that belong to no lot.')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'Keep them as an “opening stock” batch' }));
    await user.type(within(choice).getByLabelText('Their expiry date'), '2028-06-30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The batch has been saved.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      batch: 'M-40',
      expires_on: '2029-03-31',
      quantity: 40,
      existing_units: 'opening_stock',
      opening_expires_on: '2028-06-30',
      write_off_reason: '',
    });
  });

  it('lists the lots to look at, each linked to its product', async () => {
    session.signIn(staffUser(['product-list']));
    server.use(
      http.get('*/api/dashboard/lots', () =>
        HttpResponse.json({ data: [lot(9, 'OLD-1', '2026-11-01', 3, 'expired')] }),
      ),
    );
    renderAt('/', { '/': <LotsWatch /> });
    const row = await screen.findByTestId('watched-lot');
    expect(row).toHaveTextContent('Expired: not sold');
    expect(within(row).getByRole('link', { name: 'Copper fungicide' })).toHaveAttribute(
      'href',
      '/dashboard/products-actions?id=7',
    );
  });

  it('adds a pest with its kind and symptoms, its synonyms one a line', async () => {
    session.signIn(staffUser(['agronomy-list', 'agronomy-create']));
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/api/dashboard/crops', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dashboard/pests', () => HttpResponse.json({ data: [] })),
      http.post('*/api/dashboard/pests', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'Saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <FarmLists /> });
    await user.click(await screen.findByRole('tab', { name: 'Pests and diseases' }));
    const form = await screen.findByTestId('farm-list-form');
    await user.type(within(form).getByLabelText('Name in Arabic'), 'ذبابة ثمار الزيتون');
    await user.type(within(form).getByLabelText('Name in English'), 'Olive fruit fly');
    await user.type(within(form).getByLabelText('Other Arabic names'), 'دودة الزيتون{enter}ذبابة الزيتون');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'insect');
    await user.type(within(form).getByLabelText('Symptoms in English'), 'Holes in the olives.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      name_ar: 'ذبابة ثمار الزيتون',
      name_en: 'Olive fruit fly',
      synonyms_ar: ['دودة الزيتون', 'ذبابة الزيتون'],
      kind: 'insect',
      symptoms_en: 'Holes in the olives.',
    });
  });

  it("writes a pesticide's agronomy and puts each refusal under its field, or above the button", async () => {
    session.signIn(staffUser(['product-list', 'product-edit']));
    const entry = (id: number, name_ar: string, name_en: string) => ({
      id,
      slug: '',
      name_ar,
      name_en,
      synonyms_ar: [],
    });
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/api/dashboard/crops', () => HttpResponse.json({ data: [entry(1, 'طماطم', 'Tomato')] })),
      http.get('*/api/dashboard/pests', () => HttpResponse.json({ data: [entry(8, 'المن', 'Aphids')] })),
      http.get('*/api/dashboard/active-ingredients', () =>
        HttpResponse.json({ data: [entry(3, 'أبامكتين', 'abamectin')] }),
      ),
      http.put('*/api/dashboard/products/7/agronomy', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        const errors = {
          'agronomy.uses.0.rate': ['The rate runs from a number above zero up to a number no smaller.'],
          'agronomy.registration_no': ['A pesticide cannot be sold without this.'],
          'agronomy.nutrients.nitrogen': ['The percentages add up to more than 100.'],
        };
        return HttpResponse.json({ message: 'Check the fields.', errors }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <AgronomyForm product={7} agronomy={null} /> });
    const form = screen.getByTestId('agronomy-form');
    // Every choice in words, the code only where it is the name people know.
    expect(
      within(within(form).getByLabelText('Signal word'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Danger', 'Warning']);
    expect(within(form).getByRole('option', { name: 'Wettable powder (WP)' })).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('WHO hazard class'), 'Ib');
    expect(within(form).getByRole('option', { name: 'Ib: highly hazardous', selected: true })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add an active ingredient' }));
    await within(form).findByRole('option', { name: 'abamectin' });
    await user.selectOptions(within(form).getByLabelText('Active ingredient'), '3');
    await user.type(within(form).getByLabelText('Concentration'), '18');
    await user.click(within(form).getByRole('button', { name: 'Add a use' }));
    await user.selectOptions(within(form).getByLabelText('Crop'), '1');
    await user.selectOptions(within(form).getByLabelText('Pest'), '8');
    await user.type(within(form).getByLabelText('Rate from'), '50');
    await user.type(within(form).getByLabelText('Rate to'), '40');
    await user.type(within(form).getByLabelText('Pre-harvest interval (days)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('The rate runs from a number above zero up to a number no smaller.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('A pesticide cannot be sold without this.')).toBeInTheDocument();
    expect(within(form).getByTestId('agronomy-errors')).toHaveTextContent('The percentages add up to more than 100.');
    expect(sent[0]).toMatchObject({
      kind: 'pesticide',
      who_class: 'Ib',
      active_ingredients: [{ ingredient_id: 3, concentration: '18', unit: 'g/L' }],
      uses: [{ crop_id: 1, pest_id: 8, rate_from: '50', rate_to: '40', rate_unit: 'ml_per_100l', phi_days: 3 }],
    });
  });

  it('uploads a label as soon as it is picked, shows the refusal under its picker, and links the one uploaded', async () => {
    session.signIn(staffUser(['product-list', 'product-edit']));
    const sent: string[] = [];
    server.use(
      http.put('*/api/dashboard/products/7/documents/:document', async ({ request, params }) => {
        const form = await request.formData();
        sent.push(`${String(params.document)}:${form.has('file')}`);
        if (sent.length === 1) {
          const message = 'Upload the document as a whole PDF file.';
          return HttpResponse.json({ message, errors: { file: [message] } }, { status: 422 });
        }
        return HttpResponse.json({ message: 'The product has been saved.', data: {} });
      }),
    );
    // The picker takes only PDFs; a file renamed by hand still reaches the server, which decides
    // (the first answer here is its refusal).
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/', {
      '/': <ProductDocuments product={7} agronomy={{ kind: 'pesticide', sds_url: '/media/documents/sheet.pdf' }} />,
    });

    const label = screen.getByTestId('document-label');
    const picker = () => label.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(within(label).getByText('Label (PDF)')).toBeInTheDocument();
    await user.upload(picker(), new File(['a photo'], 'photo.png', { type: 'image/png' }));
    expect(await within(label).findByText('Upload the document as a whole PDF file.')).toBeInTheDocument();
    await user.upload(picker(), new File(['%PDF-'], 'label.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(sent).toEqual(['label:true', 'label:true']));
    await waitFor(() => expect(within(label).queryByText('Upload the document as a whole PDF file.')).toBeNull());
    expect(within(screen.getByTestId('document-sds')).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/media/documents/sheet.pdf',
    );
    expect(within(label).queryByRole('link')).toBeNull();
  });
});

describe('a stored use the calculator cannot compute', () => {
  it('is marked incomplete with what it lacks', async () => {
    applyLanguage('en');
    session.signIn(staffUser(['product-list', 'product-edit']));
    server.use(
      http.get('*/api/dashboard/crops', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dashboard/pests', () => HttpResponse.json({ data: [] })),
      http.get('*/api/dashboard/active-ingredients', () => HttpResponse.json({ data: [] })),
    );
    const use = {
      crop_id: 1,
      rate_from: '50',
      rate_to: '60',
      rate_unit: 'ml_per_100l',
      purpose_ar: '',
      purpose_en: '',
    };
    const agronomy = {
      kind: 'pesticide',
      active_ingredients: [],
      ghs_pictograms: [],
      restricted: false,
      uses: [
        { ...use, gaps: ['phi_days', 'water_per_feddan'] },
        { ...use, water_per_feddan: 400, phi_days: 3, gaps: [] },
      ],
    };
    renderAt('/', { '/': <AgronomyForm product={7} agronomy={agronomy} /> });
    const [first, second] = screen.getAllByTestId('use-row');
    expect(within(first!).getByTestId('use-incomplete')).toHaveTextContent(
      'Incomplete: the pre-harvest interval and the water a feddan takes (the calculator counts sprayers only)',
    );
    expect(within(second!).queryByTestId('use-incomplete')).toBeNull();
  });
});
