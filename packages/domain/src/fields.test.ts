import { describe, expect, it } from 'vitest';
import { f, LINK_SCHEMES, urlHasScheme } from './fields.ts';
import { createSchema, defineResource, fieldSchema, updateSchema } from './resource.ts';
import { companies, parseEmbedOrigins } from './resources/admin.ts';
import { links } from './resources/conteudo.ts';
import { LIVE_SESSION_ACTIONS } from './resources/plenario.ts';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('url fields accept only their schemes', () => {
  const site = fieldSchema(f.url({ label: 'Site' }));
  it('take http:// and https:// addresses by default', () => {
    for (const v of ['https://camara.gov.br', 'http://localhost:3000/x?y=1#z', 'HTTPS://EXEMPLO.COM.BR/', '  https://exemplo.com  ']) {
      expect(site.safeParse(v).success, v).toBe(true);
    }
    expect(site.parse('  https://exemplo.com  ')).toBe('https://exemplo.com');
  });

  it('refuse script, data and other schemes with a pt-BR message naming the accepted ones', () => {
    for (const v of [
      'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'ftp://exemplo.com',
      'mailto:ouvidoria@camara.gov.br', 'tel:+551133334444', 'http:exemplo.com',
    ]) {
      const r = site.safeParse(v);
      expect(r.success, JSON.stringify(v)).toBe(false);
      expect(r.error!.issues[0].message).toBe('Informe um endereço que comece com http:// ou https://.');
    }
  });

  it('refuse text that is not an address', () => {
    for (const v of ['exemplo.com', '//exemplo.com', 'https://', 'https:// x', 'nada', '', '   ']) {
      const r = site.safeParse(v);
      expect(r.success, JSON.stringify(v)).toBe(false);
      expect(r.error!.issues[0].message).toBe('Informe um endereço válido.');
    }
  });

  it('the plenary session\'s media link action follows the same rule', () => {
    const input = LIVE_SESSION_ACTIONS.save_link_midia.input;
    expect(input.safeParse({ linkMidia: 'https://www.youtube.com/@camara/streams' }).success).toBe(true);
    expect(input.safeParse({ linkMidia: null }).success).toBe(true);
    expect(input.safeParse({ linkMidia: 'javascript:alert(1)' }).error!.issues[0].message).toBe('Informe um endereço que comece com http:// ou https://.');
  });

  it('take mailto: and tel: where the field is a contact link (menu links)', () => {
    const schema = createSchema(links);
    for (const url of ['https://camara.gov.br/ouvidoria', 'mailto:ouvidoria@camara.gov.br', 'tel:+551133334444']) {
      expect(schema.safeParse({ description: 'Fale conosco', url }).success, url).toBe(true);
    }
    const r = schema.safeParse({ description: 'x', url: 'javascript:alert(1)' });
    expect(errorsOf(r)).toEqual({ url: 'Informe um endereço que comece com http://, https://, mailto: ou tel:.' });
  });

  it('apply to create and update schemas alike; blank still clears an optional field', () => {
    expect(errorsOf(createSchema(companies).safeParse({ name: 'Câmara', url: 'javascript:alert(1)' }))).toEqual({ url: 'Informe um endereço que comece com http:// ou https://.' });
    expect(errorsOf(updateSchema(companies).safeParse({ url: 'data:text/html,x' }))).toEqual({ url: 'Informe um endereço que comece com http:// ou https://.' });
    expect(updateSchema(companies).parse({ url: '' })).toEqual({ url: null });
    const r = defineResource({
      name: 'x', path: 'x', tenant: false, label: { one: 'X', many: 'X' }, display: 'u', access: { read: 'public' },
      fields: { u: f.url({ label: 'Link', required: true }) }, list: { columns: [], sort: 'id', search: [] },
    });
    expect(errorsOf(createSchema(r).safeParse({ u: '' }))).toEqual({ u: 'O campo Link é obrigatório.' });
  });

  it('urlHasScheme: what the web may render as a link', () => {
    expect(urlHasScheme('mailto:a@b.com', LINK_SCHEMES)).toBe(true);
    expect(urlHasScheme('tel:+5511999990000', LINK_SCHEMES)).toBe(true);
    expect(urlHasScheme('https://a.b', LINK_SCHEMES)).toBe(true);
    expect(urlHasScheme('javascript:alert(1)', LINK_SCHEMES)).toBe(false);
    expect(urlHasScheme('mailto:a@b.com')).toBe(false);
  });
});

describe('companies.painel_origens: the sites that may embed the public panel', () => {
  const upd = updateSchema(companies);
  it('takes origins separated by spaces or commas, normalized for the header', () => {
    const text = 'https://camara.gov.br, https://www.camara.gov.br/  http://localhost:8080,HTTPS://TV.Camara.gov.br https://câmara.gov.br https://camara.gov.br';
    expect(upd.safeParse({ painel_origens: text }).success).toBe(true);
    expect(parseEmbedOrigins(text)).toEqual({
      origins: ['https://camara.gov.br', 'https://www.camara.gov.br', 'http://localhost:8080', 'https://tv.camara.gov.br', 'https://xn--cmara-3qa.gov.br'],
      invalid: [],
    });
    expect(parseEmbedOrigins(null)).toEqual({ origins: [], invalid: [] });
    expect(upd.parse({ painel_origens: '' })).toEqual({ painel_origens: null });
  });

  it('refuses paths, wildcards, keywords and other schemes with a pt-BR message (422 on the server)', () => {
    const err = (v: string) => errorsOf(upd.safeParse({ painel_origens: v })).painel_origens;
    expect(err('https://camara.gov.br/painel')).toBe(`Informe só o endereço do site, sem caminho: "https://camara.gov.br/painel" deve ser "https://camara.gov.br".`);
    expect(err('https://camara.gov.br?x=1')).toContain('sem caminho');
    expect(err('https://*.camara.gov.br')).toBe(`Curingas (*) não são aceitos: informe cada site, como https://camara.gov.br.`);
    expect(err('*')).toContain('Curingas');
    for (const v of ["'self'", "'none'", 'camara.gov.br', 'javascript:alert(1)', 'ftp://camara.gov.br', 'https://user:senha@camara.gov.br', 'https://a.br;script-src', 'data:']) {
      expect(err(`https://ok.gov.br ${v}`), v).toMatch(/não é o endereço de um site|sem caminho/);
    }
    expect(err('https://a.br;script-src')).toContain('não é o endereço de um site');
  });
});

describe('schemas are built once per field and per resource (a server holds every one of them)', () => {
  it('a resource\'s create and update schemas are the same objects on every call, and share their fields', () => {
    expect(createSchema(companies)).toBe(createSchema(companies));
    expect(updateSchema(companies)).toBe(updateSchema(companies));
    expect(createSchema(companies, ['nome'])).toBe(createSchema(companies, ['nome']));
    expect(createSchema(companies, ['nome'])).not.toBe(createSchema(companies));
    expect(createSchema(companies, ['nome']).shape).not.toHaveProperty('nome');
    // an optional field is one schema in create and update
    const optional = Object.entries(companies.fields).find(([, fl]) => !fl.required && !fl.readOnly && fl.kind !== 'file')![0];
    expect(createSchema(companies).shape[optional]).toBe(updateSchema(companies).shape[optional]);
    const fl = f.text({ label: 'Nome', max: 10 });
    expect(fieldSchema(fl)).toBe(fieldSchema(fl));
  });

  it('text checks run in their order in one schema: trimmed, then measured, then required', () => {
    const nome = fieldSchema(f.text({ label: 'Nome', max: 5, required: true }));
    expect(nome.parse('  abc  ')).toBe('abc');
    expect(errorsOf(nome.safeParse('abcdef'))['']).toBe('O campo Nome deve ter no máximo 5 caracteres.');
    expect(errorsOf(nome.safeParse('   '))['']).toBe('O campo Nome é obrigatório.');
    expect(fieldSchema(f.email({ label: 'E-mail' })).parse(' A@B.COM ')).toBe('a@b.com');
  });
});
