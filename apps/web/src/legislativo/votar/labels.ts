/** Words of the voting screen, from the domain's vocabulary (labels with accents). */
import { OUTCOMES, PHASES, VOTE_CHOICES, VOTING_KINDS, labelOf, type Outcome, type Phase, type VoteChoice, type VotingKind } from '@paco/domain/plenary';

export const voteLabel = (v: VoteChoice): string => labelOf(VOTE_CHOICES, v);
export const phaseLabel = (p: Phase): string => labelOf(PHASES, p);
/** "na Abertura (expediente)", "na Ordem do dia". */
export const inPhase = (p: Phase): string => `na ${phaseLabel(p)}`;
export const kindLabel = (k: VotingKind): string => labelOf(VOTING_KINDS, k);
export const outcomeLabel = (o: Outcome): string => labelOf(OUTCOMES, o);
export const agendaKindLabel = (k: 'expediente' | 'ordem_dia'): string => (k === 'expediente' ? 'Expediente' : 'Ordem do dia');

/** The key of each choice (S / N / A) → choice. */
export const CHOICE_BY_KEY: Readonly<Record<string, VoteChoice>> = Object.fromEntries(VOTE_CHOICES.map((c) => [c.key.toLowerCase(), c.value]));
