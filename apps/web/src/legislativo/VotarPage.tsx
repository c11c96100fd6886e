/** /legislativo/votar — the council member's voting screen, in the votar layout (its bar says "Votar Matéria"). */
import VotarScreen from './votar/VotarScreen';

export default function VotarPage() {
  return <VotarScreen />;
}
