/** The full Drizzle schema: generated resource tables plus the hand-written ones. */
export * from './schema.generated.ts';
export * from './schema.base.ts';
