import { Placeholder } from '../../components/Placeholder.tsx';

export default function TherapistsPage() {
  return <Placeholder title="Therapist Network" />;
}
