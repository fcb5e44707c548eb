import { Placeholder } from '../../components/Placeholder.tsx';

export default function DashboardPage() {
  return <Placeholder title="Dashboard" />;
}
