import { Combobox, InputBase, useCombobox } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';

interface ChoiceInputProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** What is wrong with the value, shown under the field. */
  error?: string | null;
}

/**
 * A select of the known values that also takes a new one typed in: the text is the value,
 * the list offers what matches it (everything while the text is itself a known value).
 */
export function ChoiceInput({ label, value, options, onChange, error }: ChoiceInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const needle = value.trim().toLowerCase();
  const exact = options.some((option) => option.toLowerCase() === needle);
  const shown =
    exact || !needle ? options : options.filter((option) => option.toLowerCase().includes(needle));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(option) => {
        onChange(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          value={value}
          error={error}
          rightSection={<IconSelector size={16} />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={shown.length === 0}>
        <Combobox.Options mah={220} style={{ overflowY: 'auto' }}>
          {shown.map((option) => (
            <Combobox.Option value={option} key={option} active={option.toLowerCase() === needle}>
              {option}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
