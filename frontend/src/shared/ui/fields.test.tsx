import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RadioGroup, SelectField, TextField } from './fields';

describe('fields', () => {
  it('name their control by the label and describe it by its one error, marked invalid', () => {
    render(
      <>
        <TextField label="Full name" name="name" error="Name is required" />
        <SelectField label="City" options={[{ value: '', label: 'Choose' }]} />
      </>,
    );
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getAllByText('Name is required')).toHaveLength(1);
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('City')).not.toHaveAccessibleDescription();
  });

  it('give a radio group the value chosen', async () => {
    function Choice() {
      const [value, setValue] = useState('self');
      return (
        <RadioGroup
          label="For whom"
          name="type"
          value={value}
          onChange={setValue}
          options={[
            { value: 'self', label: 'Me' },
            { value: 'other', label: 'Someone else' },
          ]}
        />
      );
    }
    render(<Choice />);
    expect(screen.getByRole('group', { name: 'For whom' })).toBeInTheDocument();
    expect(screen.getByLabelText('Me')).toBeChecked();
    await userEvent.setup().click(screen.getByLabelText('Someone else'));
    expect(screen.getByLabelText('Someone else')).toBeChecked();
    expect(screen.getByLabelText('Me')).not.toBeChecked();
  });
});
