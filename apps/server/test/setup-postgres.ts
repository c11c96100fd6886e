/** globalSetup of the server-postgres project: one seeded template database for the run (template.ts). */
import type { TestProject } from 'vitest/node';
import { setupTemplate } from './template.ts';

export default (project: TestProject) => setupTemplate(project, 'postgres');
