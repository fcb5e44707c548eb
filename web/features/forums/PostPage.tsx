import { Placeholder } from '../../components/Placeholder.tsx';

export default function PostPage() {
  return <Placeholder title="Post" />;
}
