import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.generated.ts', './src/db/schema.base.ts'],
  out: './drizzle',
});
