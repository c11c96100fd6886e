import { describe, it, expect } from 'vitest';
import { loadCities, loadStates } from './ibge.ts';

describe('IBGE geo data', () => {
  const states = loadStates();
  const cities = loadCities();

  it('has the 27 UFs with unique 2-digit codes and siglas, sorted by name', () => {
    expect(states).toHaveLength(27);
    expect(new Set(states.map((s) => s.id)).size).toBe(27);
    expect(new Set(states.map((s) => s.sigla)).size).toBe(27);
    for (const s of states) {
      expect(s.id).toBeGreaterThanOrEqual(11);
      expect(s.id).toBeLessThanOrEqual(53);
      expect(s.sigla).toMatch(/^[A-Z]{2}$/);
    }
    expect(states.find((s) => s.sigla === 'SP')).toEqual({ id: 35, sigla: 'SP', nome: 'São Paulo', regiao: 'Sudeste' });
    expect(states.find((s) => s.sigla === 'DF')).toEqual({ id: 53, sigla: 'DF', nome: 'Distrito Federal', regiao: 'Centro-Oeste' });
    const names = states.map((s) => s.nome);
    expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR').compare));
  });

  it('has every IBGE municipality', () => {
    // 5,571 = the current IBGE "localidades" list: 5,569 municipalities (5,568 at the 2022 census
    // plus Boa Esperança do Norte/MT, 5101837, created in 2023 and installed in 2025), plus
    // Brasília/DF (5300108) and the Distrito Estadual de Fernando de Noronha/PE (2605459), which
    // IBGE codes and lists like municipalities. The often quoted "5,570" predates Boa Esperança.
    expect(cities).toHaveLength(5571);
    expect(cities.find((c) => c.id === 5101837)).toEqual({ id: 5101837, nome: 'Boa Esperança do Norte', state_id: 51 });
    expect(cities.find((c) => c.id === 2605459)).toEqual({ id: 2605459, nome: 'Fernando de Noronha', state_id: 26 });
  });

  it('has unique 7-digit ids whose prefix is a known UF', () => {
    expect(new Set(cities.map((c) => c.id)).size).toBe(cities.length);
    const ufIds = new Set(states.map((s) => s.id));
    for (const c of cities) {
      expect(ufIds.has(c.state_id)).toBe(true);
      expect(String(c.id)).toMatch(/^\d{7}$/);
      expect(Math.trunc(c.id / 100_000)).toBe(c.state_id);
      expect(c.nome).toBe(c.nome.normalize('NFC'));
    }
    const bySigla = (sigla: string) => {
      const uf = states.find((s) => s.sigla === sigla);
      return cities.filter((c) => c.state_id === uf?.id).length;
    };
    expect(bySigla('SP')).toBe(645);
    expect(bySigla('MG')).toBe(853);
    expect(bySigla('DF')).toBe(1);
  });

  it('has correct names and UFs (spot checks)', () => {
    const byId = new Map(cities.map((c) => [c.id, c]));
    expect(byId.get(3550308)).toEqual({ id: 3550308, nome: 'São Paulo', state_id: 35 });
    expect(byId.get(5300108)).toEqual({ id: 5300108, nome: 'Brasília', state_id: 53 });
    expect(byId.get(3304557)).toEqual({ id: 3304557, nome: 'Rio de Janeiro', state_id: 33 });
    expect(byId.get(2611606)).toEqual({ id: 2611606, nome: 'Recife', state_id: 26 });
    expect(byId.get(3530607)?.nome).toBe('Mogi das Cruzes');
    expect(byId.get(3522208)?.nome).toBe('Itapecerica da Serra');
  });

  it('sorts cities by UF code then name, and returns fresh copies', () => {
    const collator = new Intl.Collator('pt-BR');
    for (let i = 1; i < cities.length; i++) {
      const a = cities[i - 1];
      const b = cities[i];
      expect(a.state_id < b.state_id || (a.state_id === b.state_id && collator.compare(a.nome, b.nome) <= 0)).toBe(true);
    }
    cities[0].nome = 'mutated';
    expect(loadCities()[0].nome).not.toBe('mutated');
  });
});
