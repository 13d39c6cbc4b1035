import { ApiError } from '@auditdesk/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Tabs, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ChoiceInput } from './ChoiceInput';
import { LeadHistory } from './history/LeadHistory';
import { leadChanges } from './leadChanges';
import { LeadConflictAlert } from './LeadConflictAlert';
import { CalendarWriteNotice } from './review/CalendarWriteNotice';
import { OfficeValuesPanel } from './review/OfficeValuesPanel';
import { toLeadRow } from './leadRows';
import type { ChoiceField } from './knownValues';
import type { LeadFormValues } from './leadsApi';
import type { ApiLead, LeadRow } from './leadTypes';

const EMPTY: LeadFormValues = {
  customerName: '',
  address: '',
  email: '',
  phoneNumber: '',
  auditor: '',
  houseType: '',
  heatingFuel: '',
  provider: '',
  referredBy: '',
  scheduledBy: '',
  status: 'New',
  scheduledDate: null,
  endDate: null,
  linkId: '',
  comments: '',
};

const fromRow = (row: LeadRow): LeadFormValues => ({
  customerName: row.customerName,
  address: row.address,
  email: row.email,
  phoneNumber: row.phoneNumber,
  auditor: row.auditor,
  houseType: row.houseType,
  heatingFuel: row.heatingFuel,
  provider: row.provider,
  referredBy: row.referredBy,
  scheduledBy: row.scheduledBy,
  status: row.status || 'New',
  scheduledDate: row.scheduledDate || null,
  endDate: row.endDate || null,
  linkId: row.linkId,
  comments: row.comments,
});

/** The local date-time input value of an instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** The fields the form checks itself; what is wrong is said on the field. */
type CheckedField = 'customerName' | 'email' | 'status';
export type LeadFieldErrors = Partial<Record<CheckedField, string>>;

/** Checks the form before the server does, with the same limits; empty when it may be sent. */
export function validateLead(values: LeadFormValues): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  if (!values.customerName.trim()) errors.customerName = 'Customer name is required.';
  if (values.email && !/^\S+@\S+\.\S+$/.test(values.email))
    errors.email = 'Please enter a valid email address.';
  if (values.status.trim().length > 40) errors.status = 'The status may have at most 40 characters.';
  return errors;
}

/** The lead as this form opened it: what changed is measured from it, and its version guards the save. */
export interface OpenedLead {
  values: LeadFormValues;
  version: number;
}

interface LeadFormModalProps {
  lead: LeadRow | 'new' | null;
  /** What Status, Auditor, House Type, Heating Fuel and Provider offer. */
  choices: Record<ChoiceField, string[]>;
  onClose: () => void;
  /** Saves a new lead (opened null) or the changes since `opened`. */
  onSave: (values: LeadFormValues, opened: OpenedLead | null) => Promise<void>;
}

export function LeadFormModal({ lead, choices, onClose, onSave }: LeadFormModalProps) {
  // the page gives each lead its own key, so the form starts from that lead's values
  const [values, setValues] = useState<LeadFormValues>(() =>
    lead && lead !== 'new' ? fromRow(lead) : EMPTY,
  );
  const [opened, setOpened] = useState<OpenedLead | null>(() =>
    lead && lead !== 'new' ? { values: fromRow(lead), version: lead.version } : null,
  );
  const [conflict, setConflict] = useState<OpenedLead | null>(null);
  // a failure of the save itself (the server's answer) is a banner; a field's mistake is on the field
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<LeadFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const clearErrors = (field: keyof LeadFormValues) => {
    setError(null);
    setFieldErrors(({ [field as CheckedField]: _cleared, ...others }) => others);
  };
  const set = (field: keyof LeadFormValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value; // read now: React clears currentTarget after the handler
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  };
  /** A moment of the visit, typed in this browser's time, kept in UTC. */
  const visitTime = (field: 'scheduledDate' | 'endDate', label: string) => (
    <TextInput
      label={label}
      type="datetime-local"
      value={toLocalInput(values[field])}
      onChange={(event) => {
        const value = fromLocalInput(event.currentTarget.value);
        setValues((current) => ({ ...current, [field]: value }));
      }}
    />
  );
  const choice = (field: ChoiceField, label: string) => (
    <ChoiceInput
      label={label}
      value={values[field]}
      options={choices[field]}
      error={field === 'status' ? fieldErrors.status : undefined}
      onChange={(value) => {
        setValues((current) => ({ ...current, [field]: value }));
        clearErrors(field);
      }}
    />
  );

  const save = async (base: OpenedLead | null, toSave: LeadFormValues) => {
    const invalid = validateLead(toSave);
    if (Object.keys(invalid).length > 0) return setFieldErrors(invalid);
    setSaving(true);
    try {
      await onSave(toSave, base);
      onClose();
    } catch (failure) {
      const current =
        failure instanceof ApiError && failure.status === 412 ? failure.problem?.current : undefined;
      if (current) {
        const row = toLeadRow(current as ApiLead);
        setConflict({ values: fromRow(row), version: row.version });
      } else setError(failure instanceof Error ? failure.message : 'Failed to save the lead.');
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(opened, values);
  };
  /** After a decision about the calendar's values: the form starts again from the lead as it is now. */
  const startFrom = (current: ApiLead) => {
    const row = fromRow(toLeadRow(current));
    setValues(row);
    setOpened({ values: row, version: current.version ?? 0 });
    setConflict(null);
  };
  const useTheirs = () => {
    setValues(conflict!.values);
    setOpened(conflict);
    setConflict(null);
  };
  const keepMine = () => {
    // their version, with the fields this person changed on top: only those are sent again
    const merged = { ...conflict!.values, ...leadChanges(opened!.values, values) };
    setValues(merged);
    setOpened(conflict);
    setConflict(null);
    void save(conflict, merged);
  };

  const form = (
    <form onSubmit={submit} noValidate>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {conflict && opened && (
        <LeadConflictAlert
          opened={opened.values}
          current={conflict.values}
          onUseTheirs={useTheirs}
          onKeepMine={keepMine}
        />
      )}
      {lead && lead !== 'new' && lead.source === 'calendar' && (
        <>
          <CalendarWriteNotice leadId={lead.id} />
          <OfficeValuesPanel leadId={lead.id} canEdit onResolved={startFrom} />
        </>
      )}
      <SimpleGrid cols={2}>
        <TextInput
          label="Customer Name"
          required
          value={values.customerName}
          error={fieldErrors.customerName}
          onChange={set('customerName')}
          data-autofocus
        />
        {choice('status', 'Status')}
        {visitTime('scheduledDate', 'Scheduled Date')}
        {visitTime('endDate', 'End Time')}
        {choice('auditor', 'Auditor')}
        {choice('houseType', 'House Type')}
        <TextInput label="Phone Number" value={values.phoneNumber} onChange={set('phoneNumber')} />
        <TextInput
          label="Email"
          type="email"
          value={values.email}
          error={fieldErrors.email}
          onChange={set('email')}
        />
        {choice('heatingFuel', 'Heating Fuel')}
        {choice('provider', 'Provider')}
        <TextInput label="Referred by" value={values.referredBy} onChange={set('referredBy')} />
        <TextInput label="Scheduled By" value={values.scheduledBy} onChange={set('scheduledBy')} />
      </SimpleGrid>
      <TextInput label="Address" mt="sm" value={values.address} onChange={set('address')} />
      <Textarea
        label="Comments"
        mt="sm"
        autosize
        minRows={2}
        value={values.comments}
        onChange={set('comments')}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={conflict !== null}>
          Save
        </Button>
      </Group>
    </form>
  );

  return (
    <Modal
      opened={lead !== null}
      onClose={() => !saving && onClose()}
      title={lead === 'new' ? 'Add Lead' : 'Edit Lead'}
      size="lg"
    >
      {lead && lead !== 'new' ? (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">{form}</Tabs.Panel>
          <Tabs.Panel value="history">
            <LeadHistory leadId={lead.id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        form
      )}
    </Modal>
  );
}
