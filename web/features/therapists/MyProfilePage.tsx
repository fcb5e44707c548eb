import { Placeholder } from '../../components/Placeholder.tsx';

export default function MyProfilePage() {
  return <Placeholder title="My Profile" />;
}
