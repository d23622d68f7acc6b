import { Button } from '@mantine/core';
import { useLanguage } from '../i18n/LanguageProvider';

/** Switches between Arabic and English; each option is written in its own language. */
export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => setLanguage(next)} lang={next} data-testid="language-switch">
      {next === 'en' ? 'English' : 'العربية'}
    </Button>
  );
}
