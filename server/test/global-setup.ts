// Vitest's global setup: the migrated template each test file's database starts from (template-database.ts).
import type { TestProject } from 'vitest/node';
import { pgliteTemplate, postgresTemplate } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite data-directory dump, or the PostgreSQL template database's name when DATABASE_URL is set. */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  project.provide('databaseTemplate', url ? await postgresTemplate(url) : await pgliteTemplate());
}
