import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import { useIntl } from 'react-intl';
// The month and weekday names; dayjs alone does not apply the locale's Arabic-Indic digits.
import 'dayjs/locale/ar';
import '@mantine/dates/styles.css';
import { toLatinDigits } from '../../shared/digits';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import classes from './DateField.module.css';

/** The day a staff member typed, as `YYYY-MM-DD`: `2026-11-26` or `26/11/2026`, in Western or
 * Arabic-Indic digits; `null` until it is a whole, real day. */
export function parseDay(typed: string): string | null {
  const text = toLatinDigits(typed).trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.toISOString().slice(0, 10) : null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** The day as `YYYY-MM-DD`, or `''` for none. */
  value?: string;
  onChange: (day: string) => void;
};

/** A day, typed or picked on a calendar, written "26 نوفمبر 2026" / "26 November 2026" in
 * Western digits in both languages. The browser's own date field follows the device's
 * language instead: Arabic-Indic digits on an Arabic phone, a US order on an English one. */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  // The calendar's arrows and its month/year button draw no text: a screen reader reads these.
  const next = intl.formatMessage({ id: 'dashboard.date.next' });
  const previous = intl.formatMessage({ id: 'dashboard.date.previous' });
  const level = intl.formatMessage({ id: 'dashboard.date.level' });
  return (
    // Egypt's week starts on Saturday; its weekend is Friday and Saturday.
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 6, weekendDays: [5, 6] }}>
      <DateInput
        valueFormat="D MMMM YYYY"
        dateParser={parseDay}
        placeholder={intl.formatMessage({ id: 'dashboard.date.hint' })}
        clearable
        classNames={{ day: classes.day }}
        clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'dashboard.date.clear' }) }}
        ariaLabels={{
          nextMonth: next,
          nextYear: next,
          nextDecade: next,
          previousMonth: previous,
          previousYear: previous,
          previousDecade: previous,
          monthLevelControl: level,
          yearLevelControl: level,
        }}
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        {...props}
      />
    </DatesProvider>
  );
}
