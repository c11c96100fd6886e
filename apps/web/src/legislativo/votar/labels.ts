/** Words of the voting screen, from the domain's vocabulary (labels with accents). */
import { VOTE_CHOICES, kindLabel, outcomeLabel, phaseLabel, voteLabel, type Phase, type VoteChoice } from '@paco/domain/plenary';

export { kindLabel, outcomeLabel, phaseLabel, voteLabel };
/** "na Abertura (expediente)", "na Ordem do dia". */
export const inPhase = (p: Phase): string => `na ${phaseLabel(p)}`;
export const agendaKindLabel = (k: 'expediente' | 'ordem_dia'): string => (k === 'expediente' ? 'Expediente' : 'Ordem do dia');

/** The key of each choice (S / N / A) → choice. */
export const CHOICE_BY_KEY: Readonly<Record<string, VoteChoice>> = Object.fromEntries(VOTE_CHOICES.map((c) => [c.key.toLowerCase(), c.value]));
