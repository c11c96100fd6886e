import { describe, expect, it } from 'vitest';
import { HOME_MENU, MODULES, menuItemFor, moduleForPath, visibleHomeMenu, visibleMenu, visibleModules } from './modules.ts';
import { PERMISSIONS } from './roles.ts';

const user = (roles: string[], permissions: string[] = [...PERMISSIONS]) => ({
  roles: roles.map((name) => ({ name })),
  permissions: permissions.map((name) => ({ name })),
});
const titles = (list: readonly { title: string }[]) => list.map((x) => x.title);

describe('modules', () => {
  it('has every module home route of spec §2', () => {
    const homes = MODULES.map((m) => m.to).sort();
    expect(homes).toEqual([
      '/admin', '/autarquia', '/carta', '/conselhos', '/consorcio', '/convenio', '/cotacao', '/culture', '/diario', '/empresa',
      '/example', '/executive', '/ged', '/instituto', '/legislativo', '/legislativo-parlamentar', '/licitacao', '/notifications',
      '/obras', '/ouvidoria', '/processo-seletivo', '/protocol', '/publication', '/saae', '/settings', '/sic', '/sindicato',
      '/site', '/sobre', '/turismo', '/veiculos',
    ].sort());
    expect(new Set(MODULES.map((m) => m.key)).size).toBe(MODULES.length);
  });

  it('modules without menu items have only their home', () => {
    for (const key of ['ged', 'instituto', 'processo-seletivo', 'saae', 'sindicato', 'turismo', 'veiculos']) {
      expect(visibleMenu(key, user(['superadmin']))).toEqual([]);
    }
  });

  it('the councils\' and the works\' own roles find their screens in their own modules, not in Executivo', () => {
    expect(titles(visibleMenu('conselhos', user(['conselhos'])))).toEqual(['Associações', 'Conselhos']);
    expect(titles(visibleMenu('obras', user(['obras'])))).toEqual(['Obras']);
    expect(titles(visibleModules(user(['conselhos', 'obras'])))).toEqual(['Conselhos', 'Obras']);
    expect(visibleMenu('obras', user(['conselhos']))).toEqual([]);
  });

  it('E-SIC (beyond the spec\'s home route) lists the requests for information and the appeal instances, for its role and the admins only', () => {
    for (const roles of [['sic'], ['admin'], ['superadmin']]) expect(titles(visibleMenu('sic', user(roles)))).toEqual(['Instâncias de recurso', 'Pedidos de informação']);
    expect(titles(visibleModules(user(['sic'])))).toEqual(['E-SIC']);
    expect(visibleMenu('sic', user(['ouvidoria']))).toEqual([]);
  });

  it('a vereador (cm_parlamentar) sees Legislativo but not Legislaturas nor Partidos', () => {
    const u = user(['cm_parlamentar']);
    expect(titles(visibleModules(u))).toContain('Legislativo');
    const menu = titles(visibleMenu('legislativo', u));
    expect(menu).not.toContain('Legislaturas');
    expect(menu).not.toContain('Partidos');
    expect(menu).toContain('Matérias');
    expect(menu).toContain('Presença');
    expect(titles(visibleModules(u))).not.toContain('Administrativo');
  });

  it('Legislativo entries check permissions, except Presença', () => {
    const u = user(['cm_parlamentar'], ['view_matter']);
    expect(titles(visibleMenu('legislativo', u))).toEqual(['Matérias', 'Matérias Recebidas', 'Pareceres das Comissões', 'Presença', 'Solicitações']);
  });

  it('cm_admin sees Legislaturas and Partidos', () => {
    const menu = titles(visibleMenu('legislativo', user(['cm_admin'])));
    expect(menu).toContain('Legislaturas');
    expect(menu).toContain('Partidos');
  });

  it('an operator opens Legislativo (module rule) but its entries are for the listed roles only', () => {
    const u = user(['cm_operador_sessao']);
    expect(titles(visibleModules(u))).toContain('Legislativo');
    // the spec's entries are not theirs; the live plenary's control room is, and the session's pauta and atas
    expect(titles(visibleMenu('legislativo', u))).toEqual(['Atas', 'Pauta', 'Sala de Controle']);
    expect(titles(visibleMenu('legislativo', user(['cm_operador_painel'])))).toEqual(['Sala de Controle']);
    expect(titles(visibleMenu('legislativo', user(['cm_parlamentar'])))).not.toContain('Sala de Controle');
  });

  it('protocolo sees Protocolo and Configurações with its entries', () => {
    const u = user(['protocolo']);
    const mods = titles(visibleModules(u));
    expect(mods).toEqual(expect.arrayContaining(['Protocolo', 'Configurações']));
    expect(mods).not.toContain('Administrativo');
    expect(titles(visibleMenu('settings', u))).toEqual(
      ['Bancos', 'Contas Bancárias', 'Feriados', 'Histórico', 'Itens', 'Logs', 'Medidas', 'Pessoas', 'Usuários'],
    );
  });

  it('pm_cultura_admin sees Cultural and its items but not "Meu Cadastro"; an artist sees "Meu Cadastro" and the funding calls', () => {
    const adminCulture = user(['pm_cultura_admin']);
    expect(titles(visibleModules(adminCulture))).toContain('Cultural');
    // spec 1 §6's four entries, and Paço's funding calls with their applications (decision 0053)
    expect(titles(visibleMenu('culture', adminCulture))).toEqual(
      ['Artistas', 'Editais de Fomento', 'Equipamentos Culturais', 'Grupos Culturais', 'Inscrições em Editais', 'Usuários da Cultura'],
    );
    const artist = user(['pm_cultura_artista']);
    expect(titles(visibleModules(artist))).toEqual(['Cultural']);
    expect(titles(visibleMenu('culture', artist))).toEqual(['Editais de Fomento', 'Meu Cadastro', 'Minhas Inscrições']);
  });

  it('admin sees Administrativo with its six items sorted by title', () => {
    const u = user(['admin']);
    expect(titles(visibleModules(u))).toContain('Administrativo');
    expect(titles(visibleMenu('admin', u))).toEqual(['Entidades', 'Funções', 'Instituições', 'Liberações', 'Permissões', 'Usuários']);
  });

  it('menus are sorted alphabetically with pt-BR collation (accents do not push items to the end)', () => {
    const menu = titles(visibleMenu('legislativo', user(['admin'])));
    expect(menu).toEqual([...menu].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(menu.indexOf('Audiências')).toBeLessThan(menu.indexOf('Comissões'));
    const mods = titles(visibleModules(user(['superadmin'])));
    expect(mods).toEqual([...mods].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('mananger reaches Site, Executivo and the settings entries listed for it', () => {
    const u = user(['mananger']);
    const mods = titles(visibleModules(u));
    expect(mods).toEqual(expect.arrayContaining(['Site Governamental', 'Executivo', 'Configurações']));
    expect(titles(visibleMenu('settings', u))).toContain('Categorias');
    expect(titles(visibleMenu('settings', u))).not.toContain('Unidades de Tramitação');
  });

  it('ouvidoria sees Ouvidoria and its Manifestações; small modules use their own role', () => {
    expect(titles(visibleModules(user(['ouvidoria'])))).toContain('Ouvidoria');
    expect(titles(visibleModules(user(['saae'])))).toEqual(['Saae']);
    expect(titles(visibleModules(user(['dom'])))).toEqual(['Diário Oficial']);
  });

  it('nobody and users without roles see nothing', () => {
    expect(visibleModules(null)).toEqual([]);
    expect(visibleModules(user([]))).toEqual([]);
  });

  it('home menu: Perfil and Sobre', () => {
    expect(titles(HOME_MENU)).toEqual(['Perfil', 'Sobre']);
    expect(titles(visibleHomeMenu(user(['saae'])))).toEqual(['Perfil']);
    expect(titles(visibleHomeMenu(user(['licitacao'])))).toEqual(['Perfil', 'Sobre']);
  });

  it('finds the module of a path and the item of a route', () => {
    expect(moduleForPath('/legislativo-parlamentar/matters')?.key).toBe('legislativo-parlamentar');
    expect(moduleForPath('/legislativo/matters/3')?.key).toBe('legislativo');
    expect(moduleForPath('/admin')?.key).toBe('admin');
    expect(moduleForPath('/adminx')).toBeUndefined();
    expect(menuItemFor('/admin/users')?.title).toBe('Usuários');
  });
});
