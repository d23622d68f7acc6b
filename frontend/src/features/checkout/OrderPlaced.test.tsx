import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { OrderPlaced } from './OrderPlaced';

beforeEach(() => applyLanguage('en'));

describe('OrderPlaced', () => {
  it('offers to confirm the order at once while it awaits confirmation', () => {
    renderAt('/order-success?number=MS-2026-000003&confirm=3-0123456789abcdef', { '/order-success': <OrderPlaced /> });
    expect(screen.getByTestId('order-number')).toHaveTextContent('MS-2026-000003');
    expect(screen.getByRole('link', { name: 'Confirm my order now' })).toHaveAttribute(
      'href',
      '/confirm/3-0123456789abcdef',
    );
    expect(screen.getByTestId('track-it')).toHaveAttribute('href', '/track-order?number=MS-2026-000003');
  });

  it('offers only tracking when there is nothing to confirm', () => {
    renderAt('/order-success?number=MS-2026-000004', { '/order-success': <OrderPlaced /> });
    expect(screen.queryByTestId('confirm-now')).toBeNull();
    expect(screen.getByTestId('track-it')).toBeInTheDocument();
  });
});
