/**
 * The features' additions to the generic record screens, registered from the app layer so the shared resource screens
 * import no feature: the plenary session's "Sala de controle", a matter's followers by e-mail and a norm's "Texto compilado". Imported for its effect
 * by the route table (app/resourceRoutes.tsx).
 */
import { registerExtraActions } from '../resources/extraActions';
import { registerExtraTab } from '../resources/extraTabs';

registerExtraActions('plenary_sessions', () => import('../legislativo/controle/SessionExtraActions'));
// how many citizens follow the matter by e-mail (decision 0055)
registerExtraActions('matters', () => import('../legislativo/materias/MatterFollowers'));
registerExtraTab('norms', { id: 'texto-compilado', label: 'Texto compilado', load: () => import('../legislativo/normas/CompiledText') });
