/** globalSetup of the server-pglite project: one seeded PGlite template for the run (template.ts). */
import type { TestProject } from 'vitest/node';
import { setupTemplate } from './template.ts';

export default (project: TestProject) => setupTemplate(project, 'pglite');
