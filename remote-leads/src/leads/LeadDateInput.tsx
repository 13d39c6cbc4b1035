import { isDayText, leadDateFromInput, leadDateInput } from '@auditdesk/shared';
import { Group, Input, TextInput } from '@mantine/core';
import { useState } from 'react';

interface LeadDateInputProps {
  label: string;
  /** The date as the form holds it: an instant, a day (yyyy-mm-dd, all day), or null. */
  value: string | null;
  /** The business's zone: the time is typed on its clocks, whatever the browser's. */
  timeZone: string | undefined;
  onChange: (value: string | null) => void;
}

/**
 * A lead's date as a day and a time of day on the business's clocks (DESIGN.md section 23):
 * without a time it is a day, all day, in no zone.
 */
export function LeadDateInput({ label, value, timeZone, onChange }: LeadDateInputProps) {
  const [typed, setTyped] = useState(() => leadDateInput(value, isDay(value), timeZone));
  // the value set from outside (the lead reloaded, a conflict resolved) replaces what was typed
  const shown = leadDateFromInput(typed.day, typed.time, timeZone) === value ? typed : null;
  const parts = shown ?? leadDateInput(value, isDay(value), timeZone);
  const change = (next: { day: string; time: string }) => {
    setTyped(next);
    onChange(leadDateFromInput(next.day, next.time, timeZone));
  };
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={parts.day && !parts.time ? 'All day (no time)' : undefined}
      inputWrapperOrder={['label', 'input', 'description']}
    >
      <Group gap="xs" wrap="nowrap" grow role="group" aria-label={label}>
        <TextInput
          type="date"
          aria-label={`${label} day`}
          value={parts.day}
          onChange={(event) => change({ ...parts, day: event.currentTarget.value })}
        />
        <TextInput
          type="time"
          aria-label={`${label} time`}
          value={parts.time}
          disabled={!parts.day}
          onChange={(event) => change({ ...parts, time: event.currentTarget.value })}
        />
      </Group>
    </Input.Wrapper>
  );
}

const isDay = (value: string | null) => value !== null && isDayText(value);
