import { Placeholder } from '../../components/Placeholder.tsx';

export default function AdminResourcesPage() {
  return <Placeholder title="Resource approvals" />;
}
