import { describe, expect, it } from 'vitest';
import { dataFields, maskCpf, PORTAL_SECTIONS, sectionFields } from './portal.ts';
import { resourceByName } from './resources.ts';

describe('portal sections', () => {
  it('name existing resources and fields, with unique keys', () => {
    expect(new Set(PORTAL_SECTIONS.map((s) => s.key)).size).toBe(PORTAL_SECTIONS.length);
    for (const s of PORTAL_SECTIONS) {
      const r = resourceByName.get(s.resource);
      expect(r, s.key).toBeTruthy();
      for (const k of [...sectionFields(s), ...s.public.map((p) => p.field), ...Object.keys(s.fixed ?? {})]) expect(r!.fields[k], `${s.key}.${k}`).toBeTruthy();
      for (const k of s.files ?? []) expect(r!.fields[k].kind, `${s.key}.${k}`).toBe('file');
      if (s.yearField) expect(['int', 'date', 'datetime']).toContain(r!.fields[s.yearField].kind);
      if (s.typeField) expect(['select', 'ref']).toContain(r!.fields[s.typeField].kind);
      expect(dataFields(s)[0]).toBe(s.titleField);
    }
  });

  it('never publish a CPF whole', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
    for (const s of PORTAL_SECTIONS) {
      const r = resourceByName.get(s.resource)!;
      for (const k of sectionFields(s)) expect(r.fields[k].kind, `${s.key}.${k}`).not.toBe('password');
    }
  });
});
