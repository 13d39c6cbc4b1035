import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A read-only address to pass on, selected on focus, with a button that copies it. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
            {copied ? 'Copied' : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
