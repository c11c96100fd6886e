import type { ResourceDef } from '@paco/domain/resource';
import type { Ref } from 'react';
import type { Field } from '@paco/domain/fields';
import type { ListQuery } from '../defs';

export interface RefOption {
  id: number;
  label: string;
}

/** What every field input of the registry receives (a controlled input). */
export interface FieldInputProps<F extends Field = Field> {
  /** form key = the API field name */
  name: string;
  field: F;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** validation message shown beside the field */
  error?: string;
  disabled?: boolean;
  mode: 'create' | 'edit';
  /** references: the option known from the record's expansion */
  initialOption?: RefOption | null;
  /** references: extra list filters (e.g. cities of the chosen state) */
  extraQuery?: ListQuery;
  /**
   * references: the record's resource and the field's name, whose options route (`{path}/options/{field}`) answers
   * who may not read the target's own list: a form's writer every row it may point at; a list's filter (`in: 'rows'`,
   * decision 0052) the rows that the records the session reads point at
   */
  owner?: { def: ResourceDef; field: string; in?: 'rows' };
  /** editing: the value stored on the record (a select with transitions offers what it may become from there) */
  original?: unknown;
  /** shown, selectable and read by screen readers, but not editable (text inputs; see READ_ONLY_KINDS) */
  readOnly?: boolean;
}

/** Kinds whose input shows `readOnly` as read-only text; the others are disabled instead. */
export const READ_ONLY_KINDS: ReadonlySet<string> = new Set(['text', 'longtext', 'email', 'url']);

export const fieldId = (name: string): string => `field-${name}`;
export const helper = (p: { error?: string; field: Field }): string | undefined => p.error ?? p.field.help;

/** The props every text-like input shares: id, name, label, required, value, change/blur, error text, disabled. */
export function textFieldProps(p: FieldInputProps) {
  return {
    id: fieldId(p.name),
    name: p.name,
    label: p.field.label,
    required: p.field.required,
    value: (p.value as string | null | undefined) ?? '',
    onChange: (e: { target: { value: string } }) => p.onChange(e.target.value),
    onBlur: p.onBlur,
    inputRef: p.inputRef,
    error: !!p.error,
    helperText: helper(p),
    disabled: p.disabled,
    fullWidth: true,
  };
}
