import { Placeholder } from '../../components/Placeholder.tsx';

export default function ResetPasswordPage() {
  return <Placeholder title="Reset password" />;
}
