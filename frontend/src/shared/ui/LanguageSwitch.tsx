import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLanguage } from '../i18n/LanguageProvider';

/** Switches between Arabic and English; the other language is named in its own script. */
export function LanguageSwitch() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => setLanguage(next)}
      lang={next}
      data-testid="language-switch"
    >
      {intl.formatMessage({ id: 'language.other' })}
    </Button>
  );
}
