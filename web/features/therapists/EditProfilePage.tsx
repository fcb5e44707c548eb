import { Placeholder } from '../../components/Placeholder.tsx';

export default function EditProfilePage() {
  return <Placeholder title="Edit Profile" />;
}
