import { Placeholder } from '../../components/Placeholder.tsx';

export default function VerificationPage() {
  return <Placeholder title="Licence details" />;
}
