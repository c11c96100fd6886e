-- The câmara's protocol operator (cm_operador_protocolo) receives and registers the councillors' matters
-- (Legislativo › Matérias Recebidas): its default permissions gain view_matter, which that screen asks for, so the
-- "Matérias recebidas a protocolar" of its start page opens. Installations seeded before get the link now; a
-- superadmin who edits the role's permissions afterwards keeps their choice (this runs once).
INSERT INTO "permission_role" ("permission_id", "role_id")
SELECT p."id", r."id" FROM "permissions" p, "roles" r
WHERE p."name" = 'view_matter' AND r."name" = 'cm_operador_protocolo'
ON CONFLICT DO NOTHING;
