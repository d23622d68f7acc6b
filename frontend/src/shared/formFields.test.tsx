import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFormFields } from './formFields';
import { required } from './forms';
import { SelectField, TextField } from './ui/fields';

/** A form with two text fields, one of them required, and a picker. */
function Order({
  onValid,
  serverErrors,
}: {
  onValid: (values: object) => void;
  serverErrors?: Record<string, string>;
}) {
  const form = useFormFields({
    initialValues: { name: '', city_id: '', notes: 'ring twice' },
    validate: {
      name: required('Name is required'),
      city_id: (value, values) => (value || values.name === 'Pickup' ? null : 'City is required'),
    },
  });
  const submit = form.onSubmit((values) => {
    onValid(values);
    if (serverErrors) form.setErrors(serverErrors);
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Name" {...form.getInputProps('name')} />
      <SelectField
        label="City"
        options={[
          { value: '', label: 'Choose' },
          { value: '7', label: 'Giza' },
        ]}
        {...form.getInputProps('city_id')}
      />
      <TextField label="Notes" {...form.getInputProps('notes')} />
      <button type="submit">Order</button>
      <button type="button" onClick={form.reset}>
        Clear
      </button>
    </form>
  );
}

describe('useFormFields', () => {
  it('shows each broken rule under its field and sends nothing', async () => {
    const onValid = vi.fn();
    render(<Order onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText('Notes')).toHaveAttribute('aria-invalid', 'false');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('takes the focus to the first field that failed, in the form’s order', async () => {
    render(<Order onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Salma');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveFocus());
  });

  it('leaves the focus in a field the buyer moved to before the failed fields were marked', async () => {
    render(<Order onValid={vi.fn()} />);
    const order = screen.getByRole('button', { name: 'Order' });
    order.focus();
    fireEvent.click(order);
    screen.getByLabelText('Notes').focus();
    await new Promise((frame) => requestAnimationFrame(frame));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Notes')).toHaveFocus();
  });

  it('clears a field’s error when it changes, and checks rules against the other values', async () => {
    const onValid = vi.fn();
    render(<Order onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Pickup');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Pickup', city_id: '', notes: 'ring twice' });
  });

  it('sends the values typed and picked, takes the server’s field errors, and resets', async () => {
    const onValid = vi.fn();
    render(<Order onValid={onValid} serverErrors={{ name: 'Too short' }} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Samir');
    await userEvent.selectOptions(screen.getByLabelText('City'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Samir', city_id: '7', notes: 'ring twice' });
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('City')).toHaveValue('');
  });
});
