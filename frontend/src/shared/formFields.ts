import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { focusFirstInvalid, type FieldProps } from './forms';

/** A field's rule: the message to show, or null when the value passes. */
type Rule<Values> = (value: string, values: Values) => string | null;

/** The values, errors and field props of a form of text fields — the part of `@mantine/form`
 * the storefront's forms use (values, rules checked on submit, an error cleared when its field
 * changes, server errors, reset), in a few lines instead of its 4.6 KB (see docs/decisions.md). */
export function useFormFields<Values extends { [Name in keyof Values]: string }>({
  initialValues,
  validate = {},
}: {
  initialValues: Values;
  validate?: { [Name in keyof Values]?: Rule<Values> };
}) {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setFieldValue = useCallback(<Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }, []);

  const getInputProps = (name: keyof Values & string): FieldProps => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFieldValue(name, event.currentTarget.value as Values[typeof name]),
    error: errors[name],
  });

  /** Checks every rule; calls `handler` with the values only when all pass, else takes the eye
   * to the first field that failed. */
  const onSubmit = (handler: (values: Values) => unknown) => (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const name of Object.keys(validate) as (keyof Values & string)[]) {
      const message = validate[name]?.(values[name], values);
      if (message) found[name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) handler(values);
    else focusFirstInvalid(event.currentTarget);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, setFieldValue, setErrors, getInputProps, onSubmit, reset };
}
