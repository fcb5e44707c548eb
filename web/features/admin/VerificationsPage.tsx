import { Placeholder } from '../../components/Placeholder.tsx';

export default function VerificationsPage() {
  return <Placeholder title="Licence verifications" />;
}
