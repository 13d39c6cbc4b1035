import {
  ApiError,
  EDITABLE_LEAD_FIELDS,
  useBusinessTimeZone,
  LEAD_FIELD_TABLE,
  leadFieldDefault,
  leadFieldRow,
  type EditableLeadField,
} from '@auditdesk/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Tabs, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ChoiceInput } from './ChoiceInput';
import { LeadDateInput } from './LeadDateInput';
import { LeadHistory } from './history/LeadHistory';
import { leadChanges } from './leadChanges';
import { LeadConflictAlert } from './LeadConflictAlert';
import { CalendarWriteNotice } from './review/CalendarWriteNotice';
import { OfficeValuesPanel } from './review/OfficeValuesPanel';
import { LEAD_FORM_LAYOUT } from './leadFormLayout';
import { toLeadRow } from './leadRows';
import type { ChoiceField } from './knownValues';
import type { LeadFormValues } from './leadsApi';
import type { ApiLead, LeadRow } from './leadTypes';

/** A new lead's form: each field's default (the field table's), a required one empty. */
const EMPTY = Object.fromEntries(
  EDITABLE_LEAD_FIELDS.map((field) => [field, leadFieldRow(field).required ? '' : leadFieldDefault(field)]),
) as LeadFormValues;

/**
 * A row's values as the form edits them: what the row leaves empty is the field's default,
 * and a day's dates are their days (yyyy-mm-dd), as the API takes a day.
 */
const fromRow = (row: LeadRow): LeadFormValues =>
  Object.fromEntries(
    EDITABLE_LEAD_FIELDS.map((field) => {
      const value = row[field] || leadFieldDefault(field);
      const day = row.allDay && leadFieldRow(field).kind === 'date' && typeof value === 'string';
      return [field, day ? value.slice(0, 10) : value];
    }),
  ) as LeadFormValues;

/** The fields the form checks itself; what is wrong is said on the field. */
type CheckedField = 'customerName' | 'email' | 'status';
export type LeadFieldErrors = Partial<Record<CheckedField, string>>;

/** Checks the form before the server does, with the same limits; empty when it may be sent. */
export function validateLead(values: LeadFormValues): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  if (!values.customerName.trim()) errors.customerName = 'Customer name is required.';
  if (values.email && !/^\S+@\S+\.\S+$/.test(values.email))
    errors.email = 'Please enter a valid email address.';
  const statusMax = LEAD_FIELD_TABLE.status.text.max;
  if (values.status.trim().length > statusMax)
    errors.status = `The status may have at most ${statusMax} characters.`;
  return errors;
}

/** The lead as this form opened it: what changed is measured from it, and its version guards the save. */
export interface OpenedLead {
  values: LeadFormValues;
  version: number;
}

interface LeadFormModalProps {
  lead: LeadRow | 'new' | null;
  /** What each field with choices (the field table's) offers. */
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
  const timeZone = useBusinessTimeZone();
  const clearErrors = (field: keyof LeadFormValues) => {
    setError(null);
    setFieldErrors(({ [field as CheckedField]: _cleared, ...others }) => others);
  };
  const set = (field: keyof LeadFormValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value; // read now: React clears currentTarget after the handler
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  };
  /**
   * A field's input, by its kind in the field table, labelled by it; `across`: below the grid,
   * the form's width.
   */
  const input = (field: EditableLeadField, index: number, across = false) => {
    const row = leadFieldRow(field);
    const common = {
      label: row.label,
      error: fieldErrors[field as CheckedField],
      ...(across ? { mt: 'sm' } : {}),
    };
    if (row.choices)
      return (
        <ChoiceInput
          key={field}
          {...common}
          value={values[field as ChoiceField]}
          options={choices[field as ChoiceField]}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field]: value }));
            clearErrors(field);
          }}
        />
      );
    // a moment of the visit, typed on the business's clocks, or a day
    if (row.kind === 'date')
      return (
        <LeadDateInput
          key={field}
          label={row.label}
          timeZone={timeZone}
          value={values[field] as string | null}
          onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
        />
      );
    const text = { ...common, value: values[field] as string, onChange: set(field) };
    if (row.text?.multiline) return <Textarea key={field} {...text} autosize minRows={2} />;
    return (
      <TextInput
        key={field}
        {...text}
        type={row.kind === 'email' ? 'email' : undefined}
        required={row.required !== undefined}
        data-autofocus={index === 0 || undefined}
      />
    );
  };

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
        const row = toLeadRow(current as ApiLead, timeZone);
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
    const row = fromRow(toLeadRow(current, timeZone));
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
      <SimpleGrid cols={2}>{LEAD_FORM_LAYOUT.grid.map((field, index) => input(field, index))}</SimpleGrid>
      {LEAD_FORM_LAYOUT.across.map((field) => input(field, -1, true))}
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
