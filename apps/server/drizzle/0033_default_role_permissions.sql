-- Hand-written (issue 15 §4, decision 0039): the API now holds the nine legislative resources to their menu
-- permission (view_matter, …). Six system roles read some of them without carrying the permission; they get it, as
-- packages/domain/src/roles.ts DEFAULT_ROLE_PERMISSIONS now seeds, so an existing installation loses no access.
-- Nothing is inserted on a new database (the roles do not exist yet: the seed links them) nor twice.
INSERT INTO permission_role (role_id, permission_id)
SELECT r.id, p.id
FROM (VALUES
  ('cm_author', 'view_parliamentary'),
  ('cm_operador_comissao', 'view_parliamentary'),
  ('cm_operador_comissao', 'view_audience'),
  ('cm_operador_materias', 'view_parliamentary'),
  ('cm_operador_norma', 'view_parliamentary'),
  ('cm_operador_norma', 'view_matter'),
  ('cm_painel_eletronico', 'view_parliamentary'),
  ('cm_painel_eletronico', 'view_plenary_session'),
  ('cm_operador_protocolo', 'view_parliamentary')
) AS d(role_name, permission_name)
JOIN roles r ON r.name = d.role_name
JOIN permissions p ON p.name = d.permission_name
WHERE NOT EXISTS (SELECT 1 FROM permission_role x WHERE x.role_id = r.id AND x.permission_id = p.id);
