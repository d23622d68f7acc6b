import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { DateField, parseDay } from './DateField';

describe('parseDay', () => {
  it('reads a day written year first or day first, in either digit system', () => {
    expect(parseDay('2026-11-26')).toBe('2026-11-26');
    expect(parseDay('26/11/2026')).toBe('2026-11-26');
    expect(parseDay('٢٦/١١/٢٠٢٦')).toBe('2026-11-26');
    expect(parseDay(' 3-1-2027 ')).toBe('2027-01-03');
  });

  it('waits for a whole, real day', () => {
    expect(parseDay('2026-11')).toBeNull();
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('soon')).toBeNull();
  });
});

function Picked() {
  const [day, setDay] = useState('');
  return (
    <>
      <DateField label="Ends" value={day} onChange={setDay} />
      <output data-testid="picked">{day}</output>
    </>
  );
}

describe('DateField', () => {
  beforeEach(() => applyLanguage('ar'));

  it('takes a day typed in Arabic-Indic digits and writes it back with Arabic month names in Western digits', async () => {
    renderAt('/', { '/': <Picked /> });
    const field = await screen.findByLabelText('Ends');
    await userEvent.type(field, '٢٦/١١/٢٠٢٦');
    expect(screen.getByTestId('picked')).toHaveTextContent('2026-11-26');
    await userEvent.tab();
    expect(field).toHaveValue('26 نوفمبر 2026');
  });
});
