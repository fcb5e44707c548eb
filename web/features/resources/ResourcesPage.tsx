import { Placeholder } from '../../components/Placeholder.tsx';

export default function ResourcesPage() {
  return <Placeholder title="Resources" />;
}
