import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { renderAt } from '../../test/render';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { applyLanguage } from './language';

describe('the language switch', () => {
  it('turns the texts, the direction and the cookie together', async () => {
    applyLanguage('ar');
    renderAt('/', {
      '/': (
        <>
          <LanguageSwitch />
          <FormattedMessage id="nav.home" />
        </>
      ),
    });
    expect(screen.getByText('الرئيسية')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('language-switch'));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('language=en');
    await userEvent.click(screen.getByTestId('language-switch'));
    expect(await screen.findByText('الرئيسية')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
