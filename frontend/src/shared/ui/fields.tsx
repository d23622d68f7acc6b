import { FormattedMessage } from 'react-intl';
import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import controls from './controls.module.css';

/** What every field shows around its control: a label above, an error (one, under it). */
interface FieldFrame {
  label?: ReactNode;
  error?: ReactNode;
}

/** The label, the control and its error, tied together for screen readers. */
function Frame({ id, label, error, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div>
      {label && (
        <label htmlFor={id} className={controls.label}>
          {label}
        </label>
      )}
      {children}
      {error && (
        <span id={`${id}-error`} className={controls.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The attributes that tie a control to its frame. */
const tied = (id: string, error: ReactNode) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A one-line text field: the look of Mantine's `TextInput`, without its code. */
export function TextField({
  label,
  error,
  className,
  ...input
}: FieldFrame & Omit<ComponentPropsWithoutRef<'input'>, 'id'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <input {...input} {...tied(id, error)} className={`${controls.input} ${className ?? ''}`} />
    </Frame>
  );
}

/** A text of several lines that grows with what is typed. */
export function TextArea({ label, error, ...textarea }: FieldFrame & Omit<ComponentPropsWithoutRef<'textarea'>, 'id'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <textarea rows={2} {...textarea} {...tied(id, error)} className={`${controls.input} ${controls.textarea}`} />
    </Frame>
  );
}

/** The phone's own picker over a list of choices. */
export function SelectField({
  label,
  error,
  options,
  ...select
}: FieldFrame &
  Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'children'> & { options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error}>
      <select {...select} {...tied(id, error)} className={`${controls.input} ${controls.select}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

const ALERT_COLOURS = {
  red: controls.alertRed,
  yellow: controls.alertYellow,
  orange: controls.alertYellow,
};

/** A message in a tinted box, announced when it appears. */
export function Alert({
  color,
  children,
  ...rest
}: { color: keyof typeof ALERT_COLOURS; children: ReactNode } & Omit<ComponentPropsWithoutRef<'div'>, 'color'>) {
  return (
    <div role="alert" {...rest} className={`${controls.alert} ${ALERT_COLOURS[color]}`}>
      {children}
    </div>
  );
}

/** One choice of several, each a radio with its label, under a legend. */
export function RadioGroup({
  label,
  name,
  value,
  onChange,
  options,
  error,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={controls.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={controls.label}>{label}</legend>
      <div className={`${controls.stack} ${controls.stackTight}`}>
        {options.map((option) => (
          <label key={option.value} className={controls.radio}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span style={{ overflowWrap: 'anywhere' }}>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <span id={`${id}-error`} className={controls.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The one line by a form's button after a failed submit: how many fields above need a look
 * (their own messages are under them). */
export function FormErrorsSummary({ errors }: { errors: Record<string, unknown> }) {
  const count = Object.values(errors).filter(Boolean).length;
  if (count === 0) return null;
  return (
    <p role="alert" className={controls.error} data-testid="form-errors-summary">
      <FormattedMessage id="forms.fix_fields" values={{ count }} />
    </p>
  );
}
