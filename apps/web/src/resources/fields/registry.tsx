/** The field registry: one input component per field kind (files are handled apart: they upload after saving). */
import type { ComponentType } from 'react';
import type { FieldKind } from '@paco/domain/fields';
import type { FieldInputProps } from './types';
import TextInput from './TextInput';
import ColorInput from './ColorInput';
import MaskedInput from './MaskedInput';
import { DecimalInput, IntInput, MoneyInput } from './NumberInputs';
import BoolInput from './BoolInput';
import DateInput from './DateInput';
import SelectInput from './SelectInput';
import RefInput from './RefInput';
import JsonInput from './JsonInput';
import MultiSelectInput from './MultiSelectInput';

type AnyInput = ComponentType<FieldInputProps<any>>;

export const fieldRegistry: Record<Exclude<FieldKind, 'file'>, AnyInput> = {
  text: TextInput,
  longtext: TextInput,
  email: TextInput,
  password: TextInput,
  url: TextInput,
  color: ColorInput,
  int: IntInput,
  decimal: DecimalInput,
  money: MoneyInput,
  bool: BoolInput,
  date: DateInput,
  datetime: DateInput,
  time: DateInput,
  cpf: MaskedInput,
  cnpj: MaskedInput,
  cep: MaskedInput,
  phone: MaskedInput,
  select: SelectInput,
  multi: MultiSelectInput,
  ref: RefInput,
  json: JsonInput,
};
