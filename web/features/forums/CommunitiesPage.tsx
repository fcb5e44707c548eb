import { Placeholder } from '../../components/Placeholder.tsx';

export default function CommunitiesPage() {
  return <Placeholder title="All Communities" />;
}
