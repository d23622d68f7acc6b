import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { aProduct } from '../../../test/products';
import { applyLanguage } from '../../../shared/i18n/language';
import { CropPage, Crops, PestPage } from './CropPages';

beforeEach(() => {
  localStorage.clear();
});

const tomato = { id: 1, slug: 'tomato', name: 'طماطم', image: null };
const aphids = {
  id: 8,
  slug: 'aphids',
  name: 'المن',
  kind: 'insect',
  symptoms: 'حشرات صغيرة تحت الأوراق.',
  image: '/media/products/aphids-large.webp',
};
const vertimec = aProduct({ id: 7, slug: 'vertimec', name: 'فيرتميك' });

describe('Shop by crop and by pest', () => {
  it("walks from the crops to a crop's pests and products, then to a pest's page, in Arabic", async () => {
    applyLanguage('ar');
    server.use(
      http.get('*/api/crops', () => HttpResponse.json({ data: [tomato] })),
      http.get('*/api/crops/tomato', () =>
        HttpResponse.json({ data: { crop: tomato, pests: [aphids], products: [vertimec] } }),
      ),
      http.get('*/api/pests/aphids', () =>
        HttpResponse.json({ data: { pest: aphids, crops: [tomato], products: [vertimec] } }),
      ),
    );
    const user = userEvent.setup();
    renderAt('/crops', { '/crops': <Crops />, '/crops/:slug': <CropPage />, '/pests/:slug': <PestPage /> });
    expect(await screen.findByRole('heading', { name: 'تسوّق حسب المحصول' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'طماطم' }));

    const crop = await screen.findByTestId('crop-page');
    expect(within(crop).getByRole('heading', { name: 'آفات وأمراض طماطم' })).toBeInTheDocument();
    expect(within(crop).getByText('فيرتميك')).toBeInTheDocument();
    await user.click(within(crop).getByRole('link', { name: 'المن' }));

    const pest = await screen.findByTestId('pest-page');
    expect(within(pest).getByRole('heading', { level: 1, name: 'المن' })).toBeInTheDocument();
    expect(within(pest).getByText('حشرات صغيرة تحت الأوراق.')).toBeInTheDocument();
    expect(within(pest).getByRole('img', { name: 'المن' })).toHaveAttribute('src', '/media/products/aphids-large.webp');
    expect(within(pest).getByRole('link', { name: 'طماطم' })).toHaveAttribute('href', '/crops/tomato');
  });

  it('answers an unknown crop with the not-found screen', async () => {
    applyLanguage('en');
    server.use(http.get('*/api/crops/moon', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderAt('/crops/moon', { '/crops/:slug': <CropPage /> });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
