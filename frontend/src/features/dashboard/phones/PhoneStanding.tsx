import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { BANDS, useSetBand, type PhoneHistory } from './api';
import { DAY } from '../../../shared/format';

// Written out so the message-id test sees every id.
const BAND_LABELS: Record<string, string> = {
  trusted: 'dashboard.phones.band.trusted',
  normal: 'dashboard.phones.band.normal',
  confirm_by_call: 'dashboard.phones.band.confirm_by_call',
  prepay_shipping: 'dashboard.phones.band.prepay_shipping',
  blocked: 'dashboard.phones.band.blocked',
};
// Filled badges keep their text readable (WCAG AA) on every colour.
const BAND_COLOURS: Record<string, string> = {
  trusted: 'green.9',
  normal: 'gray.7',
  confirm_by_call: 'yellow',
  prepay_shipping: 'orange.9',
  blocked: 'red.9',
};

/** A phone's standing with cash on delivery, on an order's and a client's page: its record, the
 * band that holds and why (the owner's rules, or a staff member's word and note), and, for staff
 * who may block clients, the form that sets a band over the rules or gives the phone back to
 * them, folded behind its button so it never stands above the order's own buttons. `trusted`
 * is offered only to staff holding `phone-trust`. */
export function PhoneStanding({ phone, history }: { phone: string; history: PhoneHistory }) {
  const intl = useIntl();
  const { user } = useSession();
  const setBand = useSetBand();
  const [band, setChosen] = useState<string>(history.band_override?.band ?? history.band);
  const [note, setNote] = useState('');
  const [noteNeeded, setNoteNeeded] = useState(false);
  const [open, setOpen] = useState(false);
  const bands = BANDS.filter((value) => value !== 'trusted' || hasPermission(user, 'phone-trust'));
  const save = (chosen: string | null) => {
    if (chosen !== null && !note.trim()) {
      setNoteNeeded(true);
      return;
    }
    setBand.mutate(
      { phone, band: chosen, note },
      {
        onSuccess: (answer) => {
          toast('success', answer.message);
          setNote('');
          setOpen(false);
        },
      },
    );
  };
  return (
    <Stack gap={6} data-testid="phone-standing">
      <Group gap="xs">
        <Badge color={BAND_COLOURS[history.band]} data-testid="phone-band">
          <FormattedMessage id={BAND_LABELS[history.band] ?? BAND_LABELS.normal} />
        </Badge>
        <Text size="sm" data-testid="phone-history">
          <FormattedMessage
            id="dashboard.orders.phone_history"
            values={{
              orders: history.orders,
              delivered: history.delivered,
              cancelled: history.cancelled,
              never_confirmed: history.never_confirmed,
              refused: history.refused,
              not_ordered: history.not_ordered,
            }}
          />
        </Text>
      </Group>
      {history.band_override && (
        <Text size="sm" data-testid="band-override">
          <FormattedMessage
            id="dashboard.phones.overridden"
            values={{
              rules: <FormattedMessage id={BAND_LABELS[history.band_by_rules] ?? BAND_LABELS.normal} />,
              by: history.band_override.by_name ?? '—',
              at: <FormattedDate value={history.band_override.at} {...DAY} />,
              note: history.band_override.note,
            }}
          />
        </Text>
      )}
      {hasPermission(user, 'client-block') && !open && (
        <Group className="no-print">
          <Button variant="subtle" size="compact-md" onClick={() => setOpen(true)} data-testid="change-band">
            <FormattedMessage id="dashboard.phones.change_band" />
          </Button>
        </Group>
      )}
      {hasPermission(user, 'client-block') && open && (
        <Group align="end" gap="xs" className="no-print" wrap="wrap" data-testid="band-editor">
          <NativeSelect
            label={intl.formatMessage({ id: 'dashboard.phones.set_band' })}
            value={band}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={bands.map((value) => ({ value, label: intl.formatMessage({ id: BAND_LABELS[value] }) }))}
          />
          <TextInput
            style={{ flex: 1, minInlineSize: '12rem' }}
            label={intl.formatMessage({ id: 'dashboard.phones.note' })}
            value={note}
            maxLength={2000}
            error={noteNeeded && intl.formatMessage({ id: 'dashboard.phones.note_needed' })}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteNeeded(false);
            }}
          />
          <Button loading={setBand.isPending} onClick={() => save(band)} data-testid="save-band">
            <FormattedMessage id="dashboard.phones.save" />
          </Button>
          {history.band_override && (
            <Button
              variant="default"
              loading={setBand.isPending}
              onClick={() => save(null)}
              data-testid="band-to-rules"
            >
              <FormattedMessage id="dashboard.phones.to_rules" />
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
