import { Placeholder } from '../../components/Placeholder.tsx';

export default function CommunityPage() {
  return <Placeholder title="Community" />;
}
