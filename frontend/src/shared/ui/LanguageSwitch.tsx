import { useIntl } from 'react-intl';
import { useLanguage } from '../i18n/LanguageProvider';
import controls from './controls.module.css';

/** Switches between Arabic and English; the other language is named in its own script. */
export function LanguageSwitch() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.subtle} ${controls.compact}`}
      onClick={() => setLanguage(next)}
      lang={next}
      data-testid="language-switch"
    >
      {intl.formatMessage({ id: 'language.other' })}
    </button>
  );
}
