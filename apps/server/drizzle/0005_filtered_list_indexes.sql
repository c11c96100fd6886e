DROP INDEX "absences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "affiliations_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "affiliations_company_party_id_idx";--> statement-breakpoint
DROP INDEX "agents_company_person_id_idx";--> statement-breakpoint
DROP INDEX "artist_groups_company_bairro_idx";--> statement-breakpoint
DROP INDEX "artist_groups_company_tipoConta_idx";--> statement-breakpoint
DROP INDEX "artist_groups_company_situacao_idx";--> statement-breakpoint
DROP INDEX "artist_groups_company_user_id_idx";--> statement-breakpoint
DROP INDEX "artists_company_Sexo_idx";--> statement-breakpoint
DROP INDEX "artists_company_Escolaridade_idx";--> statement-breakpoint
DROP INDEX "artists_company_racaCor_idx";--> statement-breakpoint
DROP INDEX "artists_company_comunidadeTradicional_idx";--> statement-breakpoint
DROP INDEX "artists_company_bairro_idx";--> statement-breakpoint
DROP INDEX "artists_company_tipoConta_idx";--> statement-breakpoint
DROP INDEX "artists_company_situacao_idx";--> statement-breakpoint
DROP INDEX "artists_company_user_id_idx";--> statement-breakpoint
DROP INDEX "audiences_company_tipo_materia_id_idx";--> statement-breakpoint
DROP INDEX "authors_company_type_id_idx";--> statement-breakpoint
DROP INDEX "authors_company_user_id_idx";--> statement-breakpoint
DROP INDEX "authors_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_company_bank_id_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_company_accounttable_type_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_company_person_id_idx";--> statement-breakpoint
DROP INDEX "boards_company_cargo_id_idx";--> statement-breakpoint
DROP INDEX "boards_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "commissions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "compositions_company_comission_id_idx";--> statement-breakpoint
DROP INDEX "compositions_company_composition_period_id_idx";--> statement-breakpoint
DROP INDEX "conselhos_company_tipo_idx";--> statement-breakpoint
DROP INDEX "conselhos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "constructions_company_situacao_idx";--> statement-breakpoint
DROP INDEX "constructions_company_contrato_id_idx";--> statement-breakpoint
DROP INDEX "constructions_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "contacts_company_user_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_tipo_contrato_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_licitacao_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_credor_id_idx";--> statement-breakpoint
DROP INDEX "convenios_company_tipo_idx";--> statement-breakpoint
DROP INDEX "convenios_company_situacao_idx";--> statement-breakpoint
DROP INDEX "convenios_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_artist_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_artist_group_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_de_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_para_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_user_id_idx";--> statement-breakpoint
DROP INDEX "dependents_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "dependents_company_type_id_idx";--> statement-breakpoint
DROP INDEX "dependents_company_person_id_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_rate_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_pagina_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_service_id_idx";--> statement-breakpoint
DROP INDEX "event_photos_company_event_id_idx";--> statement-breakpoint
DROP INDEX "faqs_company_type_id_idx";--> statement-breakpoint
DROP INDEX "files_company_extension_idx";--> statement-breakpoint
DROP INDEX "files_company_type_idx";--> statement-breakpoint
DROP INDEX "funcaos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "historics_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "items_company_type_id_idx";--> statement-breakpoint
DROP INDEX "items_company_measure_id_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_modalidade_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_criterioJulgamento_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_process_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_situacao_idx";--> statement-breakpoint
DROP INDEX "links_company_menu_id_idx";--> statement-breakpoint
DROP INDEX "links_company_links_id_idx";--> statement-breakpoint
DROP INDEX "logs_company_action_idx";--> statement-breakpoint
DROP INDEX "logs_company_resource_idx";--> statement-breakpoint
DROP INDEX "logs_company_record_id_idx";--> statement-breakpoint
DROP INDEX "logs_company_user_id_idx";--> statement-breakpoint
DROP INDEX "mandates_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "mandates_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "mandates_company_coalition_id_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_ano_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_tipo_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_canal_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_situacao_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_type_id_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_situacao_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_type_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_ano_idx";--> statement-breakpoint
DROP INDEX "matters_company_regime_tramitacao_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_type_votation_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_origem_externa_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_local_origem_externa_id_idx";--> statement-breakpoint
DROP INDEX "meetings_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_process_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_origem_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_destino_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_historic_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_user_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_accepted_by_id_idx";--> statement-breakpoint
DROP INDEX "norm_relations_company_norm_id_idx";--> statement-breakpoint
DROP INDEX "norm_relations_company_related_norm_id_idx";--> statement-breakpoint
DROP INDEX "norms_company_type_id_idx";--> statement-breakpoint
DROP INDEX "norms_company_ano_idx";--> statement-breakpoint
DROP INDEX "norms_company_esfera_idx";--> statement-breakpoint
DROP INDEX "norms_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "norms_company_type_materia_id_idx";--> statement-breakpoint
DROP INDEX "ordenadores_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "parliamentaries_company_city_id_idx";--> statement-breakpoint
DROP INDEX "parliamentaries_company_person_id_idx";--> statement-breakpoint
DROP INDEX "parliamentaries_company_afastamento_id_idx";--> statement-breakpoint
DROP INDEX "participants_company_composition_id_idx";--> statement-breakpoint
DROP INDEX "participants_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "participants_company_cargo_id_idx";--> statement-breakpoint
DROP INDEX "parties_company_number_idx";--> statement-breakpoint
DROP INDEX "people_company_type_id_idx";--> statement-breakpoint
DROP INDEX "people_company_gender_id_idx";--> statement-breakpoint
DROP INDEX "people_company_escolaridade_id_idx";--> statement-breakpoint
DROP INDEX "people_company_situacao_militar_id_idx";--> statement-breakpoint
DROP INDEX "places_company_type_id_idx";--> statement-breakpoint
DROP INDEX "places_company_bairro_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_kind_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_tipo_meteria_id_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_tipo_votacao_id_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_turno_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_legislative_session_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_presidente_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_lista_abertura_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_lista_ordem_dia_idx";--> statement-breakpoint
DROP INDEX "portarias_company_exercicio_idx";--> statement-breakpoint
DROP INDEX "portarias_company_type_id_idx";--> statement-breakpoint
DROP INDEX "portarias_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "portarias_company_process_id_idx";--> statement-breakpoint
DROP INDEX "posts_company_type_id_idx";--> statement-breakpoint
DROP INDEX "posts_company_category_id_idx";--> statement-breakpoint
DROP INDEX "presences_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "presences_company_type_id_idx";--> statement-breakpoint
DROP INDEX "presences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_procedure_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_bank_account_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_current_sector_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_ano_idx";--> statement-breakpoint
DROP INDEX "propositions_company_type_matter_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_author_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_secao_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_tipo_publicacao_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_tipo_documento_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_category_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_competencia_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "quorum_rules_company_turno_id_idx";--> statement-breakpoint
DROP INDEX "quorum_rules_company_regra_idx";--> statement-breakpoint
DROP INDEX "reports_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_composition_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_motivo_fim_id_idx";--> statement-breakpoint
DROP INDEX "responsibles_company_user_id_idx";--> statement-breakpoint
DROP INDEX "responsibles_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "secretarias_company_type_id_idx";--> statement-breakpoint
DROP INDEX "secretarias_company_theme_id_idx";--> statement-breakpoint
DROP INDEX "secretarias_company_categoria_id_idx";--> statement-breakpoint
DROP INDEX "secretarios_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "sectors_company_type_idx";--> statement-breakpoint
DROP INDEX "services_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "services_company_forma_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_tipo_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_situacao_idx";--> statement-breakpoint
DROP INDEX "speakers_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "speakers_company_type_id_idx";--> statement-breakpoint
DROP INDEX "speakers_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "speakers_company_status_idx";--> statement-breakpoint
DROP INDEX "subjects_company_type_id_idx";--> statement-breakpoint
DROP INDEX "tramitation_unities_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "tramitation_unities_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_origem_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_destino_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_status_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_turno_id_idx";--> statement-breakpoint
DROP INDEX "types_company_type_idx";--> statement-breakpoint
DROP INDEX "types_company_slug_idx";--> statement-breakpoint
DROP INDEX "vehicles_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_plenary_matter_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_tipo_idx";--> statement-breakpoint
DROP INDEX "vottings_company_fase_idx";--> statement-breakpoint
DROP INDEX "vottings_company_status_idx";--> statement-breakpoint
DROP INDEX "vottings_company_regra_idx";--> statement-breakpoint
DROP INDEX "vottings_company_presidente_regra_idx";--> statement-breakpoint
DROP INDEX "vottings_company_presidente_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_voto_presidente_idx";--> statement-breakpoint
DROP INDEX "vottings_company_resultado_idx";--> statement-breakpoint
DROP INDEX "vottings_company_aberta_por_idx";--> statement-breakpoint
DROP INDEX "vottings_company_encerrada_por_idx";--> statement-breakpoint
CREATE INDEX "absences_company_parliamentary_id_idx" ON "absences" USING btree ("company_id","parliamentary_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliations_company_parliamentary_id_idx" ON "affiliations" USING btree ("company_id","parliamentary_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "affiliations_company_party_id_idx" ON "affiliations" USING btree ("company_id","party_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agents_company_person_id_idx" ON "agents" USING btree ("company_id","person_id","name","id");--> statement-breakpoint
CREATE INDEX "artist_groups_company_bairro_idx" ON "artist_groups" USING btree ("company_id","bairro","nome","id");--> statement-breakpoint
CREATE INDEX "artist_groups_company_tipoConta_idx" ON "artist_groups" USING btree ("company_id","tipoConta","nome","id");--> statement-breakpoint
CREATE INDEX "artist_groups_company_situacao_idx" ON "artist_groups" USING btree ("company_id","situacao","nome","id");--> statement-breakpoint
CREATE INDEX "artist_groups_company_user_id_idx" ON "artist_groups" USING btree ("company_id","user_id","nome","id");--> statement-breakpoint
CREATE INDEX "artists_company_Sexo_idx" ON "artists" USING btree ("company_id","Sexo","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_Escolaridade_idx" ON "artists" USING btree ("company_id","Escolaridade","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_racaCor_idx" ON "artists" USING btree ("company_id","racaCor","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_comunidadeTradicional_idx" ON "artists" USING btree ("company_id","comunidadeTradicional","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_bairro_idx" ON "artists" USING btree ("company_id","bairro","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_tipoConta_idx" ON "artists" USING btree ("company_id","tipoConta","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_situacao_idx" ON "artists" USING btree ("company_id","situacao","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "artists_company_user_id_idx" ON "artists" USING btree ("company_id","user_id","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "audiences_company_tipo_materia_id_idx" ON "audiences" USING btree ("company_id","tipo_materia_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "authors_company_type_id_idx" ON "authors" USING btree ("company_id","type_id","name","id");--> statement-breakpoint
CREATE INDEX "authors_company_user_id_idx" ON "authors" USING btree ("company_id","user_id","name","id");--> statement-breakpoint
CREATE INDEX "authors_company_parliamentary_id_idx" ON "authors" USING btree ("company_id","parliamentary_id","name","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_company_bank_id_idx" ON "bank_accounts" USING btree ("company_id","bank_id","number","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_company_accounttable_type_idx" ON "bank_accounts" USING btree ("company_id","accounttable_type","number","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_company_person_id_idx" ON "bank_accounts" USING btree ("company_id","person_id","number","id");--> statement-breakpoint
CREATE INDEX "boards_company_cargo_id_idx" ON "boards" USING btree ("company_id","cargo_id","legislative_session_id","id");--> statement-breakpoint
CREATE INDEX "boards_company_parliamentary_id_idx" ON "boards" USING btree ("company_id","parliamentary_id","legislative_session_id","id");--> statement-breakpoint
CREATE INDEX "commissions_company_type_id_idx" ON "commissions" USING btree ("company_id","type_id","nome","id");--> statement-breakpoint
CREATE INDEX "compositions_company_comission_id_idx" ON "compositions" USING btree ("company_id","comission_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "compositions_company_composition_period_id_idx" ON "compositions" USING btree ("company_id","composition_period_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conselhos_company_tipo_idx" ON "conselhos" USING btree ("company_id","tipo","nome","id");--> statement-breakpoint
CREATE INDEX "conselhos_company_secretaria_id_idx" ON "conselhos" USING btree ("company_id","secretaria_id","nome","id");--> statement-breakpoint
CREATE INDEX "constructions_company_situacao_idx" ON "constructions" USING btree ("company_id","situacao","nome","id");--> statement-breakpoint
CREATE INDEX "constructions_company_contrato_id_idx" ON "constructions" USING btree ("company_id","contrato_id","nome","id");--> statement-breakpoint
CREATE INDEX "constructions_company_secretaria_id_idx" ON "constructions" USING btree ("company_id","secretaria_id","nome","id");--> statement-breakpoint
CREATE INDEX "contacts_company_user_id_idx" ON "contacts" USING btree ("company_id","user_id","description","id");--> statement-breakpoint
CREATE INDEX "contratos_company_tipo_contrato_id_idx" ON "contratos" USING btree ("company_id","tipo_contrato_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contratos_company_secretaria_id_idx" ON "contratos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contratos_company_licitacao_id_idx" ON "contratos" USING btree ("company_id","licitacao_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contratos_company_credor_id_idx" ON "contratos" USING btree ("company_id","credor_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convenios_company_tipo_idx" ON "convenios" USING btree ("company_id","tipo","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convenios_company_situacao_idx" ON "convenios" USING btree ("company_id","situacao","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convenios_company_secretaria_id_idx" ON "convenios" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_artist_id_idx" ON "culture_progress" USING btree ("company_id","artist_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_artist_group_id_idx" ON "culture_progress" USING btree ("company_id","artist_group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_de_idx" ON "culture_progress" USING btree ("company_id","de","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_para_idx" ON "culture_progress" USING btree ("company_id","para","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_user_id_idx" ON "culture_progress" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dependents_company_parliamentary_id_idx" ON "dependents" USING btree ("company_id","parliamentary_id","name","id");--> statement-breakpoint
CREATE INDEX "dependents_company_type_id_idx" ON "dependents" USING btree ("company_id","type_id","name","id");--> statement-breakpoint
CREATE INDEX "dependents_company_person_id_idx" ON "dependents" USING btree ("company_id","person_id","name","id");--> statement-breakpoint
CREATE INDEX "evaluations_company_rate_idx" ON "evaluations" USING btree ("company_id","rate","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_company_pagina_idx" ON "evaluations" USING btree ("company_id","pagina","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_company_service_id_idx" ON "evaluations" USING btree ("company_id","service_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_photos_company_event_id_idx" ON "event_photos" USING btree ("company_id","event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "faqs_company_type_id_idx" ON "faqs" USING btree ("company_id","type_id","order","id");--> statement-breakpoint
CREATE INDEX "files_company_extension_idx" ON "files" USING btree ("company_id","extension","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_company_type_idx" ON "files" USING btree ("company_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "funcaos_company_secretaria_id_idx" ON "funcaos" USING btree ("company_id","secretaria_id","nome","id");--> statement-breakpoint
CREATE INDEX "historics_company_sector_id_idx" ON "historics" USING btree ("company_id","sector_id","name","id");--> statement-breakpoint
CREATE INDEX "items_company_type_id_idx" ON "items" USING btree ("company_id","type_id","name","id");--> statement-breakpoint
CREATE INDEX "items_company_measure_id_idx" ON "items" USING btree ("company_id","measure_id","name","id");--> statement-breakpoint
CREATE INDEX "legislative_sessions_company_legislature_id_idx" ON "legislative_sessions" USING btree ("company_id","legislature_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legislative_sessions_company_type_id_idx" ON "legislative_sessions" USING btree ("company_id","type_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_modalidade_id_idx" ON "licitacaos" USING btree ("company_id","modalidade_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_criterioJulgamento_idx" ON "licitacaos" USING btree ("company_id","criterioJulgamento","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_process_id_idx" ON "licitacaos" USING btree ("company_id","process_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_secretaria_id_idx" ON "licitacaos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_situacao_idx" ON "licitacaos" USING btree ("company_id","situacao","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "links_company_menu_id_idx" ON "links" USING btree ("company_id","menu_id","order","id");--> statement-breakpoint
CREATE INDEX "links_company_links_id_idx" ON "links" USING btree ("company_id","links_id","order","id");--> statement-breakpoint
CREATE INDEX "logs_company_action_idx" ON "logs" USING btree ("company_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_company_resource_idx" ON "logs" USING btree ("company_id","resource","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_company_record_id_idx" ON "logs" USING btree ("company_id","record_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_company_user_id_idx" ON "logs" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandates_company_parliamentary_id_idx" ON "mandates" USING btree ("company_id","parliamentary_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandates_company_legislature_id_idx" ON "mandates" USING btree ("company_id","legislature_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandates_company_coalition_id_idx" ON "mandates" USING btree ("company_id","coalition_id","inicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_ano_idx" ON "manifestacoes" USING btree ("company_id","ano","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_tipo_idx" ON "manifestacoes" USING btree ("company_id","tipo","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_canal_idx" ON "manifestacoes" USING btree ("company_id","canal","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_situacao_idx" ON "manifestacoes" USING btree ("company_id","situacao","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_type_id_idx" ON "matter_applications" USING btree ("company_id","type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_parliamentary_id_idx" ON "matter_applications" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_situacao_idx" ON "matter_applications" USING btree ("company_id","situacao","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_matter_id_idx" ON "matter_applications" USING btree ("company_id","matter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_type_id_idx" ON "matters" USING btree ("company_id","type_id","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_ano_idx" ON "matters" USING btree ("company_id","ano","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_regime_tramitacao_id_idx" ON "matters" USING btree ("company_id","regime_tramitacao_id","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_type_votation_id_idx" ON "matters" USING btree ("company_id","type_votation_id","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_origem_externa_id_idx" ON "matters" USING btree ("company_id","origem_externa_id","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matters_company_local_origem_externa_id_idx" ON "matters" USING btree ("company_id","local_origem_externa_id","dataApresentacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meetings_company_commission_id_idx" ON "meetings" USING btree ("company_id","commission_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_process_id_idx" ON "movements" USING btree ("company_id","process_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_origem_id_idx" ON "movements" USING btree ("company_id","origem_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_destino_id_idx" ON "movements" USING btree ("company_id","destino_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_historic_id_idx" ON "movements" USING btree ("company_id","historic_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_user_id_idx" ON "movements" USING btree ("company_id","user_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "movements_company_accepted_by_id_idx" ON "movements" USING btree ("company_id","accepted_by_id","entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "norm_relations_company_norm_id_idx" ON "norm_relations" USING btree ("company_id","norm_id","tipo","id");--> statement-breakpoint
CREATE INDEX "norm_relations_company_related_norm_id_idx" ON "norm_relations" USING btree ("company_id","related_norm_id","tipo","id");--> statement-breakpoint
CREATE INDEX "norms_company_type_id_idx" ON "norms" USING btree ("company_id","type_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "norms_company_ano_idx" ON "norms" USING btree ("company_id","ano","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "norms_company_esfera_idx" ON "norms" USING btree ("company_id","esfera","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "norms_company_matter_id_idx" ON "norms" USING btree ("company_id","matter_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "norms_company_type_materia_id_idx" ON "norms" USING btree ("company_id","type_materia_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordenadores_company_secretaria_id_idx" ON "ordenadores" USING btree ("company_id","secretaria_id","nome","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_company_city_id_idx" ON "parliamentaries" USING btree ("company_id","city_id","nome","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_company_person_id_idx" ON "parliamentaries" USING btree ("company_id","person_id","nome","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_company_afastamento_id_idx" ON "parliamentaries" USING btree ("company_id","afastamento_id","nome","id");--> statement-breakpoint
CREATE INDEX "participants_company_composition_id_idx" ON "participants" USING btree ("company_id","composition_id","designacao","id");--> statement-breakpoint
CREATE INDEX "participants_company_parliamentary_id_idx" ON "participants" USING btree ("company_id","parliamentary_id","designacao","id");--> statement-breakpoint
CREATE INDEX "participants_company_cargo_id_idx" ON "participants" USING btree ("company_id","cargo_id","designacao","id");--> statement-breakpoint
CREATE INDEX "parties_company_number_idx" ON "parties" USING btree ("company_id","number","name","id");--> statement-breakpoint
CREATE INDEX "people_company_type_id_idx" ON "people" USING btree ("company_id","type_id","name","id");--> statement-breakpoint
CREATE INDEX "people_company_gender_id_idx" ON "people" USING btree ("company_id","gender_id","name","id");--> statement-breakpoint
CREATE INDEX "people_company_escolaridade_id_idx" ON "people" USING btree ("company_id","escolaridade_id","name","id");--> statement-breakpoint
CREATE INDEX "people_company_situacao_militar_id_idx" ON "people" USING btree ("company_id","situacao_militar_id","name","id");--> statement-breakpoint
CREATE INDEX "places_company_type_id_idx" ON "places" USING btree ("company_id","type_id","nomeEquipamento","id");--> statement-breakpoint
CREATE INDEX "places_company_bairro_idx" ON "places" USING btree ("company_id","bairro","nomeEquipamento","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_company_plenary_session_id_idx" ON "plenary_absences" USING btree ("company_id","plenary_session_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_absences_company_parliamentary_id_idx" ON "plenary_absences" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_matters_company_plenary_session_id_idx" ON "plenary_matters" USING btree ("company_id","plenary_session_id","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_kind_idx" ON "plenary_matters" USING btree ("company_id","kind","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_matter_id_idx" ON "plenary_matters" USING btree ("company_id","matter_id","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_tipo_meteria_id_idx" ON "plenary_matters" USING btree ("company_id","tipo_meteria_id","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_tipo_votacao_id_idx" ON "plenary_matters" USING btree ("company_id","tipo_votacao_id","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_turno_id_idx" ON "plenary_matters" USING btree ("company_id","turno_id","numOrdem","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_type_id_idx" ON "plenary_sessions" USING btree ("company_id","type_id","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_legislature_id_idx" ON "plenary_sessions" USING btree ("company_id","legislature_id","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_legislative_session_id_idx" ON "plenary_sessions" USING btree ("company_id","legislative_session_id","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_presidente_id_idx" ON "plenary_sessions" USING btree ("company_id","presidente_id","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_lista_abertura_idx" ON "plenary_sessions" USING btree ("company_id","lista_abertura","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_lista_ordem_dia_idx" ON "plenary_sessions" USING btree ("company_id","lista_ordem_dia","abertura" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portarias_company_exercicio_idx" ON "portarias" USING btree ("company_id","exercicio","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portarias_company_type_id_idx" ON "portarias" USING btree ("company_id","type_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portarias_company_secretaria_id_idx" ON "portarias" USING btree ("company_id","secretaria_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portarias_company_process_id_idx" ON "portarias" USING btree ("company_id","process_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_company_type_id_idx" ON "posts" USING btree ("company_id","type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_company_category_id_idx" ON "posts" USING btree ("company_id","category_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "presences_company_plenary_session_id_idx" ON "presences" USING btree ("company_id","plenary_session_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "presences_company_type_id_idx" ON "presences" USING btree ("company_id","type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "presences_company_parliamentary_id_idx" ON "presences" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_company_procedure_id_idx" ON "processes" USING btree ("company_id","procedure_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_company_sector_id_idx" ON "processes" USING btree ("company_id","sector_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_company_bank_account_id_idx" ON "processes" USING btree ("company_id","bank_account_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_company_current_sector_id_idx" ON "processes" USING btree ("company_id","current_sector_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "propositions_company_type_id_idx" ON "propositions" USING btree ("company_id","type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "propositions_company_ano_idx" ON "propositions" USING btree ("company_id","ano","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "propositions_company_type_matter_id_idx" ON "propositions" USING btree ("company_id","type_matter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "propositions_company_matter_id_idx" ON "propositions" USING btree ("company_id","matter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "propositions_company_author_id_idx" ON "propositions" USING btree ("company_id","author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_secao_idx" ON "publicacaos" USING btree ("company_id","secao","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_tipo_publicacao_id_idx" ON "publicacaos" USING btree ("company_id","tipo_publicacao_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_tipo_documento_id_idx" ON "publicacaos" USING btree ("company_id","tipo_documento_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_category_id_idx" ON "publicacaos" USING btree ("company_id","category_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_competencia_id_idx" ON "publicacaos" USING btree ("company_id","competencia_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_secretaria_id_idx" ON "publicacaos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quorum_rules_company_turno_id_idx" ON "quorum_rules" USING btree ("company_id","turno_id","type_id","id");--> statement-breakpoint
CREATE INDEX "quorum_rules_company_regra_idx" ON "quorum_rules" USING btree ("company_id","regra","type_id","id");--> statement-breakpoint
CREATE INDEX "reports_company_matter_id_idx" ON "reports" USING btree ("company_id","matter_id","designacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_company_parliamentary_id_idx" ON "reports" USING btree ("company_id","parliamentary_id","designacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_company_commission_id_idx" ON "reports" USING btree ("company_id","commission_id","designacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_company_composition_id_idx" ON "reports" USING btree ("company_id","composition_id","designacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_company_motivo_fim_id_idx" ON "reports" USING btree ("company_id","motivo_fim_id","designacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responsibles_company_user_id_idx" ON "responsibles" USING btree ("company_id","user_id","dataInicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responsibles_company_sector_id_idx" ON "responsibles" USING btree ("company_id","sector_id","dataInicio" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "secretarias_company_type_id_idx" ON "secretarias" USING btree ("company_id","type_id","nome","id");--> statement-breakpoint
CREATE INDEX "secretarias_company_theme_id_idx" ON "secretarias" USING btree ("company_id","theme_id","nome","id");--> statement-breakpoint
CREATE INDEX "secretarias_company_categoria_id_idx" ON "secretarias" USING btree ("company_id","categoria_id","nome","id");--> statement-breakpoint
CREATE INDEX "secretarios_company_secretaria_id_idx" ON "secretarios" USING btree ("company_id","secretaria_id","nome","id");--> statement-breakpoint
CREATE INDEX "sectors_company_type_idx" ON "sectors" USING btree ("company_id","type","name","id");--> statement-breakpoint
CREATE INDEX "services_company_secretaria_id_idx" ON "services" USING btree ("company_id","secretaria_id","title","id");--> statement-breakpoint
CREATE INDEX "services_company_forma_idx" ON "services" USING btree ("company_id","forma","title","id");--> statement-breakpoint
CREATE INDEX "solicitations_company_tipo_idx" ON "solicitations" USING btree ("company_id","tipo","dataSaida" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitations_company_parliamentary_id_idx" ON "solicitations" USING btree ("company_id","parliamentary_id","dataSaida" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitations_company_situacao_idx" ON "solicitations" USING btree ("company_id","situacao","dataSaida" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "speakers_company_plenary_session_id_idx" ON "speakers" USING btree ("company_id","plenary_session_id","ordem","id");--> statement-breakpoint
CREATE INDEX "speakers_company_type_id_idx" ON "speakers" USING btree ("company_id","type_id","ordem","id");--> statement-breakpoint
CREATE INDEX "speakers_company_parliamentary_id_idx" ON "speakers" USING btree ("company_id","parliamentary_id","ordem","id");--> statement-breakpoint
CREATE INDEX "speakers_company_status_idx" ON "speakers" USING btree ("company_id","status","ordem","id");--> statement-breakpoint
CREATE INDEX "subjects_company_type_id_idx" ON "subjects" USING btree ("company_id","type_id","assunto","id");--> statement-breakpoint
CREATE INDEX "tramitation_unities_company_parliamentary_id_idx" ON "tramitation_unities" USING btree ("company_id","parliamentary_id","descricao","id");--> statement-breakpoint
CREATE INDEX "tramitation_unities_company_sector_id_idx" ON "tramitation_unities" USING btree ("company_id","sector_id","descricao","id");--> statement-breakpoint
CREATE INDEX "tramitations_company_matter_id_idx" ON "tramitations" USING btree ("company_id","matter_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tramitations_company_origem_id_idx" ON "tramitations" USING btree ("company_id","origem_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tramitations_company_destino_id_idx" ON "tramitations" USING btree ("company_id","destino_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tramitations_company_commission_id_idx" ON "tramitations" USING btree ("company_id","commission_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tramitations_company_status_id_idx" ON "tramitations" USING btree ("company_id","status_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tramitations_company_turno_id_idx" ON "tramitations" USING btree ("company_id","turno_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "types_company_type_idx" ON "types" USING btree ("company_id","type","label","id");--> statement-breakpoint
CREATE INDEX "types_company_slug_idx" ON "types" USING btree ("company_id","slug","label","id");--> statement-breakpoint
CREATE INDEX "vehicles_company_secretaria_id_idx" ON "vehicles" USING btree ("company_id","secretaria_id","board","id");--> statement-breakpoint
CREATE INDEX "vottings_company_plenary_session_id_idx" ON "vottings" USING btree ("company_id","plenary_session_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_plenary_matter_id_idx" ON "vottings" USING btree ("company_id","plenary_matter_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_tipo_idx" ON "vottings" USING btree ("company_id","tipo","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_fase_idx" ON "vottings" USING btree ("company_id","fase","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_status_idx" ON "vottings" USING btree ("company_id","status","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_regra_idx" ON "vottings" USING btree ("company_id","regra","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_presidente_regra_idx" ON "vottings" USING btree ("company_id","presidente_regra","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_presidente_id_idx" ON "vottings" USING btree ("company_id","presidente_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_voto_presidente_idx" ON "vottings" USING btree ("company_id","voto_presidente","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_resultado_idx" ON "vottings" USING btree ("company_id","resultado","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_aberta_por_idx" ON "vottings" USING btree ("company_id","aberta_por","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vottings_company_encerrada_por_idx" ON "vottings" USING btree ("company_id","encerrada_por","abertaEm" DESC NULLS LAST,"id" DESC NULLS LAST);