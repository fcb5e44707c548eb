import { Placeholder } from '../../components/Placeholder.tsx';

export default function ForumsPage() {
  return <Placeholder title="Forums" />;
}
