import '@mantine/dates/styles.css';
import { useBusinessTimeZone } from '@auditdesk/shared';
import { Button, Group, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { dateOfDay, dayOfDate, parseTypedDay } from './dayInputValue';

interface DateRangeFilterProps {
  startDate: string;
  endDate: string;
  onChange: (range: { startDate: string; endDate: string }) => void;
}

/**
 * One day: a single text box, one Tab stop where the browser's date input takes four (month,
 * day, year, its button). Typed as mm/dd/yyyy (or yyyy-mm-dd), or picked in the calendar a
 * click or the Down arrow opens; focus alone opens nothing, so tabbing past covers nothing.
 */
function DayInput({ label, day, onDay }: { label: string; day: string; onDay: (day: string) => void }) {
  const value = useMemo(() => dateOfDay(day), [day]);
  const [calendar, setCalendar] = useState(false);
  return (
    <DateInput
      aria-label={label}
      size="xs"
      w={124}
      placeholder="mm/dd/yyyy"
      valueFormat="MM/DD/YYYY"
      dateParser={parseTypedDay}
      clearable
      value={value}
      onChange={(date) => {
        setCalendar(false);
        onDay(dayOfDate(date));
      }}
      onClick={() => setCalendar(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setCalendar(true);
        if (event.key === 'Escape' || event.key === 'Enter') setCalendar(false);
      }}
      onBlur={() => setCalendar(false)}
      popoverProps={{ withinPortal: true, opened: calendar }}
    />
  );
}

export function DateRangeFilter({ startDate, endDate, onChange }: DateRangeFilterProps) {
  // the one zone every date and time on the screens is in, and typed in (DESIGN.md section 23)
  const timeZone = useBusinessTimeZone();
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={500}>
        Scheduled Date:
      </Text>
      <DayInput label="Start Date" day={startDate} onDay={(day) => onChange({ startDate: day, endDate })} />
      <Text size="sm">to</Text>
      <DayInput label="End Date" day={endDate} onDay={(day) => onChange({ startDate, endDate: day })} />
      {(startDate || endDate) && (
        <Button size="xs" variant="subtle" onClick={() => onChange({ startDate: '', endDate: '' })}>
          Clear
        </Button>
      )}
      {timeZone && (
        <Text size="xs" c="dimmed" data-testid="business-time-zone">
          All times in {timeZone}
        </Text>
      )}
    </Group>
  );
}
