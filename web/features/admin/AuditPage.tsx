import { Placeholder } from '../../components/Placeholder.tsx';

export default function AuditPage() {
  return <Placeholder title="Audit log" />;
}
