DROP INDEX "absences_company_idx";--> statement-breakpoint
DROP INDEX "absences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "absences_data_sort_idx";--> statement-breakpoint
DROP INDEX "affiliations_company_idx";--> statement-breakpoint
DROP INDEX "affiliations_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "affiliations_company_party_id_idx";--> statement-breakpoint
DROP INDEX "affiliations_inicio_sort_idx";--> statement-breakpoint
DROP INDEX "agents_company_idx";--> statement-breakpoint
DROP INDEX "artist_groups_company_idx";--> statement-breakpoint
DROP INDEX "artists_company_idx";--> statement-breakpoint
DROP INDEX "audiences_company_idx";--> statement-breakpoint
DROP INDEX "audiences_company_tipo_materia_id_idx";--> statement-breakpoint
DROP INDEX "audiences_data_sort_idx";--> statement-breakpoint
DROP INDEX "authors_company_idx";--> statement-breakpoint
DROP INDEX "ballot_marks_company_idx";--> statement-breakpoint
DROP INDEX "bank_accounts_company_idx";--> statement-breakpoint
DROP INDEX "banks_name_sort_idx";--> statement-breakpoint
DROP INDEX "banners_company_idx";--> statement-breakpoint
DROP INDEX "boards_company_idx";--> statement-breakpoint
DROP INDEX "categories_company_idx";--> statement-breakpoint
DROP INDEX "coalitions_company_idx";--> statement-breakpoint
DROP INDEX "commissions_company_idx";--> statement-breakpoint
DROP INDEX "composition_periods_company_idx";--> statement-breakpoint
DROP INDEX "composition_periods_inicio_sort_idx";--> statement-breakpoint
DROP INDEX "compositions_company_idx";--> statement-breakpoint
DROP INDEX "compositions_company_comission_id_idx";--> statement-breakpoint
DROP INDEX "compositions_company_composition_period_id_idx";--> statement-breakpoint
DROP INDEX "compositions_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "conselhos_company_idx";--> statement-breakpoint
DROP INDEX "constructions_company_idx";--> statement-breakpoint
DROP INDEX "contacts_company_idx";--> statement-breakpoint
DROP INDEX "contratos_company_idx";--> statement-breakpoint
DROP INDEX "contratos_company_tipo_contrato_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_licitacao_id_idx";--> statement-breakpoint
DROP INDEX "contratos_company_credor_id_idx";--> statement-breakpoint
DROP INDEX "contratos_exercicio_sort_idx";--> statement-breakpoint
DROP INDEX "convenios_company_idx";--> statement-breakpoint
DROP INDEX "convenios_company_tipo_idx";--> statement-breakpoint
DROP INDEX "convenios_company_situacao_idx";--> statement-breakpoint
DROP INDEX "convenios_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "convenios_exercicio_sort_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_artist_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_artist_group_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_de_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_para_idx";--> statement-breakpoint
DROP INDEX "culture_progress_company_user_id_idx";--> statement-breakpoint
DROP INDEX "culture_progress_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "dependents_company_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_rate_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_pagina_idx";--> statement-breakpoint
DROP INDEX "evaluations_company_service_id_idx";--> statement-breakpoint
DROP INDEX "evaluations_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "event_photos_company_idx";--> statement-breakpoint
DROP INDEX "events_company_idx";--> statement-breakpoint
DROP INDEX "events_dataInicio_sort_idx";--> statement-breakpoint
DROP INDEX "faqs_company_idx";--> statement-breakpoint
DROP INDEX "files_company_idx";--> statement-breakpoint
DROP INDEX "files_company_extension_idx";--> statement-breakpoint
DROP INDEX "files_company_type_idx";--> statement-breakpoint
DROP INDEX "files_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "funcaos_company_idx";--> statement-breakpoint
DROP INDEX "historics_company_idx";--> statement-breakpoint
DROP INDEX "holidays_company_idx";--> statement-breakpoint
DROP INDEX "items_company_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_company_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "legislative_sessions_inicio_sort_idx";--> statement-breakpoint
DROP INDEX "legislatures_company_idx";--> statement-breakpoint
DROP INDEX "legislatures_inicio_sort_idx";--> statement-breakpoint
DROP INDEX "liberations_company_idx";--> statement-breakpoint
DROP INDEX "liberations_date_end_sort_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_modalidade_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_criterioJulgamento_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_process_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "licitacaos_company_situacao_idx";--> statement-breakpoint
DROP INDEX "licitacaos_exercicio_sort_idx";--> statement-breakpoint
DROP INDEX "links_company_idx";--> statement-breakpoint
DROP INDEX "logs_company_idx";--> statement-breakpoint
DROP INDEX "logs_company_action_idx";--> statement-breakpoint
DROP INDEX "logs_company_resource_idx";--> statement-breakpoint
DROP INDEX "logs_company_record_id_idx";--> statement-breakpoint
DROP INDEX "logs_company_user_id_idx";--> statement-breakpoint
DROP INDEX "logs_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "mandates_company_idx";--> statement-breakpoint
DROP INDEX "mandates_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "mandates_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "mandates_company_coalition_id_idx";--> statement-breakpoint
DROP INDEX "mandates_inicio_sort_idx";--> statement-breakpoint
DROP INDEX "manifestacao_sequencias_company_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_ano_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_tipo_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_canal_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_company_situacao_idx";--> statement-breakpoint
DROP INDEX "manifestacoes_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_type_id_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_situacao_idx";--> statement-breakpoint
DROP INDEX "matter_applications_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "matter_applications_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "matter_numbers_company_idx";--> statement-breakpoint
DROP INDEX "matters_company_idx";--> statement-breakpoint
DROP INDEX "matters_company_type_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_ano_idx";--> statement-breakpoint
DROP INDEX "matters_company_regime_tramitacao_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_type_votation_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_origem_externa_id_idx";--> statement-breakpoint
DROP INDEX "matters_company_local_origem_externa_id_idx";--> statement-breakpoint
DROP INDEX "matters_dataApresentacao_sort_idx";--> statement-breakpoint
DROP INDEX "measures_company_idx";--> statement-breakpoint
DROP INDEX "meetings_company_idx";--> statement-breakpoint
DROP INDEX "meetings_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "meetings_data_sort_idx";--> statement-breakpoint
DROP INDEX "menus_company_idx";--> statement-breakpoint
DROP INDEX "movements_company_idx";--> statement-breakpoint
DROP INDEX "movements_company_process_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_origem_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_destino_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_historic_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_user_id_idx";--> statement-breakpoint
DROP INDEX "movements_company_accepted_by_id_idx";--> statement-breakpoint
DROP INDEX "movements_entrada_sort_idx";--> statement-breakpoint
DROP INDEX "norm_relations_company_idx";--> statement-breakpoint
DROP INDEX "norms_company_idx";--> statement-breakpoint
DROP INDEX "norms_company_type_id_idx";--> statement-breakpoint
DROP INDEX "norms_company_ano_idx";--> statement-breakpoint
DROP INDEX "norms_company_esfera_idx";--> statement-breakpoint
DROP INDEX "norms_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "norms_company_type_materia_id_idx";--> statement-breakpoint
DROP INDEX "norms_data_sort_idx";--> statement-breakpoint
DROP INDEX "ordenadores_company_idx";--> statement-breakpoint
DROP INDEX "parliamentaries_company_idx";--> statement-breakpoint
DROP INDEX "participants_company_idx";--> statement-breakpoint
DROP INDEX "parties_company_idx";--> statement-breakpoint
DROP INDEX "people_company_idx";--> statement-breakpoint
DROP INDEX "places_company_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_company_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "plenary_absences_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "plenary_matters_company_idx";--> statement-breakpoint
DROP INDEX "plenary_panels_company_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_legislature_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_legislative_session_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_presidente_id_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_lista_abertura_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_company_lista_ordem_dia_idx";--> statement-breakpoint
DROP INDEX "plenary_sessions_abertura_sort_idx";--> statement-breakpoint
DROP INDEX "plenary_settings_company_idx";--> statement-breakpoint
DROP INDEX "portarias_company_idx";--> statement-breakpoint
DROP INDEX "portarias_company_exercicio_idx";--> statement-breakpoint
DROP INDEX "portarias_company_type_id_idx";--> statement-breakpoint
DROP INDEX "portarias_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "portarias_company_process_id_idx";--> statement-breakpoint
DROP INDEX "portarias_data_sort_idx";--> statement-breakpoint
DROP INDEX "posts_company_idx";--> statement-breakpoint
DROP INDEX "posts_company_type_id_idx";--> statement-breakpoint
DROP INDEX "posts_company_category_id_idx";--> statement-breakpoint
DROP INDEX "posts_published_at_sort_idx";--> statement-breakpoint
DROP INDEX "presences_company_idx";--> statement-breakpoint
DROP INDEX "presences_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "presences_company_type_id_idx";--> statement-breakpoint
DROP INDEX "presences_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "presences_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "procedures_company_idx";--> statement-breakpoint
DROP INDEX "process_sequences_company_idx";--> statement-breakpoint
DROP INDEX "processes_company_idx";--> statement-breakpoint
DROP INDEX "processes_company_procedure_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_bank_account_id_idx";--> statement-breakpoint
DROP INDEX "processes_company_current_sector_id_idx";--> statement-breakpoint
DROP INDEX "processes_date_sort_idx";--> statement-breakpoint
DROP INDEX "propositions_company_idx";--> statement-breakpoint
DROP INDEX "propositions_company_type_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_ano_idx";--> statement-breakpoint
DROP INDEX "propositions_company_type_matter_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "propositions_company_author_id_idx";--> statement-breakpoint
DROP INDEX "propositions_created_at_sort_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_secao_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_tipo_publicacao_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_tipo_documento_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_category_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_competencia_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_company_secretaria_id_idx";--> statement-breakpoint
DROP INDEX "publicacaos_exercicio_sort_idx";--> statement-breakpoint
DROP INDEX "quorum_rules_company_idx";--> statement-breakpoint
DROP INDEX "reports_company_idx";--> statement-breakpoint
DROP INDEX "reports_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_composition_id_idx";--> statement-breakpoint
DROP INDEX "reports_company_motivo_fim_id_idx";--> statement-breakpoint
DROP INDEX "reports_designacao_sort_idx";--> statement-breakpoint
DROP INDEX "responsibles_company_idx";--> statement-breakpoint
DROP INDEX "responsibles_company_user_id_idx";--> statement-breakpoint
DROP INDEX "responsibles_company_sector_id_idx";--> statement-breakpoint
DROP INDEX "responsibles_dataInicio_sort_idx";--> statement-breakpoint
DROP INDEX "schools_company_idx";--> statement-breakpoint
DROP INDEX "secret_tallies_company_idx";--> statement-breakpoint
DROP INDEX "secretarias_company_idx";--> statement-breakpoint
DROP INDEX "secretarios_company_idx";--> statement-breakpoint
DROP INDEX "sectors_company_idx";--> statement-breakpoint
DROP INDEX "series_company_idx";--> statement-breakpoint
DROP INDEX "services_company_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_tipo_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "solicitations_company_situacao_idx";--> statement-breakpoint
DROP INDEX "solicitations_dataSaida_sort_idx";--> statement-breakpoint
DROP INDEX "speakers_company_idx";--> statement-breakpoint
DROP INDEX "subjects_company_idx";--> statement-breakpoint
DROP INDEX "themes_company_idx";--> statement-breakpoint
DROP INDEX "tramitation_unities_company_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_matter_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_origem_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_destino_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_commission_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_status_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_company_turno_id_idx";--> statement-breakpoint
DROP INDEX "tramitations_data_sort_idx";--> statement-breakpoint
DROP INDEX "types_label_sort_idx";--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
DROP INDEX "vehicles_company_idx";--> statement-breakpoint
DROP INDEX "vote_history_company_idx";--> statement-breakpoint
DROP INDEX "votes_company_idx";--> statement-breakpoint
DROP INDEX "votes_company_votting_id_idx";--> statement-breakpoint
DROP INDEX "votes_company_parliamentary_id_idx";--> statement-breakpoint
DROP INDEX "votes_company_voto_idx";--> statement-breakpoint
DROP INDEX "votes_company_user_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_idx";--> statement-breakpoint
DROP INDEX "vottings_company_plenary_session_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_plenary_matter_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_tipo_idx";--> statement-breakpoint
DROP INDEX "vottings_company_fase_idx";--> statement-breakpoint
DROP INDEX "vottings_company_status_idx";--> statement-breakpoint
DROP INDEX "vottings_company_regra_idx";--> statement-breakpoint
DROP INDEX "vottings_company_quorum_presenca_idx";--> statement-breakpoint
DROP INDEX "vottings_company_presidente_regra_idx";--> statement-breakpoint
DROP INDEX "vottings_company_presidente_id_idx";--> statement-breakpoint
DROP INDEX "vottings_company_voto_presidente_idx";--> statement-breakpoint
DROP INDEX "vottings_company_resultado_idx";--> statement-breakpoint
DROP INDEX "vottings_company_aberta_por_idx";--> statement-breakpoint
DROP INDEX "vottings_company_encerrada_por_idx";--> statement-breakpoint
DROP INDEX "vottings_company_anterior_id_idx";--> statement-breakpoint
DROP INDEX "vottings_abertaEm_sort_idx";--> statement-breakpoint
DROP INDEX "watchlists_company_idx";--> statement-breakpoint
CREATE INDEX "absences_horario_sort_idx" ON "absences" USING btree ("company_id","horario","id");--> statement-breakpoint
CREATE INDEX "absences_horario_desc_idx" ON "absences" USING btree ("company_id","horario" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "affiliations_fim_sort_idx" ON "affiliations" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "affiliations_fim_desc_idx" ON "affiliations" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agents_matricula_sort_idx" ON "agents" USING btree ("company_id","matricula","id");--> statement-breakpoint
CREATE INDEX "agents_matricula_desc_idx" ON "agents" USING btree ("company_id","matricula" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agents_provento_sort_idx" ON "agents" USING btree ("company_id","provento","id");--> statement-breakpoint
CREATE INDEX "agents_provento_desc_idx" ON "agents" USING btree ("company_id","provento" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agents_desconto_sort_idx" ON "agents" USING btree ("company_id","desconto","id");--> statement-breakpoint
CREATE INDEX "agents_desconto_desc_idx" ON "agents" USING btree ("company_id","desconto" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agents_liquido_sort_idx" ON "agents" USING btree ("company_id","liquido","id");--> statement-breakpoint
CREATE INDEX "agents_liquido_desc_idx" ON "agents" USING btree ("company_id","liquido" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artist_groups_nomeResponsavel_sort_idx" ON "artist_groups" USING btree ("company_id","nomeResponsavel","id");--> statement-breakpoint
CREATE INDEX "artist_groups_cnpj_sort_idx" ON "artist_groups" USING btree ("company_id","cnpj","id");--> statement-breakpoint
CREATE INDEX "artist_groups_cnpj_desc_idx" ON "artist_groups" USING btree ("company_id","cnpj" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artist_groups_bairro_sort_idx" ON "artist_groups" USING btree ("company_id","bairro","id");--> statement-breakpoint
CREATE INDEX "artist_groups_bairro_desc_idx" ON "artist_groups" USING btree ("company_id","bairro" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artist_groups_situacao_sort_idx" ON "artist_groups" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "artist_groups_situacao_desc_idx" ON "artist_groups" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artist_groups_created_at_sort_idx" ON "artist_groups" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "artists_nomeArtistico_sort_idx" ON "artists" USING btree ("company_id","nomeArtistico","id");--> statement-breakpoint
CREATE INDEX "artists_nomeArtistico_desc_idx" ON "artists" USING btree ("company_id","nomeArtistico" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artists_cpf_sort_idx" ON "artists" USING btree ("company_id","cpf","id");--> statement-breakpoint
CREATE INDEX "artists_bairro_sort_idx" ON "artists" USING btree ("company_id","bairro","id");--> statement-breakpoint
CREATE INDEX "artists_bairro_desc_idx" ON "artists" USING btree ("company_id","bairro" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artists_celular_sort_idx" ON "artists" USING btree ("company_id","celular","id");--> statement-breakpoint
CREATE INDEX "artists_celular_desc_idx" ON "artists" USING btree ("company_id","celular" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artists_situacao_sort_idx" ON "artists" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "artists_situacao_desc_idx" ON "artists" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "artists_created_at_sort_idx" ON "artists" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audiences_numero_sort_idx" ON "audiences" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "audiences_numero_desc_idx" ON "audiences" USING btree ("company_id","numero" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audiences_nome_sort_idx" ON "audiences" USING btree ("company_id","nome","id");--> statement-breakpoint
CREATE INDEX "audiences_cancelada_sort_idx" ON "audiences" USING btree ("company_id","cancelada","id");--> statement-breakpoint
CREATE INDEX "authors_cargo_sort_idx" ON "authors" USING btree ("company_id","cargo","id");--> statement-breakpoint
CREATE INDEX "authors_cargo_desc_idx" ON "authors" USING btree ("company_id","cargo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bank_accounts_agence_sort_idx" ON "bank_accounts" USING btree ("company_id","agence","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_description_sort_idx" ON "bank_accounts" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_description_desc_idx" ON "bank_accounts" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "banks_code_sort_idx" ON "banks" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "banners_title_sort_idx" ON "banners" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "banners_order_desc_idx" ON "banners" USING btree ("company_id","order" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "banners_active_sort_idx" ON "banners" USING btree ("company_id","active","id");--> statement-breakpoint
CREATE INDEX "banners_inicio_sort_idx" ON "banners" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "banners_inicio_desc_idx" ON "banners" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "banners_fim_sort_idx" ON "banners" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "banners_fim_desc_idx" ON "banners" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "categories_description_sort_idx" ON "categories" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "categories_description_desc_idx" ON "categories" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commissions_sigla_sort_idx" ON "commissions" USING btree ("company_id","sigla","id");--> statement-breakpoint
CREATE INDEX "commissions_ativa_sort_idx" ON "commissions" USING btree ("company_id","ativa","id");--> statement-breakpoint
CREATE INDEX "commissions_deliberativa_sort_idx" ON "commissions" USING btree ("company_id","deliberativa","id");--> statement-breakpoint
CREATE INDEX "companies_abreviacao_sort_idx" ON "companies" USING btree ("abreviacao","id");--> statement-breakpoint
CREATE INDEX "companies_abreviacao_desc_idx" ON "companies" USING btree ("abreviacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_cnpj_sort_idx" ON "companies" USING btree ("cnpj","id");--> statement-breakpoint
CREATE INDEX "companies_cnpj_desc_idx" ON "companies" USING btree ("cnpj" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "composition_periods_descricao_sort_idx" ON "composition_periods" USING btree ("company_id","descricao","id");--> statement-breakpoint
CREATE INDEX "composition_periods_descricao_desc_idx" ON "composition_periods" USING btree ("company_id","descricao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "composition_periods_fim_sort_idx" ON "composition_periods" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "compositions_descricao_sort_idx" ON "compositions" USING btree ("company_id","descricao","id");--> statement-breakpoint
CREATE INDEX "compositions_descricao_desc_idx" ON "compositions" USING btree ("company_id","descricao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conselhos_sigla_sort_idx" ON "conselhos" USING btree ("company_id","sigla","id");--> statement-breakpoint
CREATE INDEX "conselhos_sigla_desc_idx" ON "conselhos" USING btree ("company_id","sigla" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conselhos_tipo_sort_idx" ON "conselhos" USING btree ("company_id","tipo","id");--> statement-breakpoint
CREATE INDEX "conselhos_tipo_desc_idx" ON "conselhos" USING btree ("company_id","tipo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conselhos_presidente_sort_idx" ON "conselhos" USING btree ("company_id","presidente","id");--> statement-breakpoint
CREATE INDEX "conselhos_presidente_desc_idx" ON "conselhos" USING btree ("company_id","presidente" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conselhos_ativo_sort_idx" ON "conselhos" USING btree ("company_id","ativo","id");--> statement-breakpoint
CREATE INDEX "constructions_bairro_sort_idx" ON "constructions" USING btree ("company_id","bairro","id");--> statement-breakpoint
CREATE INDEX "constructions_bairro_desc_idx" ON "constructions" USING btree ("company_id","bairro" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "constructions_situacao_sort_idx" ON "constructions" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "constructions_situacao_desc_idx" ON "constructions" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "constructions_percentualExecutado_sort_idx" ON "constructions" USING btree ("company_id","percentualExecutado","id");--> statement-breakpoint
CREATE INDEX "constructions_percentualExecutado_desc_idx" ON "constructions" USING btree ("company_id","percentualExecutado" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "constructions_valor_sort_idx" ON "constructions" USING btree ("company_id","valor","id");--> statement-breakpoint
CREATE INDEX "constructions_valor_desc_idx" ON "constructions" USING btree ("company_id","valor" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_description_desc_idx" ON "contacts" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_email_sort_idx" ON "contacts" USING btree ("company_id","email","id");--> statement-breakpoint
CREATE INDEX "contacts_email_desc_idx" ON "contacts" USING btree ("company_id","email" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_phone_sort_idx" ON "contacts" USING btree ("company_id","phone","id");--> statement-breakpoint
CREATE INDEX "contacts_phone_desc_idx" ON "contacts" USING btree ("company_id","phone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_cidade_sort_idx" ON "contacts" USING btree ("company_id","cidade","id");--> statement-breakpoint
CREATE INDEX "contacts_cidade_desc_idx" ON "contacts" USING btree ("company_id","cidade" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_numero_sort_idx" ON "contratos" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "contratos_valorGlobal_sort_idx" ON "contratos" USING btree ("company_id","valorGlobal","id");--> statement-breakpoint
CREATE INDEX "contratos_valorGlobal_desc_idx" ON "contratos" USING btree ("company_id","valorGlobal" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_inicio_sort_idx" ON "contratos" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "contratos_inicio_desc_idx" ON "contratos" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_fim_sort_idx" ON "contratos" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "contratos_fim_desc_idx" ON "contratos" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_numero_sort_idx" ON "convenios" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "convenios_tipo_sort_idx" ON "convenios" USING btree ("company_id","tipo","id");--> statement-breakpoint
CREATE INDEX "convenios_tipo_desc_idx" ON "convenios" USING btree ("company_id","tipo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_concedente_sort_idx" ON "convenios" USING btree ("company_id","concedente","id");--> statement-breakpoint
CREATE INDEX "convenios_valor_sort_idx" ON "convenios" USING btree ("company_id","valor","id");--> statement-breakpoint
CREATE INDEX "convenios_valor_desc_idx" ON "convenios" USING btree ("company_id","valor" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_situacao_sort_idx" ON "convenios" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "convenios_situacao_desc_idx" ON "convenios" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_de_sort_idx" ON "culture_progress" USING btree ("company_id","de","id");--> statement-breakpoint
CREATE INDEX "culture_progress_de_desc_idx" ON "culture_progress" USING btree ("company_id","de" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_para_sort_idx" ON "culture_progress" USING btree ("company_id","para","id");--> statement-breakpoint
CREATE INDEX "evaluations_rate_sort_idx" ON "evaluations" USING btree ("company_id","rate","id");--> statement-breakpoint
CREATE INDEX "evaluations_pagina_sort_idx" ON "evaluations" USING btree ("company_id","pagina","id");--> statement-breakpoint
CREATE INDEX "evaluations_pagina_desc_idx" ON "evaluations" USING btree ("company_id","pagina" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "event_photos_description_sort_idx" ON "event_photos" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "event_photos_description_desc_idx" ON "event_photos" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_title_sort_idx" ON "events" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "events_dataFim_sort_idx" ON "events" USING btree ("company_id","dataFim","id");--> statement-breakpoint
CREATE INDEX "events_dataFim_desc_idx" ON "events" USING btree ("company_id","dataFim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_local_sort_idx" ON "events" USING btree ("company_id","local","id");--> statement-breakpoint
CREATE INDEX "events_local_desc_idx" ON "events" USING btree ("company_id","local" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "faqs_order_desc_idx" ON "faqs" USING btree ("company_id","order" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_originalName_sort_idx" ON "files" USING btree ("company_id","originalName","id");--> statement-breakpoint
CREATE INDEX "files_originalName_desc_idx" ON "files" USING btree ("company_id","originalName" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_description_sort_idx" ON "files" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "files_description_desc_idx" ON "files" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_extension_sort_idx" ON "files" USING btree ("company_id","extension","id");--> statement-breakpoint
CREATE INDEX "files_extension_desc_idx" ON "files" USING btree ("company_id","extension" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "holidays_descricao_sort_idx" ON "holidays" USING btree ("company_id","descricao","id");--> statement-breakpoint
CREATE INDEX "holidays_recorrente_sort_idx" ON "holidays" USING btree ("company_id","recorrente","id");--> statement-breakpoint
CREATE INDEX "institutions_email_sort_idx" ON "institutions" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "institutions_email_desc_idx" ON "institutions" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legislative_sessions_numero_sort_idx" ON "legislative_sessions" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "legislative_sessions_fim_sort_idx" ON "legislative_sessions" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "legislatures_numero_sort_idx" ON "legislatures" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "legislatures_descricao_sort_idx" ON "legislatures" USING btree ("company_id","descricao","id");--> statement-breakpoint
CREATE INDEX "legislatures_eleicao_sort_idx" ON "legislatures" USING btree ("company_id","eleicao","id");--> statement-breakpoint
CREATE INDEX "legislatures_eleicao_desc_idx" ON "legislatures" USING btree ("company_id","eleicao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legislatures_fim_sort_idx" ON "legislatures" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "licitacaos_numero_sort_idx" ON "licitacaos" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "licitacaos_dataAbertura_sort_idx" ON "licitacaos" USING btree ("company_id","dataAbertura","id");--> statement-breakpoint
CREATE INDEX "licitacaos_dataAbertura_desc_idx" ON "licitacaos" USING btree ("company_id","dataAbertura" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_situacao_sort_idx" ON "licitacaos" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "licitacaos_situacao_desc_idx" ON "licitacaos" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "links_description_sort_idx" ON "links" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "links_order_desc_idx" ON "links" USING btree ("company_id","order" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logs_ip_sort_idx" ON "logs" USING btree ("company_id","ip","id");--> statement-breakpoint
CREATE INDEX "logs_ip_desc_idx" ON "logs" USING btree ("company_id","ip" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_votos_sort_idx" ON "mandates" USING btree ("company_id","votos","id");--> statement-breakpoint
CREATE INDEX "mandates_votos_desc_idx" ON "mandates" USING btree ("company_id","votos" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_inicio_desc_idx" ON "mandates" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_fim_sort_idx" ON "mandates" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "mandates_fim_desc_idx" ON "mandates" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_titular_sort_idx" ON "mandates" USING btree ("company_id","titular","id");--> statement-breakpoint
CREATE INDEX "manifestacao_sequencias_ultimo_sort_idx" ON "manifestacao_sequencias" USING btree ("company_id","ultimo","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_protocolo_sort_idx" ON "manifestacoes" USING btree ("company_id","protocolo","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_protocolo_desc_idx" ON "manifestacoes" USING btree ("company_id","protocolo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_tipo_sort_idx" ON "manifestacoes" USING btree ("company_id","tipo","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_assunto_sort_idx" ON "manifestacoes" USING btree ("company_id","assunto","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_situacao_sort_idx" ON "manifestacoes" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_situacao_desc_idx" ON "manifestacoes" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_prazo_sort_idx" ON "manifestacoes" USING btree ("company_id","prazo","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_prazo_desc_idx" ON "manifestacoes" USING btree ("company_id","prazo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_applications_situacao_sort_idx" ON "matter_applications" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "matter_applications_situacao_desc_idx" ON "matter_applications" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_numbers_ultimo_sort_idx" ON "matter_numbers" USING btree ("company_id","ultimo","id");--> statement-breakpoint
CREATE INDEX "matters_identificacao_sort_idx" ON "matters" USING btree ("company_id","identificacao","id");--> statement-breakpoint
CREATE INDEX "matters_identificacao_desc_idx" ON "matters" USING btree ("company_id","identificacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_emTramitacao_sort_idx" ON "matters" USING btree ("company_id","emTramitacao","id");--> statement-breakpoint
CREATE INDEX "matters_type_id_id_sort_idx" ON "matters" USING btree ("company_id","type_id","id");--> statement-breakpoint
CREATE INDEX "matters_type_id_identificacao_sort_idx" ON "matters" USING btree ("company_id","type_id","identificacao","id");--> statement-breakpoint
CREATE INDEX "matters_type_id_identificacao_desc_idx" ON "matters" USING btree ("company_id","type_id","identificacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_type_id_emTramitacao_sort_idx" ON "matters" USING btree ("company_id","type_id","emTramitacao","id");--> statement-breakpoint
CREATE INDEX "measures_code_sort_idx" ON "measures" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "measures_description_sort_idx" ON "measures" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "measures_description_desc_idx" ON "measures" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "meetings_numero_sort_idx" ON "meetings" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "meetings_numero_desc_idx" ON "meetings" USING btree ("company_id","numero" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "meetings_nome_sort_idx" ON "meetings" USING btree ("company_id","nome","id");--> statement-breakpoint
CREATE INDEX "meetings_local_sort_idx" ON "meetings" USING btree ("company_id","local","id");--> statement-breakpoint
CREATE INDEX "meetings_local_desc_idx" ON "meetings" USING btree ("company_id","local" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "menus_description_sort_idx" ON "menus" USING btree ("company_id","description","id");--> statement-breakpoint
CREATE INDEX "menus_description_desc_idx" ON "menus" USING btree ("company_id","description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_sequence_sort_idx" ON "movements" USING btree ("company_id","sequence","id");--> statement-breakpoint
CREATE INDEX "movements_sequence_desc_idx" ON "movements" USING btree ("company_id","sequence" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_entrada_desc_idx" ON "movements" USING btree ("company_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_dataHoraAceito_sort_idx" ON "movements" USING btree ("company_id","dataHoraAceito","id");--> statement-breakpoint
CREATE INDEX "movements_dataHoraAceito_desc_idx" ON "movements" USING btree ("company_id","dataHoraAceito" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_transferida_sort_idx" ON "movements" USING btree ("company_id","transferida","id");--> statement-breakpoint
CREATE INDEX "movements_finalizada_sort_idx" ON "movements" USING btree ("company_id","finalizada","id");--> statement-breakpoint
CREATE INDEX "norms_numero_sort_idx" ON "norms" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "norms_ano_sort_idx" ON "norms" USING btree ("company_id","ano","id");--> statement-breakpoint
CREATE INDEX "ordenadores_cargo_sort_idx" ON "ordenadores" USING btree ("company_id","cargo","id");--> statement-breakpoint
CREATE INDEX "ordenadores_cargo_desc_idx" ON "ordenadores" USING btree ("company_id","cargo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ordenadores_inicio_sort_idx" ON "ordenadores" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "ordenadores_inicio_desc_idx" ON "ordenadores" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ordenadores_fim_sort_idx" ON "ordenadores" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "ordenadores_fim_desc_idx" ON "ordenadores" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parliamentaries_nomeCompleto_sort_idx" ON "parliamentaries" USING btree ("company_id","nomeCompleto","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_nomeCompleto_desc_idx" ON "parliamentaries" USING btree ("company_id","nomeCompleto" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parliamentaries_numGabinete_sort_idx" ON "parliamentaries" USING btree ("company_id","numGabinete","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_numGabinete_desc_idx" ON "parliamentaries" USING btree ("company_id","numGabinete" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parliamentaries_fone_sort_idx" ON "parliamentaries" USING btree ("company_id","fone","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_fone_desc_idx" ON "parliamentaries" USING btree ("company_id","fone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parliamentaries_ativo_sort_idx" ON "parliamentaries" USING btree ("company_id","ativo","id");--> statement-breakpoint
CREATE INDEX "participants_titular_sort_idx" ON "participants" USING btree ("company_id","titular","id");--> statement-breakpoint
CREATE INDEX "participants_desligamento_sort_idx" ON "participants" USING btree ("company_id","desligamento","id");--> statement-breakpoint
CREATE INDEX "participants_desligamento_desc_idx" ON "participants" USING btree ("company_id","desligamento" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parties_abbreviations_sort_idx" ON "parties" USING btree ("company_id","abbreviations","id");--> statement-breakpoint
CREATE INDEX "parties_number_sort_idx" ON "parties" USING btree ("company_id","number","id");--> statement-breakpoint
CREATE INDEX "parties_number_desc_idx" ON "parties" USING btree ("company_id","number" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "parties_founded_sort_idx" ON "parties" USING btree ("company_id","founded","id");--> statement-breakpoint
CREATE INDEX "parties_founded_desc_idx" ON "parties" USING btree ("company_id","founded" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "people_cpf_sort_idx" ON "people" USING btree ("company_id","cpf","id");--> statement-breakpoint
CREATE INDEX "people_cpf_desc_idx" ON "people" USING btree ("company_id","cpf" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "people_cnpj_sort_idx" ON "people" USING btree ("company_id","cnpj","id");--> statement-breakpoint
CREATE INDEX "people_cnpj_desc_idx" ON "people" USING btree ("company_id","cnpj" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "permissions_description_sort_idx" ON "permissions" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "permissions_description_desc_idx" ON "permissions" USING btree ("description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "places_bairro_sort_idx" ON "places" USING btree ("company_id","bairro","id");--> statement-breakpoint
CREATE INDEX "places_bairro_desc_idx" ON "places" USING btree ("company_id","bairro" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "places_celular_sort_idx" ON "places" USING btree ("company_id","celular","id");--> statement-breakpoint
CREATE INDEX "places_celular_desc_idx" ON "places" USING btree ("company_id","celular" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "places_ativo_sort_idx" ON "places" USING btree ("company_id","ativo","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_justificada_sort_idx" ON "plenary_absences" USING btree ("company_id","justificada","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_motivo_sort_idx" ON "plenary_absences" USING btree ("company_id","motivo","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_motivo_desc_idx" ON "plenary_absences" USING btree ("company_id","motivo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_matters_kind_sort_idx" ON "plenary_matters" USING btree ("company_id","kind","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_numOrdem_desc_idx" ON "plenary_matters" USING btree ("company_id","numOrdem" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_matters_polemica_sort_idx" ON "plenary_matters" USING btree ("company_id","polemica","id");--> statement-breakpoint
CREATE INDEX "plenary_panels_layout_sort_idx" ON "plenary_panels" USING btree ("company_id","layout","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_horarioInicio_sort_idx" ON "plenary_sessions" USING btree ("company_id","horarioInicio","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_titulo_sort_idx" ON "plenary_sessions" USING btree ("company_id","titulo","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_titulo_desc_idx" ON "plenary_sessions" USING btree ("company_id","titulo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_iniciada_sort_idx" ON "plenary_sessions" USING btree ("company_id","iniciada","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_finalizada_sort_idx" ON "plenary_sessions" USING btree ("company_id","finalizada","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_votos_ao_vivo_sort_idx" ON "plenary_settings" USING btree ("company_id","votos_ao_vivo","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_presidente_regra_sort_idx" ON "plenary_settings" USING btree ("company_id","presidente_regra","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_expediente_sort_idx" ON "plenary_settings" USING btree ("company_id","tempo_expediente","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_expediente_desc_idx" ON "plenary_settings" USING btree ("company_id","tempo_expediente" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_ordem_dia_sort_idx" ON "plenary_settings" USING btree ("company_id","tempo_ordem_dia","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_ordem_dia_desc_idx" ON "plenary_settings" USING btree ("company_id","tempo_ordem_dia" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_explicacoes_pessoais_sort_idx" ON "plenary_settings" USING btree ("company_id","tempo_explicacoes_pessoais","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_tempo_explicacoes_pessoais_desc_idx" ON "plenary_settings" USING btree ("company_id","tempo_explicacoes_pessoais" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_settings_total_membros_sort_idx" ON "plenary_settings" USING btree ("company_id","total_membros","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_total_membros_desc_idx" ON "plenary_settings" USING btree ("company_id","total_membros" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portarias_numero_sort_idx" ON "portarias" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "portarias_exercicio_sort_idx" ON "portarias" USING btree ("company_id","exercicio","id");--> statement-breakpoint
CREATE INDEX "posts_title_sort_idx" ON "posts" USING btree ("company_id","title","id");--> statement-breakpoint
CREATE INDEX "posts_published_sort_idx" ON "posts" USING btree ("company_id","published","id");--> statement-breakpoint
CREATE INDEX "posts_published_at_desc_idx" ON "posts" USING btree ("company_id","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "procedures_code_sort_idx" ON "procedures" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "procedures_code_desc_idx" ON "procedures" USING btree ("company_id","code" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "procedures_useValues_sort_idx" ON "procedures" USING btree ("company_id","useValues","id");--> statement-breakpoint
CREATE INDEX "procedures_useCredors_sort_idx" ON "procedures" USING btree ("company_id","useCredors","id");--> statement-breakpoint
CREATE INDEX "process_sequences_last_sort_idx" ON "process_sequences" USING btree ("company_id","last","id");--> statement-breakpoint
CREATE INDEX "processes_number_sort_idx" ON "processes" USING btree ("company_id","number","id");--> statement-breakpoint
CREATE INDEX "processes_number_desc_idx" ON "processes" USING btree ("company_id","number" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_date_desc_idx" ON "processes" USING btree ("company_id","date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_aguardandoAceite_sort_idx" ON "processes" USING btree ("company_id","aguardandoAceite","id");--> statement-breakpoint
CREATE INDEX "processes_finalizado_sort_idx" ON "processes" USING btree ("company_id","finalizado","id");--> statement-breakpoint
CREATE INDEX "propositions_numero_sort_idx" ON "propositions" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "propositions_numero_desc_idx" ON "propositions" USING btree ("company_id","numero" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_ano_sort_idx" ON "propositions" USING btree ("company_id","ano","id");--> statement-breakpoint
CREATE INDEX "propositions_ano_desc_idx" ON "propositions" USING btree ("company_id","ano" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_secao_sort_idx" ON "publicacaos" USING btree ("company_id","secao","id");--> statement-breakpoint
CREATE INDEX "publicacaos_secao_desc_idx" ON "publicacaos" USING btree ("company_id","secao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_numero_sort_idx" ON "publicacaos" USING btree ("company_id","numero","id");--> statement-breakpoint
CREATE INDEX "publicacaos_numero_desc_idx" ON "publicacaos" USING btree ("company_id","numero" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_exercicio_desc_idx" ON "publicacaos" USING btree ("company_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_inicio_sort_idx" ON "publicacaos" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "publicacaos_inicio_desc_idx" ON "publicacaos" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quorum_rules_regra_sort_idx" ON "quorum_rules" USING btree ("company_id","regra","id");--> statement-breakpoint
CREATE INDEX "quorum_rules_quorum_presenca_sort_idx" ON "quorum_rules" USING btree ("company_id","quorum_presenca","id");--> statement-breakpoint
CREATE INDEX "quorum_rules_quorum_presenca_desc_idx" ON "quorum_rules" USING btree ("company_id","quorum_presenca" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quorum_rules_obs_sort_idx" ON "quorum_rules" USING btree ("company_id","obs","id");--> statement-breakpoint
CREATE INDEX "quorum_rules_obs_desc_idx" ON "quorum_rules" USING btree ("company_id","obs" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_destituicao_sort_idx" ON "reports" USING btree ("company_id","destituicao","id");--> statement-breakpoint
CREATE INDEX "reports_destituicao_desc_idx" ON "reports" USING btree ("company_id","destituicao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "responsibles_dataFim_sort_idx" ON "responsibles" USING btree ("company_id","dataFim","id");--> statement-breakpoint
CREATE INDEX "responsibles_dataFim_desc_idx" ON "responsibles" USING btree ("company_id","dataFim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "roles_description_sort_idx" ON "roles" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "roles_description_desc_idx" ON "roles" USING btree ("description" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schools_inep_sort_idx" ON "schools" USING btree ("company_id","inep","id");--> statement-breakpoint
CREATE INDEX "schools_inep_desc_idx" ON "schools" USING btree ("company_id","inep" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schools_bairro_sort_idx" ON "schools" USING btree ("company_id","bairro","id");--> statement-breakpoint
CREATE INDEX "schools_bairro_desc_idx" ON "schools" USING btree ("company_id","bairro" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schools_phone_sort_idx" ON "schools" USING btree ("company_id","phone","id");--> statement-breakpoint
CREATE INDEX "schools_phone_desc_idx" ON "schools" USING btree ("company_id","phone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secret_tallies_sim_sort_idx" ON "secret_tallies" USING btree ("company_id","sim","id");--> statement-breakpoint
CREATE INDEX "secret_tallies_nao_sort_idx" ON "secret_tallies" USING btree ("company_id","nao","id");--> statement-breakpoint
CREATE INDEX "secret_tallies_abstencao_sort_idx" ON "secret_tallies" USING btree ("company_id","abstencao","id");--> statement-breakpoint
CREATE INDEX "secretarias_abreviacao_sort_idx" ON "secretarias" USING btree ("company_id","abreviacao","id");--> statement-breakpoint
CREATE INDEX "secretarias_abreviacao_desc_idx" ON "secretarias" USING btree ("company_id","abreviacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secretarias_funcionamento_sort_idx" ON "secretarias" USING btree ("company_id","funcionamento","id");--> statement-breakpoint
CREATE INDEX "secretarias_funcionamento_desc_idx" ON "secretarias" USING btree ("company_id","funcionamento" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secretarias_mostrar_no_site_sort_idx" ON "secretarias" USING btree ("company_id","mostrar_no_site","id");--> statement-breakpoint
CREATE INDEX "secretarios_cargo_sort_idx" ON "secretarios" USING btree ("company_id","cargo","id");--> statement-breakpoint
CREATE INDEX "secretarios_cargo_desc_idx" ON "secretarios" USING btree ("company_id","cargo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secretarios_inicio_sort_idx" ON "secretarios" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "secretarios_inicio_desc_idx" ON "secretarios" USING btree ("company_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secretarios_fim_sort_idx" ON "secretarios" USING btree ("company_id","fim","id");--> statement-breakpoint
CREATE INDEX "secretarios_fim_desc_idx" ON "secretarios" USING btree ("company_id","fim" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sectors_code_sort_idx" ON "sectors" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "sectors_code_desc_idx" ON "sectors" USING btree ("company_id","code" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_forma_sort_idx" ON "services" USING btree ("company_id","forma","id");--> statement-breakpoint
CREATE INDEX "services_forma_desc_idx" ON "services" USING btree ("company_id","forma" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_prazo_sort_idx" ON "services" USING btree ("company_id","prazo","id");--> statement-breakpoint
CREATE INDEX "services_prazo_desc_idx" ON "services" USING btree ("company_id","prazo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_active_sort_idx" ON "services" USING btree ("company_id","active","id");--> statement-breakpoint
CREATE INDEX "solicitations_tipo_sort_idx" ON "solicitations" USING btree ("company_id","tipo","id");--> statement-breakpoint
CREATE INDEX "solicitations_destino_sort_idx" ON "solicitations" USING btree ("company_id","destino","id");--> statement-breakpoint
CREATE INDEX "solicitations_situacao_sort_idx" ON "solicitations" USING btree ("company_id","situacao","id");--> statement-breakpoint
CREATE INDEX "solicitations_situacao_desc_idx" ON "solicitations" USING btree ("company_id","situacao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "speakers_ordem_desc_idx" ON "speakers" USING btree ("company_id","ordem" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "speakers_status_sort_idx" ON "speakers" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "speakers_status_desc_idx" ON "speakers" USING btree ("company_id","status" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "states_sigla_sort_idx" ON "states" USING btree ("sigla","id");--> statement-breakpoint
CREATE INDEX "states_regiao_sort_idx" ON "states" USING btree ("regiao","id");--> statement-breakpoint
CREATE INDEX "states_regiao_desc_idx" ON "states" USING btree ("regiao" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "themes_primary_color_sort_idx" ON "themes" USING btree ("company_id","primary_color","id");--> statement-breakpoint
CREATE INDEX "themes_secundary_color_sort_idx" ON "themes" USING btree ("company_id","secundary_color","id");--> statement-breakpoint
CREATE INDEX "themes_secundary_color_desc_idx" ON "themes" USING btree ("company_id","secundary_color" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "themes_active_sort_idx" ON "themes" USING btree ("company_id","active","id");--> statement-breakpoint
CREATE INDEX "tramitations_fimPrazo_sort_idx" ON "tramitations" USING btree ("company_id","fimPrazo","id");--> statement-breakpoint
CREATE INDEX "tramitations_fimPrazo_desc_idx" ON "tramitations" USING btree ("company_id","fimPrazo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_urgente_sort_idx" ON "tramitations" USING btree ("company_id","urgente","id");--> statement-breakpoint
CREATE INDEX "types_type_sort_idx" ON "types" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "types_slug_sort_idx" ON "types" USING btree ("slug","id");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("company_id","email","id");--> statement-breakpoint
CREATE INDEX "vehicles_marca_sort_idx" ON "vehicles" USING btree ("company_id","marca","id");--> statement-breakpoint
CREATE INDEX "vehicles_marca_desc_idx" ON "vehicles" USING btree ("company_id","marca" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vehicles_modelo_sort_idx" ON "vehicles" USING btree ("company_id","modelo","id");--> statement-breakpoint
CREATE INDEX "vehicles_modelo_desc_idx" ON "vehicles" USING btree ("company_id","modelo" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vehicles_ano_sort_idx" ON "vehicles" USING btree ("company_id","ano","id");--> statement-breakpoint
CREATE INDEX "vehicles_ano_desc_idx" ON "vehicles" USING btree ("company_id","ano" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vote_history_votting_id_sort_idx" ON "vote_history" USING btree ("company_id","votting_id","id");--> statement-breakpoint
CREATE INDEX "vote_history_parliamentary_id_sort_idx" ON "vote_history" USING btree ("company_id","parliamentary_id","id");--> statement-breakpoint
CREATE INDEX "vote_history_voto_sort_idx" ON "vote_history" USING btree ("company_id","voto","id");--> statement-breakpoint
CREATE INDEX "vote_history_created_at_sort_idx" ON "vote_history" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "votes_voto_sort_idx" ON "votes" USING btree ("company_id","voto","id");--> statement-breakpoint
CREATE INDEX "votes_updated_at_sort_idx" ON "votes" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vottings_tipo_sort_idx" ON "vottings" USING btree ("company_id","tipo","id");--> statement-breakpoint
CREATE INDEX "vottings_status_sort_idx" ON "vottings" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "vottings_resultado_sort_idx" ON "vottings" USING btree ("company_id","resultado","id");--> statement-breakpoint
CREATE INDEX "vottings_resultado_desc_idx" ON "vottings" USING btree ("company_id","resultado" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_abertaEm_desc_idx" ON "vottings" USING btree ("company_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "absences_company_idx" ON "absences" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "absences_company_parliamentary_id_idx" ON "absences" USING btree ("company_id","parliamentary_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "absences_data_sort_idx" ON "absences" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "affiliations_company_idx" ON "affiliations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "affiliations_company_parliamentary_id_idx" ON "affiliations" USING btree ("company_id","parliamentary_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "affiliations_company_party_id_idx" ON "affiliations" USING btree ("company_id","party_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "affiliations_inicio_sort_idx" ON "affiliations" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "agents_company_idx" ON "agents" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "artist_groups_company_idx" ON "artist_groups" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "artists_company_idx" ON "artists" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audiences_company_idx" ON "audiences" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audiences_company_tipo_materia_id_idx" ON "audiences" USING btree ("company_id","tipo_materia_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audiences_data_sort_idx" ON "audiences" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "authors_company_idx" ON "authors" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ballot_marks_company_idx" ON "ballot_marks" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_company_idx" ON "bank_accounts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "banks_name_sort_idx" ON "banks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "banners_company_idx" ON "banners" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "boards_company_idx" ON "boards" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "categories_company_idx" ON "categories" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "coalitions_company_idx" ON "coalitions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "commissions_company_idx" ON "commissions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "composition_periods_company_idx" ON "composition_periods" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "composition_periods_inicio_sort_idx" ON "composition_periods" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "compositions_company_idx" ON "compositions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "compositions_company_comission_id_idx" ON "compositions" USING btree ("company_id","comission_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "compositions_company_composition_period_id_idx" ON "compositions" USING btree ("company_id","composition_period_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "compositions_created_at_sort_idx" ON "compositions" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "conselhos_company_idx" ON "conselhos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "constructions_company_idx" ON "constructions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "contratos_company_idx" ON "contratos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "contratos_company_tipo_contrato_id_idx" ON "contratos" USING btree ("company_id","tipo_contrato_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_company_secretaria_id_idx" ON "contratos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_company_licitacao_id_idx" ON "contratos" USING btree ("company_id","licitacao_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_company_credor_id_idx" ON "contratos" USING btree ("company_id","credor_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contratos_exercicio_sort_idx" ON "contratos" USING btree ("company_id","exercicio","id");--> statement-breakpoint
CREATE INDEX "convenios_company_idx" ON "convenios" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "convenios_company_tipo_idx" ON "convenios" USING btree ("company_id","tipo","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_company_situacao_idx" ON "convenios" USING btree ("company_id","situacao","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_company_secretaria_id_idx" ON "convenios" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "convenios_exercicio_sort_idx" ON "convenios" USING btree ("company_id","exercicio","id");--> statement-breakpoint
CREATE INDEX "culture_progress_company_idx" ON "culture_progress" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "culture_progress_company_artist_id_idx" ON "culture_progress" USING btree ("company_id","artist_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_artist_group_id_idx" ON "culture_progress" USING btree ("company_id","artist_group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_de_idx" ON "culture_progress" USING btree ("company_id","de","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_para_idx" ON "culture_progress" USING btree ("company_id","para","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_company_user_id_idx" ON "culture_progress" USING btree ("company_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "culture_progress_created_at_sort_idx" ON "culture_progress" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dependents_company_idx" ON "dependents" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "evaluations_company_idx" ON "evaluations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "evaluations_company_rate_idx" ON "evaluations" USING btree ("company_id","rate","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluations_company_pagina_idx" ON "evaluations" USING btree ("company_id","pagina","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluations_company_service_id_idx" ON "evaluations" USING btree ("company_id","service_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "evaluations_created_at_sort_idx" ON "evaluations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_photos_company_idx" ON "event_photos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "events_dataInicio_sort_idx" ON "events" USING btree ("company_id","dataInicio","id");--> statement-breakpoint
CREATE INDEX "faqs_company_idx" ON "faqs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "files_company_extension_idx" ON "files" USING btree ("company_id","extension","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_company_type_idx" ON "files" USING btree ("company_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "files_created_at_sort_idx" ON "files" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "funcaos_company_idx" ON "funcaos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "historics_company_idx" ON "historics" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "holidays_company_idx" ON "holidays" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "items_company_idx" ON "items" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "legislative_sessions_company_idx" ON "legislative_sessions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "legislative_sessions_company_legislature_id_idx" ON "legislative_sessions" USING btree ("company_id","legislature_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legislative_sessions_company_type_id_idx" ON "legislative_sessions" USING btree ("company_id","type_id","inicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legislative_sessions_inicio_sort_idx" ON "legislative_sessions" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "legislatures_company_idx" ON "legislatures" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "legislatures_inicio_sort_idx" ON "legislatures" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "liberations_company_idx" ON "liberations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "liberations_date_end_sort_idx" ON "liberations" USING btree ("company_id","date_end","id");--> statement-breakpoint
CREATE INDEX "licitacaos_company_idx" ON "licitacaos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "licitacaos_company_modalidade_id_idx" ON "licitacaos" USING btree ("company_id","modalidade_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_criterioJulgamento_idx" ON "licitacaos" USING btree ("company_id","criterioJulgamento","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_process_id_idx" ON "licitacaos" USING btree ("company_id","process_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_secretaria_id_idx" ON "licitacaos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_company_situacao_idx" ON "licitacaos" USING btree ("company_id","situacao","exercicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "licitacaos_exercicio_sort_idx" ON "licitacaos" USING btree ("company_id","exercicio","id");--> statement-breakpoint
CREATE INDEX "links_company_idx" ON "links" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "logs_company_idx" ON "logs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "logs_company_action_idx" ON "logs" USING btree ("company_id","action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logs_company_resource_idx" ON "logs" USING btree ("company_id","resource","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logs_company_record_id_idx" ON "logs" USING btree ("company_id","record_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logs_company_user_id_idx" ON "logs" USING btree ("company_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "logs_created_at_sort_idx" ON "logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mandates_company_idx" ON "mandates" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "mandates_company_parliamentary_id_idx" ON "mandates" USING btree ("company_id","parliamentary_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_company_legislature_id_idx" ON "mandates" USING btree ("company_id","legislature_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_company_coalition_id_idx" ON "mandates" USING btree ("company_id","coalition_id","inicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mandates_inicio_sort_idx" ON "mandates" USING btree ("company_id","inicio","id");--> statement-breakpoint
CREATE INDEX "manifestacao_sequencias_company_idx" ON "manifestacao_sequencias" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_company_idx" ON "manifestacoes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "manifestacoes_company_ano_idx" ON "manifestacoes" USING btree ("company_id","ano","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_tipo_idx" ON "manifestacoes" USING btree ("company_id","tipo","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_canal_idx" ON "manifestacoes" USING btree ("company_id","canal","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_company_situacao_idx" ON "manifestacoes" USING btree ("company_id","situacao","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "manifestacoes_created_at_sort_idx" ON "manifestacoes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matter_applications_company_idx" ON "matter_applications" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "matter_applications_company_type_id_idx" ON "matter_applications" USING btree ("company_id","type_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_parliamentary_id_idx" ON "matter_applications" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_situacao_idx" ON "matter_applications" USING btree ("company_id","situacao","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_applications_company_matter_id_idx" ON "matter_applications" USING btree ("company_id","matter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matter_applications_created_at_sort_idx" ON "matter_applications" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matter_numbers_company_idx" ON "matter_numbers" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "matters_company_idx" ON "matters" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "matters_company_type_id_idx" ON "matters" USING btree ("company_id","type_id","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_company_ano_idx" ON "matters" USING btree ("company_id","ano","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_company_regime_tramitacao_id_idx" ON "matters" USING btree ("company_id","regime_tramitacao_id","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_company_type_votation_id_idx" ON "matters" USING btree ("company_id","type_votation_id","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_company_origem_externa_id_idx" ON "matters" USING btree ("company_id","origem_externa_id","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_company_local_origem_externa_id_idx" ON "matters" USING btree ("company_id","local_origem_externa_id","dataApresentacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_dataApresentacao_sort_idx" ON "matters" USING btree ("company_id","dataApresentacao","id");--> statement-breakpoint
CREATE INDEX "measures_company_idx" ON "measures" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "meetings_company_idx" ON "meetings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "meetings_company_commission_id_idx" ON "meetings" USING btree ("company_id","commission_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "meetings_data_sort_idx" ON "meetings" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "menus_company_idx" ON "menus" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "movements_company_idx" ON "movements" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "movements_company_process_id_idx" ON "movements" USING btree ("company_id","process_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_company_origem_id_idx" ON "movements" USING btree ("company_id","origem_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_company_destino_id_idx" ON "movements" USING btree ("company_id","destino_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_company_historic_id_idx" ON "movements" USING btree ("company_id","historic_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_company_user_id_idx" ON "movements" USING btree ("company_id","user_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_company_accepted_by_id_idx" ON "movements" USING btree ("company_id","accepted_by_id","entrada" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "movements_entrada_sort_idx" ON "movements" USING btree ("company_id","entrada","id");--> statement-breakpoint
CREATE INDEX "norm_relations_company_idx" ON "norm_relations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "norms_company_idx" ON "norms" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "norms_company_type_id_idx" ON "norms" USING btree ("company_id","type_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_company_ano_idx" ON "norms" USING btree ("company_id","ano","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_company_esfera_idx" ON "norms" USING btree ("company_id","esfera","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_company_matter_id_idx" ON "norms" USING btree ("company_id","matter_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_company_type_materia_id_idx" ON "norms" USING btree ("company_id","type_materia_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_data_sort_idx" ON "norms" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "ordenadores_company_idx" ON "ordenadores" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "parliamentaries_company_idx" ON "parliamentaries" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "participants_company_idx" ON "participants" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "parties_company_idx" ON "parties" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "people_company_idx" ON "people" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "places_company_idx" ON "places" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_company_idx" ON "plenary_absences" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "plenary_absences_company_plenary_session_id_idx" ON "plenary_absences" USING btree ("company_id","plenary_session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_absences_company_parliamentary_id_idx" ON "plenary_absences" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_absences_created_at_sort_idx" ON "plenary_absences" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_idx" ON "plenary_matters" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "plenary_panels_company_idx" ON "plenary_panels" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_idx" ON "plenary_sessions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_type_id_idx" ON "plenary_sessions" USING btree ("company_id","type_id","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_legislature_id_idx" ON "plenary_sessions" USING btree ("company_id","legislature_id","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_legislative_session_id_idx" ON "plenary_sessions" USING btree ("company_id","legislative_session_id","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_presidente_id_idx" ON "plenary_sessions" USING btree ("company_id","presidente_id","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_lista_abertura_idx" ON "plenary_sessions" USING btree ("company_id","lista_abertura","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_company_lista_ordem_dia_idx" ON "plenary_sessions" USING btree ("company_id","lista_ordem_dia","abertura" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plenary_sessions_abertura_sort_idx" ON "plenary_sessions" USING btree ("company_id","abertura","id");--> statement-breakpoint
CREATE INDEX "plenary_settings_company_idx" ON "plenary_settings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "portarias_company_idx" ON "portarias" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "portarias_company_exercicio_idx" ON "portarias" USING btree ("company_id","exercicio","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portarias_company_type_id_idx" ON "portarias" USING btree ("company_id","type_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portarias_company_secretaria_id_idx" ON "portarias" USING btree ("company_id","secretaria_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portarias_company_process_id_idx" ON "portarias" USING btree ("company_id","process_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "portarias_data_sort_idx" ON "portarias" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "posts_company_idx" ON "posts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "posts_company_type_id_idx" ON "posts" USING btree ("company_id","type_id","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_company_category_id_idx" ON "posts" USING btree ("company_id","category_id","published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_published_at_sort_idx" ON "posts" USING btree ("company_id","published_at","id");--> statement-breakpoint
CREATE INDEX "presences_company_idx" ON "presences" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "presences_company_plenary_session_id_idx" ON "presences" USING btree ("company_id","plenary_session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "presences_company_type_id_idx" ON "presences" USING btree ("company_id","type_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "presences_company_parliamentary_id_idx" ON "presences" USING btree ("company_id","parliamentary_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "presences_created_at_sort_idx" ON "presences" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "procedures_company_idx" ON "procedures" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "process_sequences_company_idx" ON "process_sequences" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "processes_company_idx" ON "processes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "processes_company_procedure_id_idx" ON "processes" USING btree ("company_id","procedure_id","date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_company_sector_id_idx" ON "processes" USING btree ("company_id","sector_id","date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_company_bank_account_id_idx" ON "processes" USING btree ("company_id","bank_account_id","date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_company_current_sector_id_idx" ON "processes" USING btree ("company_id","current_sector_id","date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_date_sort_idx" ON "processes" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "propositions_company_idx" ON "propositions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "propositions_company_type_id_idx" ON "propositions" USING btree ("company_id","type_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_company_ano_idx" ON "propositions" USING btree ("company_id","ano","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_company_type_matter_id_idx" ON "propositions" USING btree ("company_id","type_matter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_company_matter_id_idx" ON "propositions" USING btree ("company_id","matter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_company_author_id_idx" ON "propositions" USING btree ("company_id","author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "propositions_created_at_sort_idx" ON "propositions" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "publicacaos_company_idx" ON "publicacaos" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "publicacaos_company_secao_idx" ON "publicacaos" USING btree ("company_id","secao","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_tipo_publicacao_id_idx" ON "publicacaos" USING btree ("company_id","tipo_publicacao_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_tipo_documento_id_idx" ON "publicacaos" USING btree ("company_id","tipo_documento_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_category_id_idx" ON "publicacaos" USING btree ("company_id","category_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_competencia_id_idx" ON "publicacaos" USING btree ("company_id","competencia_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_company_secretaria_id_idx" ON "publicacaos" USING btree ("company_id","secretaria_id","exercicio" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "publicacaos_exercicio_sort_idx" ON "publicacaos" USING btree ("company_id","exercicio","id");--> statement-breakpoint
CREATE INDEX "quorum_rules_company_idx" ON "quorum_rules" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "reports_company_idx" ON "reports" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "reports_company_matter_id_idx" ON "reports" USING btree ("company_id","matter_id","designacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_company_parliamentary_id_idx" ON "reports" USING btree ("company_id","parliamentary_id","designacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_company_commission_id_idx" ON "reports" USING btree ("company_id","commission_id","designacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_company_composition_id_idx" ON "reports" USING btree ("company_id","composition_id","designacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_company_motivo_fim_id_idx" ON "reports" USING btree ("company_id","motivo_fim_id","designacao" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_designacao_sort_idx" ON "reports" USING btree ("company_id","designacao","id");--> statement-breakpoint
CREATE INDEX "responsibles_company_idx" ON "responsibles" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "responsibles_company_user_id_idx" ON "responsibles" USING btree ("company_id","user_id","dataInicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "responsibles_company_sector_id_idx" ON "responsibles" USING btree ("company_id","sector_id","dataInicio" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "responsibles_dataInicio_sort_idx" ON "responsibles" USING btree ("company_id","dataInicio","id");--> statement-breakpoint
CREATE INDEX "schools_company_idx" ON "schools" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "secret_tallies_company_idx" ON "secret_tallies" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "secretarias_company_idx" ON "secretarias" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "secretarios_company_idx" ON "secretarios" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "sectors_company_idx" ON "sectors" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "series_company_idx" ON "series" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "services_company_idx" ON "services" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "solicitations_company_idx" ON "solicitations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "solicitations_company_tipo_idx" ON "solicitations" USING btree ("company_id","tipo","dataSaida" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitations_company_parliamentary_id_idx" ON "solicitations" USING btree ("company_id","parliamentary_id","dataSaida" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitations_company_situacao_idx" ON "solicitations" USING btree ("company_id","situacao","dataSaida" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solicitations_dataSaida_sort_idx" ON "solicitations" USING btree ("company_id","dataSaida","id");--> statement-breakpoint
CREATE INDEX "speakers_company_idx" ON "speakers" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "subjects_company_idx" ON "subjects" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "themes_company_idx" ON "themes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "tramitation_unities_company_idx" ON "tramitation_unities" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "tramitations_company_idx" ON "tramitations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "tramitations_company_matter_id_idx" ON "tramitations" USING btree ("company_id","matter_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_company_origem_id_idx" ON "tramitations" USING btree ("company_id","origem_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_company_destino_id_idx" ON "tramitations" USING btree ("company_id","destino_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_company_commission_id_idx" ON "tramitations" USING btree ("company_id","commission_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_company_status_id_idx" ON "tramitations" USING btree ("company_id","status_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_company_turno_id_idx" ON "tramitations" USING btree ("company_id","turno_id","data" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tramitations_data_sort_idx" ON "tramitations" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "types_label_sort_idx" ON "types" USING btree ("label","id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_company_idx" ON "vehicles" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "vote_history_company_idx" ON "vote_history" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "votes_company_idx" ON "votes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "votes_company_votting_id_idx" ON "votes" USING btree ("company_id","votting_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "votes_company_parliamentary_id_idx" ON "votes" USING btree ("company_id","parliamentary_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "votes_company_voto_idx" ON "votes" USING btree ("company_id","voto","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "votes_company_user_id_idx" ON "votes" USING btree ("company_id","user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_idx" ON "vottings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "vottings_company_plenary_session_id_idx" ON "vottings" USING btree ("company_id","plenary_session_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_plenary_matter_id_idx" ON "vottings" USING btree ("company_id","plenary_matter_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_tipo_idx" ON "vottings" USING btree ("company_id","tipo","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_fase_idx" ON "vottings" USING btree ("company_id","fase","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_status_idx" ON "vottings" USING btree ("company_id","status","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_regra_idx" ON "vottings" USING btree ("company_id","regra","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_quorum_presenca_idx" ON "vottings" USING btree ("company_id","quorum_presenca","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_presidente_regra_idx" ON "vottings" USING btree ("company_id","presidente_regra","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_presidente_id_idx" ON "vottings" USING btree ("company_id","presidente_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_voto_presidente_idx" ON "vottings" USING btree ("company_id","voto_presidente","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_resultado_idx" ON "vottings" USING btree ("company_id","resultado","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_aberta_por_idx" ON "vottings" USING btree ("company_id","aberta_por","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_encerrada_por_idx" ON "vottings" USING btree ("company_id","encerrada_por","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_company_anterior_id_idx" ON "vottings" USING btree ("company_id","anterior_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vottings_abertaEm_sort_idx" ON "vottings" USING btree ("company_id","abertaEm","id");--> statement-breakpoint
CREATE INDEX "watchlists_company_idx" ON "watchlists" USING btree ("company_id","id");