/**
 * The legislative cycle after the plenary (issue 13 §2–3; docs/workflows/ciclo-legislativo.md; decision 0030): the
 * effects of a voting on the matter's tramitação, the plenary item's actions, the sanction that makes a norm, and the
 * norms' relations, compiled text and public reads. Each part registers its behaviour when imported.
 */
import './efeitos.ts';
import './itens.ts';
import './normas.ts';
import './sancao.ts';

export { applyVoteEffect, undoVoteEffect } from './efeitos.ts';
export { refreshNormStatus } from './normas.ts';
