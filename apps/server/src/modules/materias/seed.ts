/** Demo data of this area (called once by the demo seed on an empty database). */
import type { Db } from '../../db/client.ts';

export async function seedDemo(_db: Db, _companies: { camara: number; prefeitura: number }): Promise<void> {}
