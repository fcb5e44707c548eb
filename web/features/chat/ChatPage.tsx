import { Placeholder } from '../../components/Placeholder.tsx';

export default function ChatPage() {
  return <Placeholder title="Chat" />;
}
